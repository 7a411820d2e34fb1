import { ChevronDown } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, href } from 'react-router'
import type { Setup } from '#common/schemas/setup.ts'
import { Panel } from '#app/components/ui/panel.tsx'
import { cn } from '#app/lib/cn.ts'
import { LineIcon } from '#app/components/ui/line-icon.tsx'

type SampleKind = Setup['samples'][number]['kind']

const SAMPLE_EDIT_PATHS: Record<SampleKind, (id: string) => string> = {
  testimonial: () => href('/admin/testimonials'),
  post: (id) => href('/admin/post/:id', { id }),
  website: (id) => href('/admin/website/:id', { id }),
  page: (id) => `${href('/admin/pages')}?key=${encodeURIComponent(id)}`,
  faq: () => href('/admin/faq'),
}

/** A group of samples with more than this many starts folded. */
const OPEN_GROUP_MAX = 3

/** Each kind's heading, in the order the checklist lists them. */
const SAMPLE_KIND_LABELS: Record<SampleKind, string> = {
  page: 'Page texts',
  faq: 'FAQ entries',
  post: 'Sample journal post',
  testimonial: 'Sample testimonial',
  website: 'Demo portfolio entries',
}

function StepMark({ isDone }: { isDone: boolean }) {
  return isDone ? (
    <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-accent text-on-accent">
      <LineIcon d="M5 10.5l3 3 7-7" strokeWidth={2.2} hasRoundJoins />
    </span>
  ) : (
    <span
      aria-hidden="true"
      className="h-6 w-6 shrink-0 rounded-full border-2 border-dashed border-slate-400"
    />
  )
}

/** Whether every step is done and no sample is left. */
export const isSetupComplete = (setup: Setup) =>
  setup.steps.every((step) => step.done) && setup.samples.length === 0

/**
 * What a new owner still has to do (GET /api/setup): the steps, done or not, and the first-run
 * samples still on the site, each with a link to rewrite or delete it. `action` goes under the
 * steps (the dashboard's link to the setup page).
 */
export function SetupChecklist({
  setup,
  action,
  isNarrow = false,
}: {
  setup: Setup
  action?: ReactNode
  /** In a side column: one step a line. */
  isNarrow?: boolean
}) {
  const done = setup.steps.filter((step) => step.done).length
  const total = setup.steps.length
  return (
    <Panel
      title="Make the site yours"
      subtitle={`${done} of ${total} steps done. Visitors see your name, face and brand once they are.`}
    >
      <div
        role="progressbar"
        aria-label="Setup progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className="h-full rounded-full bg-accent"
          style={{ width: `${(done / total) * 100}%` }}
        />
      </div>
      <ul
        className={cn('mt-5 grid gap-x-6 gap-y-3', !isNarrow && 'sm:grid-cols-2')}
        aria-label="Setup steps"
      >
        {setup.steps.map((step) => (
          <li key={step.key} className="flex items-center gap-3 text-sm">
            <StepMark isDone={step.done} />
            <span className={step.done ? 'text-slate-600' : 'font-medium text-slate-900'}>
              {step.label}
            </span>
            <span className="sr-only">{step.done ? '(done)' : '(to do)'}</span>
          </li>
        ))}
      </ul>
      {setup.samples.length > 0 ? (
        <div className="mt-6 border-t border-slate-200 pt-5">
          <h3 className="text-sm font-semibold text-slate-900">Sample content to replace</h3>
          <p className="mt-1 text-sm text-slate-600">
            Written for a new site, never shown to visitors as yours: rewrite each in your own words
            or delete it.
          </p>
          <div className="mt-4 space-y-2">
            {(Object.keys(SAMPLE_KIND_LABELS) as SampleKind[]).map((kind) => {
              const samples = setup.samples.filter((sample) => sample.kind === kind)
              if (samples.length === 0) return null
              return (
                // A long group starts folded, so the checklist stays short on the dashboard.
                <details
                  key={kind}
                  open={samples.length <= OPEN_GROUP_MAX}
                  className="group rounded-md border border-slate-200 px-3 py-1"
                >
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-2 py-1.5 text-xs font-semibold tracking-wide text-slate-700 uppercase [&::-webkit-details-marker]:hidden">
                    {SAMPLE_KIND_LABELS[kind]} ({samples.length})
                    <ChevronDown
                      aria-hidden="true"
                      className="h-4 w-4 text-slate-500 transition-transform group-open:rotate-180 motion-reduce:transition-none"
                    />
                  </summary>
                  <ul className="mb-1 divide-y divide-slate-100 border-t border-slate-100 text-sm">
                    {samples.map((sample) => (
                      <li
                        key={`${sample.kind}-${sample.id}`}
                        className="flex items-center justify-between gap-3 py-2"
                      >
                        <span
                          className="min-w-0 truncate font-medium text-slate-900"
                          title={sample.label}
                        >
                          {sample.label}
                        </span>
                        <Link
                          to={SAMPLE_EDIT_PATHS[kind](sample.id)}
                          className="shrink-0 font-semibold text-brand-700 hover:underline"
                          aria-label={`Edit ${sample.label}`}
                        >
                          Edit
                        </Link>
                      </li>
                    ))}
                  </ul>
                </details>
              )
            })}
          </div>
        </div>
      ) : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </Panel>
  )
}
