/**
 * The pieces of the client's room (/client): its sections, the conversation with the owner and
 * the forms a client posts from it. Rendered on the server, complete without JavaScript.
 */
import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { TextareaField } from '#app/components/ui/field.tsx'
import { cn } from '#app/lib/cn.ts'
import type { ClientRoomMessage } from '#common/schemas/client-room.ts'
import { TEXT_LIMITS } from '#common/constants.ts'

/** "2 December 2026" in UTC, as the documents print their dates. */
export const roomDay = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso))

const roomTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(new Date(iso)) + ' UTC'

/** One card of the room: a heading, what it counts, and its rows or its empty line. */
export function RoomSection({
  id,
  title,
  count,
  action,
  children,
}: {
  id: string
  title: string
  count?: number
  action?: ReactNode
  children: ReactNode
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-5 py-4 sm:px-6">
        <h2 id={`${id}-title`} className="text-lg font-bold tracking-tight text-slate-900">
          {title}
          {count !== undefined && count > 0 ? (
            <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 align-middle text-xs font-semibold text-slate-700">
              {count}
            </span>
          ) : null}
        </h2>
        {action}
      </header>
      <div className="px-5 py-4 sm:px-6">{children}</div>
    </section>
  )
}

/** One figure of the room's summary: what is due, the next call, what waits for the client. */
export function RoomFigure({
  label,
  value,
  detail,
  href,
}: {
  label: string
  value: ReactNode
  detail?: ReactNode
  href?: string
}) {
  const body = (
    <>
      <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</p>
      <p className="mt-1.5 text-xl font-bold tracking-tight text-slate-900">{value}</p>
      {detail ? <p className="mt-1 text-sm text-slate-600">{detail}</p> : null}
    </>
  )
  const box = 'block rounded-2xl border border-slate-200 bg-white px-5 py-4 shadow-sm'
  return href ? (
    <a href={href} className={cn(box, 'hover:border-brand-300 transition-colors')}>
      {body}
    </a>
  ) : (
    <div className={box}>{body}</div>
  )
}

/** What a section says when it has nothing yet. */
export function EmptyLine({ children }: { children: ReactNode }) {
  return <p className="py-2 text-sm text-slate-600">{children}</p>
}

/** A row of a section: what it is on the left, its figures and links on the right. */
export function RoomRow({
  title,
  meta,
  aside,
}: {
  title: ReactNode
  meta?: ReactNode
  aside?: ReactNode
}) {
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-1 last:pb-1 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <div className="font-semibold text-slate-900">{title}</div>
        {meta ? <div className="mt-1 text-sm text-slate-600">{meta}</div> : null}
      </div>
      {aside ? (
        <div className="flex shrink-0 flex-wrap items-center gap-2 sm:justify-end">{aside}</div>
      ) : null}
    </li>
  )
}

export function RoomRows({ children }: { children: ReactNode }) {
  return <ul className="divide-y divide-slate-200">{children}</ul>
}

interface Said {
  from: 'client' | 'owner'
  text: string
  at: string
}

/** The client's messages and the owner's replies, oldest first, as one conversation. */
export function Conversation({
  messages,
  clientName,
  ownerName,
}: {
  messages: ClientRoomMessage[]
  clientName: string
  ownerName: string
}) {
  const said: Said[] = messages
    .flatMap((m) => [
      { from: 'client' as const, text: m.message, at: m.createdAt },
      ...m.replies.map((r) => ({ from: 'owner' as const, text: r.text, at: r.sentAt })),
    ])
    .sort((a, b) => a.at.localeCompare(b.at))
  if (said.length === 0)
    return <EmptyLine>Nothing yet: write below, and the answer shows here.</EmptyLine>
  return (
    <ol className="space-y-4" aria-label="Your conversation">
      {said.map((entry, index) => {
        const isOwner = entry.from === 'owner'
        return (
          <li key={index} className={cn('flex', isOwner ? 'justify-start' : 'justify-end')}>
            <div
              className={cn(
                'max-w-[85%] rounded-2xl px-4 py-3 sm:max-w-[75%]',
                isOwner
                  ? 'rounded-bl-sm bg-slate-100 text-slate-900'
                  : 'rounded-br-sm bg-brand-50 text-slate-900 ring-1 ring-brand-100',
              )}
            >
              <p className="text-xs font-semibold text-slate-600">
                {isOwner ? ownerName : clientName} ·{' '}
                <time dateTime={entry.at}>{roomTime(entry.at)}</time>
              </p>
              <p className="mt-1 text-sm leading-6 break-words whitespace-pre-line">{entry.text}</p>
            </div>
          </li>
        )
      })}
    </ol>
  )
}

/** Writes to the owner from the room: the message lands in the owner's inbox. */
export function MessageForm({
  error,
  isSent,
  ownerName,
}: {
  error?: string
  isSent: boolean
  ownerName: string
}) {
  return (
    <Form method="post" className="mt-6 space-y-3 border-t border-slate-200 pt-5">
      <input type="hidden" name="intent" value="message" />
      {isSent ? <Alert kind="success">Sent. {ownerName} answers here and by e-mail.</Alert> : null}
      <TextareaField
        label={`Write to ${ownerName}`}
        name="message"
        rows={4}
        required
        maxLength={TEXT_LIMITS.message}
        error={error}
      />
      <Button type="submit">Send the message</Button>
    </Form>
  )
}
