import { useId, type ReactNode } from 'react'
import { CallToAction } from './call-to-action.tsx'
import { GuideSteps, type GuideStep } from './guide-steps.tsx'
import { PageIntro } from './page-intro.tsx'

/** The class of a link inside a guide's text. */
export const GUIDE_LINK = 'font-semibold text-brand-700 underline underline-offset-4'

/**
 * A deployment guide: its introduction, the numbered steps with their screenshots, a closing note
 * and a call to action. `/mernRender` and `/dns` are both this page with their own content.
 */
export function GuidePage({
  title,
  intro,
  steps,
  note,
  callToAction,
}: {
  title: string
  intro: ReactNode
  steps: GuideStep[]
  note: { title: string; body: ReactNode }
  callToAction: { title: string; text: string }
}) {
  const noteTitleId = useId()
  return (
    <main id="main-content" className="flex-1">
      <PageIntro eyebrow="Deployment guide" title={title}>
        <p>{intro}</p>
      </PageIntro>
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20">
        <GuideSteps steps={steps} />
        <section
          aria-labelledby={noteTitleId}
          className="mt-16 rounded-xl bg-slate-50 p-6 ring-1 ring-slate-200 sm:p-8"
        >
          <h2 id={noteTitleId} className="text-xl font-bold text-slate-900">
            {note.title}
          </h2>
          <p className="mt-3 max-w-3xl leading-7 text-slate-700">{note.body}</p>
        </section>
      </div>
      <CallToAction title={callToAction.title} text={callToAction.text} />
    </main>
  )
}
