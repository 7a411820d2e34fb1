import type { ReactNode } from 'react'
import { ContactDetails } from '#app/components/layout/contact-details.tsx'
import { PageIntro } from '#app/components/layout/page-intro.tsx'
import type { Page } from '#common/schemas/pages.ts'
import { Markdown } from '#app/components/ui/markdown.tsx'

/** The contact page's texts around its form, which the route passes in. */
export function ContactBody({ page, form }: { page: Page<'contact'>; form: ReactNode }) {
  return (
    <>
      <PageIntro eyebrow="Contact" title={page.heading}>
        <Markdown html={page.intro} />
      </PageIntro>
      {/* Once the message is sent, the confirmation in the form's place lists the next steps: the
          side box and the form's note would say it all a second time, and the form's heading
          (kept for screen readers, as the section's name) would stand over its thanks. */}
      <div className="group mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 sm:py-16 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section
          aria-labelledby="contact-form-title"
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        >
          <h2
            id="contact-form-title"
            className="text-2xl font-bold tracking-tight text-slate-900 group-has-[[data-confirmation]]:sr-only"
          >
            {page.formTitle}
          </h2>
          <p className="mt-2 text-sm text-slate-600 group-has-[[data-confirmation]]:hidden">
            {page.formNote}
          </p>
          <div className="mt-6 group-has-[[data-confirmation]]:mt-0">{form}</div>
        </section>
        <aside aria-labelledby="contact-details-title" className="space-y-8">
          <div>
            <h2 id="contact-details-title" className="text-lg font-semibold text-slate-900">
              Other ways to reach me
            </h2>
            <ContactDetails items={['email', 'location', 'serviceArea']} />
          </div>
          <div className="rounded-xl bg-slate-50 p-6 ring-1 ring-slate-200 group-has-[[data-confirmation]]:hidden">
            <h2 className="text-lg font-semibold text-slate-900">{page.nextTitle}</h2>
            <ol className="mt-4 list-decimal space-y-3 pl-5 text-sm leading-6 text-slate-700">
              {page.nextSteps.map((step, i) => (
                <li key={i}>{step}</li>
              ))}
            </ol>
          </div>
        </aside>
      </div>
    </>
  )
}
