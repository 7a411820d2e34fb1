import type { ReactNode } from 'react'
import { StepNumber } from '#app/components/ui/step-number.tsx'

export interface GuideStep {
  title: string
  body: ReactNode
  image: { src: string; alt: string; caption: string }
}

const GUIDE_IMAGE_SIZE = { width: 960, height: 600 }

/**
 * Steps after the first start below the fold: the browser skips their layout and paint (and the
 * illustrations' own layout and paint, SVG being drawn on the main thread) until they near the
 * viewport. The placeholder height is about one step's; once drawn, a step keeps its real height.
 */
const OFFSCREEN_STEP = '[content-visibility:auto] [contain-intrinsic-size:auto_900px]'

/** A numbered how-to: each step has its text and an illustration of the screen it describes. */
export function GuideSteps({ steps }: { steps: GuideStep[] }) {
  return (
    <ol className="space-y-20">
      {steps.map((step, i) => (
        <li key={i} className={i === 0 ? undefined : OFFSCREEN_STEP}>
          <div className="max-w-3xl">
            <p className="flex items-center gap-3 text-sm font-semibold tracking-wide text-brand-700 uppercase">
              <StepNumber number={i + 1} className="h-8 w-8 text-sm font-bold" />
              Step {i + 1}
            </p>
            <h2 className="mt-3 text-2xl font-bold tracking-tight text-slate-900">{step.title}</h2>
            <div className="mt-4 leading-7 text-slate-700">{step.body}</div>
          </div>
          <figure className="mt-8 max-w-4xl">
            <img
              src={step.image.src}
              alt={step.image.alt}
              width={GUIDE_IMAGE_SIZE.width}
              height={GUIDE_IMAGE_SIZE.height}
              loading={i === 0 ? 'eager' : 'lazy'}
              decoding="async"
              className="h-auto w-full rounded-xl border border-slate-200 shadow-sm"
            />
            <figcaption className="mt-3 text-sm text-slate-600">{step.image.caption}</figcaption>
          </figure>
        </li>
      ))}
    </ol>
  )
}
