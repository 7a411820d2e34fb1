import { CallToAction } from '#app/components/layout/call-to-action.tsx'
import { PageIntro, Section } from '#app/components/layout/page-intro.tsx'
import type { Page } from '#common/schemas/pages.ts'
import { Markdown } from '#app/components/ui/markdown.tsx'
import { cn } from '#app/lib/cn.ts'
import { LineIcon } from '#app/components/ui/line-icon.tsx'
import { StepNumber } from '#app/components/ui/step-number.tsx'

/** The web design process page, from its rendered content (Markdown fields already HTML). */
export function WebdesignBody({ page }: { page: Page<'webdesign'> }) {
  return (
    <>
      <PageIntro eyebrow="Web design" title={page.heading}>
        <Markdown html={page.intro} />
      </PageIntro>

      <Section title={page.stepsTitle}>
        <ol className="relative space-y-8 border-l-2 border-brand-100 pl-8 sm:pl-10">
          {page.steps.map((step, i) => (
            <li key={i} className="relative">
              <StepNumber
                number={i + 1}
                className="absolute top-0 -left-[3.05rem] h-9 w-9 text-sm font-bold ring-4 ring-white sm:-left-[3.55rem]"
              />
              <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="text-xl font-semibold text-slate-900">
                    <span className="sr-only">Step {i + 1}: </span>
                    {step.title}
                  </h3>
                  <p className="rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-700">
                    {step.duration}
                  </p>
                </div>
                <Markdown html={step.text} className="mt-3 leading-7 text-slate-700" />
                <h4 className="mt-4 text-sm font-semibold text-slate-900">You receive</h4>
                <ul className="mt-2 space-y-1.5 text-sm text-slate-700">
                  {step.deliverables.map((item, j) => (
                    <li key={j} className="flex gap-2">
                      <LineIcon
                        d="m5 10.5 3 3 7-7"
                        strokeWidth={2}
                        hasRoundJoins
                        className="mt-0.5 h-4 w-4 flex-none text-emerald-700"
                      />
                      {item}
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <Section title={page.principlesTitle} tone="muted">
        <TitledCards items={page.principles} columns="sm:grid-cols-2" />
      </Section>

      <Section id="pricing" title={page.pricingTitle} lead={<Markdown html={page.pricingLead} />}>
        <TitledCards items={page.pricing} columns="md:grid-cols-3" />
        <Markdown html={page.pricingNote} className="mt-8 text-slate-700" />
      </Section>

      <CallToAction title={page.ctaTitle} />
    </>
  )
}

/** A grid of white cards, each a title and its Markdown text (the principles, the prices). */
function TitledCards({
  items,
  columns,
}: {
  items: readonly { title: string; text: string }[]
  columns: string
}) {
  return (
    <dl className={cn('grid gap-6', columns)}>
      {items.map((item, i) => (
        <div key={i} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <dt className="text-lg font-semibold text-slate-900">{item.title}</dt>
          <dd className="mt-2 leading-7 text-slate-700">
            <Markdown html={item.text} />
          </dd>
        </div>
      ))}
    </dl>
  )
}
