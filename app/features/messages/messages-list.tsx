import { Link } from 'react-router'
import {
  MESSAGE_STAGES,
  type Message,
  type MessageFilter,
  type MessageStage,
} from '#common/schemas/messages.ts'
import { leadSource } from '#common/lead-source.ts'
import { cn } from '#app/lib/cn.ts'

/** The inbox's filters, in the order of their tabs. */
export const MESSAGE_TABS: { label: string; filter?: MessageFilter }[] = [
  { label: 'All' },
  { label: 'Unread', filter: 'unread' },
  { label: 'Replied', filter: 'replied' },
  { label: 'Spam', filter: 'spam' },
]

export const isUnread = (message: Message) => message.readAt === null

/** The pipeline's stages as the owner reads them, in order. */
export const STAGE_LABELS: Record<MessageStage, string> = {
  new: 'New',
  replied: 'Replied',
  call: 'Call',
  proposal: 'Proposal',
  won: 'Won',
  lost: 'Lost',
}

const STAGE_STYLES: Record<MessageStage, string> = {
  new: 'bg-brand-50 text-brand-900 ring-brand-200',
  replied: 'bg-slate-100 text-slate-800 ring-slate-300',
  call: 'bg-amber-50 text-amber-900 ring-amber-200',
  proposal: 'bg-violet-50 text-violet-900 ring-violet-200',
  won: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  lost: 'bg-rose-50 text-rose-900 ring-rose-200',
}

export function StageBadge({ stage }: { stage: MessageStage }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${STAGE_STYLES[stage]}`}
    >
      {STAGE_LABELS[stage]}
    </span>
  )
}

/** The counted visit a message was sent in: where the sender landed, came from, and read. */
export function VisitSummary({ visit }: { visit: Message['visit'] }) {
  if (!visit) return <span className="text-xs text-slate-600">No counted visit</span>
  const { source, campaign } = leadSource(visit)
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs text-slate-700">
      <dt className="text-slate-500">Landed</dt>
      <dd className="font-medium wrap-anywhere text-slate-900">{visit.landingPage}</dd>
      <dt className="text-slate-500">From</dt>
      <dd className="wrap-anywhere">{source}</dd>
      {campaign ? (
        <>
          <dt className="text-slate-500">Campaign</dt>
          <dd className="wrap-anywhere">{campaign}</dd>
        </>
      ) : null}
      <dt className="text-slate-500">Read</dt>
      <dd>
        {visit.pagesSeen} page{visit.pagesSeen === 1 ? '' : 's'}, {visit.device}
      </dd>
    </dl>
  )
}

/**
 * The pipeline: one link per stage with how many messages stand there (spam left out), and All.
 * `pathFor` gives the list's address for a stage (none: every stage).
 */
export function StageTabs({
  counts,
  current,
  pathFor,
}: {
  counts: Record<MessageStage, number>
  current: MessageStage | undefined
  pathFor: (stage?: MessageStage) => string
}) {
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0)
  const item = (label: string, count: number, stage?: MessageStage) => (
    <li key={label}>
      <Link
        to={pathFor(stage)}
        aria-current={current === stage ? 'page' : undefined}
        className={cn(
          'flex items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm font-semibold ring-1 ring-inset sm:px-3 sm:py-2',
          current === stage
            ? 'bg-accent text-on-accent ring-accent'
            : 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50 hover:text-slate-900',
        )}
      >
        {label}
        <span
          className={cn(
            'rounded-full px-1.5 text-xs tabular-nums',
            current === stage ? 'bg-white/20 text-white' : 'bg-slate-100 text-slate-700',
          )}
        >
          {count}
        </span>
      </Link>
    </li>
  )
  return (
    <nav aria-label="Pipeline stages">
      <ul className="flex flex-wrap gap-1.5 sm:gap-2">
        {item('All stages', total)}
        {MESSAGE_STAGES.map((stage) => item(STAGE_LABELS[stage], counts[stage], stage))}
      </ul>
    </nav>
  )
}

/** The sender's answers to the contact form's qualifying questions, when there are any. */
export function InquiryAnswers({ message }: { message: Message }) {
  const answers = [
    ['Project', message.projectType],
    ['Budget', message.budget],
    ['Timeline', message.timeline],
  ].filter((answer): answer is [string, string] => !!answer[1])
  if (answers.length === 0 && !message.website) return null
  return (
    <dl className="flex flex-wrap gap-1.5 text-xs">
      {answers.map(([label, value]) => (
        <div key={label} className="rounded-md bg-brand-50 px-2 py-0.5 text-brand-900">
          <dt className="inline font-medium">{label}: </dt>
          <dd className="inline">{value}</dd>
        </div>
      ))}
      {message.website ? (
        <div className="max-w-full min-w-0 rounded-md bg-slate-100 px-2 py-0.5 text-slate-800">
          <dt className="inline font-medium">Site: </dt>
          <dd className="inline wrap-anywhere">
            <a
              href={message.website}
              rel="noopener noreferrer nofollow"
              target="_blank"
              className="text-brand-700 underline underline-offset-2"
            >
              {message.website}
            </a>
          </dd>
        </div>
      ) : null}
    </dl>
  )
}
