/**
 * The pieces of the client's room (/client): its sections, the conversation with the owner and
 * the forms a client posts from it. Rendered on the server, complete without JavaScript.
 */
import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { Alert } from '#app/components/ui/alert.tsx'
import { Badges, type BadgeItem } from '#app/components/ui/badges.tsx'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { TextareaField } from '#app/components/ui/field.tsx'
import { cn } from '#app/lib/cn.ts'
import { formatSize } from '#app/lib/format-size.ts'
import {
  CLIENT_FILE_MAX_BYTES,
  CLIENT_FILE_TOO_LARGE,
  type ClientFile,
} from '#common/schemas/client-files.ts'
import type { ClientRoomMessage } from '#common/schemas/client-room.ts'
import {
  PROJECT_STATUS_LABELS,
  type ClientProject,
  type ProjectStatus,
} from '#common/schemas/projects.ts'
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

const PROJECT_TONES: Record<ProjectStatus, BadgeItem['tone']> = {
  planning: 'neutral',
  in_progress: 'waiting',
  review: 'mark',
  done: 'live',
}

/** A project: its status, its milestones with their due dates, and its site's latest check. */
export function ProjectCard({ project }: { project: ClientProject }) {
  const done = project.milestones.filter((m) => m.done).length
  const total = project.milestones.length
  const site = project.website
  return (
    <li className="py-4 first:pt-1 last:pb-1">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{project.name}</h3>
        <Badges
          items={[
            { label: PROJECT_STATUS_LABELS[project.status], tone: PROJECT_TONES[project.status] },
          ]}
        />
      </div>
      {total > 0 ? (
        <>
          <div className="mt-3 flex items-center gap-3">
            <div
              className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100"
              role="progressbar"
              aria-label={`${project.name}: milestones done`}
              aria-valuemin={0}
              aria-valuemax={total}
              aria-valuenow={done}
            >
              <div
                className="h-full rounded-full bg-accent"
                style={{ width: `${(done / total) * 100}%` }}
              />
            </div>
            <p className="text-xs font-semibold text-slate-700 tabular-nums">
              {done} of {total} done
            </p>
          </div>
          <ol className="mt-3 space-y-1.5" aria-label={`Milestones of ${project.name}`}>
            {project.milestones.map((m, index) => (
              <li key={index} className="flex items-start gap-2.5 text-sm">
                <span
                  aria-hidden="true"
                  className={cn(
                    'mt-0.5 flex h-4 w-4 shrink-0 items-center justify-center rounded-full border text-[10px] font-bold',
                    m.done
                      ? 'border-accent bg-accent text-on-accent'
                      : 'border-slate-300 bg-white text-transparent',
                  )}
                >
                  ✓
                </span>
                <span className={cn('flex-1', m.done ? 'text-slate-600' : 'text-slate-900')}>
                  {m.title}
                  <span className="sr-only">{m.done ? ' (done)' : ' (to do)'}</span>
                </span>
                <time dateTime={m.due} className="shrink-0 text-slate-600 tabular-nums">
                  {roomDay(`${m.due}T00:00:00Z`)}
                </time>
              </li>
            ))}
          </ol>
        </>
      ) : null}
      {site ? (
        <div className="mt-4 rounded-xl bg-slate-50 px-4 py-3 text-sm">
          <p className="font-medium text-slate-900">
            Your site:{' '}
            <a
              href={site.link}
              className="text-brand-700 underline underline-offset-2"
              rel="noopener noreferrer"
            >
              {site.name}
            </a>
          </p>
          {site.check ? (
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-slate-700">
              <span className="inline-flex items-center gap-1.5 font-semibold">
                <span
                  aria-hidden="true"
                  className={cn(
                    'h-2 w-2 rounded-full',
                    site.check.ok ? 'bg-green-600' : 'bg-red-600',
                  )}
                />
                {site.check.ok ? 'Up' : 'Down'}
              </span>
              {site.check.ms !== null ? <span>{site.check.ms} ms to answer</span> : null}
              {site.check.tlsDaysLeft !== null ? (
                <span>certificate valid {site.check.tlsDaysLeft} more days</span>
              ) : null}
              <span className="text-slate-600">checked {roomTime(site.check.checkedAt)}</span>
            </p>
          ) : (
            <p className="mt-1 text-slate-600">Not checked yet.</p>
          )}
        </div>
      ) : null}
    </li>
  )
}

/** What became of the last upload, as the upload's answer says (?file=). */
const UPLOAD_OUTCOMES: Record<string, { kind: 'success' | 'error'; text: string }> = {
  sent: { kind: 'success', text: 'Your file is uploaded.' },
  'too-large': { kind: 'error', text: CLIENT_FILE_TOO_LARGE },
  missing: { kind: 'error', text: 'Choose a file to upload first.' },
  'too-many': { kind: 'error', text: 'Too many uploads for now: please try again in an hour.' },
}

/** The files both ways, each downloaded as an attachment, and the form that sends one. */
export function FilesList({
  files,
  outcome,
  ownerName,
}: {
  files: ClientFile[]
  outcome: string | null
  ownerName: string
}) {
  const shown = outcome ? UPLOAD_OUTCOMES[outcome] : undefined
  return (
    <>
      {files.length === 0 ? (
        <EmptyLine>No file yet.</EmptyLine>
      ) : (
        <RoomRows>
          {files.map((file) => (
            <RoomRow
              key={file._id}
              title={<span className="break-all">{file.name}</span>}
              meta={`${formatSize(file.size)} · from ${file.from === 'owner' ? ownerName : 'you'} · ${roomDay(file.createdAt)}`}
              aside={
                <a
                  href={`/api/client/files/${file._id}`}
                  download
                  aria-label={`Download ${file.name}`}
                  className={buttonClasses('secondary', 'sm')}
                >
                  Download
                </a>
              }
            />
          ))}
        </RoomRows>
      )}
      <form
        method="post"
        action="/api/client/files"
        encType="multipart/form-data"
        className="mt-5 space-y-3 border-t border-slate-200 pt-5"
      >
        {shown ? <Alert kind={shown.kind}>{shown.text}</Alert> : null}
        <div>
          <label htmlFor="room-file" className="mb-1 block text-sm font-medium text-slate-800">
            Send a file to {ownerName}
          </label>
          <input
            id="room-file"
            type="file"
            name="file"
            required
            data-max-bytes={CLIENT_FILE_MAX_BYTES}
            data-too-large={CLIENT_FILE_TOO_LARGE}
            aria-describedby="room-file-hint"
            className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-800 hover:file:bg-slate-200"
          />
          <p id="room-file-hint" className="mt-1 text-xs text-slate-600">
            Up to 25 MB: photos, texts, logos, documents.
          </p>
        </div>
        <Button type="submit" variant="secondary">
          Upload the file
        </Button>
      </form>
    </>
  )
}
