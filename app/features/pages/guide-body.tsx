import { useId } from 'react'
import { CallToAction } from '#app/components/layout/call-to-action.tsx'
import { GuideSteps } from '#app/components/layout/guide-steps.tsx'
import { PageIntro } from '#app/components/layout/page-intro.tsx'
import type { GuideContent } from '#common/schemas/pages.ts'
import { Markdown } from '#app/components/ui/markdown.tsx'

/**
 * A deployment guide: its introduction, the numbered steps with their screenshots, a closing note
 * and a call to action. `/mernRender` and `/dns` are both this page with their own content.
 */
export function GuideBody({ page }: { page: GuideContent }) {
  const noteTitleId = useId()
  return (
    <>
      <PageIntro eyebrow="Deployment guide" title={page.heading}>
        <Markdown html={page.intro} />
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
        <GuideSteps
          steps={page.steps.map((step) => ({ ...step, body: <Markdown html={step.body} /> }))}
        />
        <section
          aria-labelledby={noteTitleId}
          className="mt-16 rounded-xl bg-slate-50 p-6 ring-1 ring-slate-200 sm:p-8"
        >
          <h2 id={noteTitleId} className="text-xl font-bold text-slate-900">
            {page.noteTitle}
          </h2>
          <Markdown html={page.note} className="mt-3 max-w-3xl leading-7 text-slate-700" />
        </section>
      </div>
      <CallToAction title={page.ctaTitle} text={page.ctaText} />
    </>
  )
}
