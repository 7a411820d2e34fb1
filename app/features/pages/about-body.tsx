import { CallToAction } from '#app/components/layout/call-to-action.tsx'
import { ContactDetails } from '#app/components/layout/contact-details.tsx'
import { PageIntro, Section } from '#app/components/layout/page-intro.tsx'
import { Portrait } from '#app/components/layout/portrait.tsx'
import { useSiteSettings } from '#app/lib/site-settings.ts'
import type { Page } from '#common/schemas/pages.ts'
import { Markdown } from '#app/components/ui/markdown.tsx'

/** The about page below the header, from its rendered content (Markdown fields already HTML). */
export function AboutBody({ page }: { page: Page<'about'> }) {
  const { portrait } = useSiteSettings()
  return (
    <>
      <PageIntro
        eyebrow="About"
        title={page.heading}
        aside={
          portrait ? (
            <Portrait
              size={224}
              isEager
              className="h-32 w-32 shadow-lg ring-4 ring-white md:h-56 md:w-56"
            />
          ) : undefined
        }
      >
        <Markdown html={page.intro} />
      </PageIntro>

      <Section title={page.storyTitle}>
        <div className="grid gap-10 lg:grid-cols-[2fr_1fr]">
          <Markdown html={page.story} className="space-y-5 text-lg leading-8 text-slate-700" />
          <aside
            aria-label="At a glance"
            className="h-fit rounded-xl bg-slate-50 p-6 ring-1 ring-slate-200"
          >
            <h3 className="text-base font-semibold text-slate-900">At a glance</h3>
            <ContactDetails
              items={['location', 'serviceArea', 'foundingYear', 'responseTime', 'email']}
            />
          </aside>
        </div>
      </Section>

      <Section title={page.valuesTitle} tone="muted">
        <ul className="grid gap-6 md:grid-cols-2">
          {page.values.map((value, i) => (
            <li key={i} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <h3 className="text-lg font-semibold text-slate-900">{value.title}</h3>
              <Markdown html={value.text} className="mt-2 leading-7 text-slate-700" />
            </li>
          ))}
        </ul>
      </Section>

      <Section title={page.toolsTitle} lead={<Markdown html={page.toolsLead} />}>
        <dl className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
          {page.tools.map((tool, i) => (
            <div key={i} className="grid gap-1 px-6 py-4 sm:grid-cols-[12rem_1fr]">
              <dt className="font-semibold text-slate-900">{tool.title}</dt>
              <dd className="text-slate-700">
                <Markdown html={tool.text} />
              </dd>
            </div>
          ))}
        </dl>
      </Section>

      <CallToAction title={page.ctaTitle} text={page.ctaText} />
    </>
  )
}
