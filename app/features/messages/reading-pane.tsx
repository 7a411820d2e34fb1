import { useEffect, useId, useRef, useState } from 'react'
import { Form, Link, useFetcher } from 'react-router'
import { replySubject } from '#common/reply-subject.ts'
import { MESSAGE_STAGES, type Message } from '#common/schemas/messages.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { InputField, SelectField, TextareaField } from '#app/components/ui/field.tsx'
import { messageOf } from '#app/lib/api-client.ts'
import { errorsOf, useFocusFirstError, type FormResult } from '#app/lib/form.ts'
import { formatDate } from '#app/lib/format-date.ts'
import { toast } from '#app/lib/toast.tsx'
import { InquiryAnswers, STAGE_LABELS, VisitSummary } from './messages-list.tsx'

/** What the reading pane asks of the page: the changes it makes go through the route. */
export interface ReadingPaneActions {
  /** The list's address without the open message: Close, Back, and after a reply is sent. */
  listHref: string
  onClose: () => void
  onSent: () => void
  onMarkUnread: (message: Message) => void
  onNotSpam: (message: Message) => void
  onRequestTestimonial: (message: Message) => Promise<unknown>
}

const PANE = 'rounded-lg border border-slate-200 bg-white shadow-sm'

/**
 * The inbox's reading pane, beside the list on a laptop and in its place on a phone: the whole
 * message, where the inquiry stands and what the sender answered, the replies already sent (oldest
 * first), the reply form and the owner's private notes. It takes the focus when a message opens,
 * so a keyboard or screen reader lands on it. A failed send keeps the text, so nothing typed is
 * lost.
 */
export function ReadingPane({ message, ...actions }: { message: Message } & ReadingPaneActions) {
  const titleId = useId()
  const titleRef = useRef<HTMLHeadingElement>(null)
  const [isRequesting, setIsRequesting] = useState(false)

  useEffect(() => {
    titleRef.current?.focus({ preventScroll: true })
  }, [message._id])

  async function requestTestimonial() {
    setIsRequesting(true)
    try {
      await actions.onRequestTestimonial(message)
      toast.success(`Testimonial request sent to ${message.email}`)
    } catch (error) {
      toast.error(messageOf(error))
    } finally {
      setIsRequesting(false)
    }
  }

  return (
    <section aria-labelledby={titleId} className={PANE}>
      <header className="border-b border-slate-200 px-5 py-4 sm:px-6">
        <Link
          to={actions.listHref}
          className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-800 lg:hidden"
        >
          <span aria-hidden="true">←</span> Back to messages
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2
              id={titleId}
              ref={titleRef}
              tabIndex={-1}
              // A place to land, not a control: no focus ring (the site's ring is unlayered CSS).
              style={{ outline: 'none' }}
              className="text-lg font-semibold text-slate-900"
            >
              Reply Email to the sender
            </h2>
            <p className="mt-0.5 text-sm wrap-anywhere text-slate-600">
              To {message.fullName} &lt;{message.email}&gt;
            </p>
            {/* The thread: everything this sender wrote (a client's room messages included). */}
            <Link
              to={`?q=${encodeURIComponent(message.email)}`}
              className="mt-1 inline-block text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              All messages from {message.email}
            </Link>
          </div>
          <div className="flex flex-wrap gap-2">
            {message.spam ? (
              <Button size="sm" onClick={() => actions.onNotSpam(message)}>
                Not spam
              </Button>
            ) : null}
            <Button size="sm" variant="ghost" onClick={() => actions.onMarkUnread(message)}>
              Mark unread
            </Button>
            <Button
              size="sm"
              variant="secondary"
              disabled={isRequesting}
              onClick={() => void requestTestimonial()}
            >
              {isRequesting ? 'Requesting...' : 'Request a testimonial'}
            </Button>
            {/* The inquiry's name and e-mail make the client; the next step is its proposal. */}
            <Form method="post" className="contents">
              <input type="hidden" name="intent" value="make-client" />
              <input type="hidden" name="id" value={message._id} />
              <input type="hidden" name="name" value={message.fullName} />
              <input type="hidden" name="email" value={message.email} />
              <Button type="submit" size="sm" variant="secondary">
                Make a client
              </Button>
            </Form>
            <Button size="sm" variant="secondary" onClick={actions.onClose}>
              Close
            </Button>
          </div>
        </div>
      </header>
      <div className="space-y-6 px-5 py-5 sm:px-6">
        <article aria-labelledby={`${titleId}-subject`} className="space-y-3">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h3
              id={`${titleId}-subject`}
              className="text-xl font-semibold wrap-anywhere text-slate-900"
            >
              {message.subject}
            </h3>
            <time dateTime={message.createdAt} className="text-sm text-slate-600 tabular-nums">
              {formatDate(message.createdAt)}
            </time>
          </div>
          <blockquote
            aria-label="Their message"
            className="rounded-md border-l-4 border-slate-300 bg-slate-50 px-4 py-3 text-sm leading-6 wrap-anywhere whitespace-pre-wrap text-slate-800"
          >
            {message.message}
          </blockquote>
        </article>
        <InquiryDetails message={message} />
        {message.replies.length > 0 ? (
          <section aria-label="Replies sent">
            <h3 className="mb-2 text-sm font-semibold text-slate-900">
              Replies sent ({message.replies.length})
            </h3>
            <ol className="space-y-2">
              {message.replies.map((reply) => (
                <DatedEntry
                  key={reply.sentAt}
                  look="reply"
                  lead="Sent"
                  at={reply.sentAt}
                  text={reply.text}
                />
              ))}
            </ol>
          </section>
        ) : null}
        <ReplyForm message={message} onSent={actions.onSent} />
        <PrivateNotes message={message} />
      </div>
    </section>
  )
}

const ENTRY_LOOKS = {
  reply: {
    item: 'rounded-md border-l-4 border-emerald-600 bg-emerald-50 px-4 py-2 text-sm',
    head: 'text-xs font-semibold text-emerald-900',
  },
  note: {
    item: 'rounded-md bg-amber-50 px-3 py-2 text-sm ring-1 ring-amber-200 ring-inset',
    head: 'text-xs font-semibold text-amber-900',
  },
}

/** A reply sent or a private note, in the pane's lists: its date, then its words as typed. */
function DatedEntry({
  look,
  lead,
  at,
  text,
}: {
  look: keyof typeof ENTRY_LOOKS
  /** The word before the date ("Sent"). */
  lead?: string
  at: string
  text: string
}) {
  return (
    <li className={ENTRY_LOOKS[look].item}>
      <p className={ENTRY_LOOKS[look].head}>
        {lead ? `${lead} ` : null}
        <time dateTime={at}>{formatDate(at)}</time>
      </p>
      <p className="mt-1 wrap-anywhere whitespace-pre-wrap text-slate-800">{text}</p>
    </li>
  )
}

/** What the pane shows with no message open (a laptop's right half). */
export function EmptyReadingPane({ text, backHref }: { text: string; backHref?: string }) {
  return (
    <div
      className={`${PANE} flex min-h-72 flex-col items-center justify-center gap-3 px-6 py-16 text-center`}
    >
      <span
        aria-hidden="true"
        className="flex h-12 w-12 items-center justify-center rounded-full bg-slate-100 text-slate-500"
      >
        <svg
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M3 7l9 6 9-6M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z" />
        </svg>
      </span>
      <p className="max-w-xs text-sm text-slate-600">{text}</p>
      {backHref ? (
        <Link
          to={backHref}
          className="text-sm font-medium text-brand-700 hover:text-brand-800 lg:hidden"
        >
          Back to messages
        </Link>
      ) : null}
    </div>
  )
}

/**
 * A pane form posted to the inbox route's action (`submitForm`) with a fetcher, so the page stays;
 * once an answer says saved, `onDone` runs and the form is emptied, else its errors show.
 */
function usePaneForm(onDone: () => void) {
  const fetcher = useFetcher<FormResult>()
  const formRef = useRef<HTMLFormElement>(null)
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined
  const handled = useRef<FormResult | undefined>(undefined)
  useEffect(() => {
    if (!answer || answer === handled.current) return
    handled.current = answer
    if ('saved' in answer) {
      formRef.current?.reset()
      onDone()
    }
  }, [answer, onDone])
  const errors = errorsOf(answer)
  useFocusFirstError(formRef, errors)
  return { Form: fetcher.Form, formRef, isBusy: fetcher.state !== 'idle', errors }
}

/** The reply: Subject prefilled "Re: ...", the text, and Send Reply. */
function ReplyForm({ message, onSent }: { message: Message; onSent: () => void }) {
  const { Form, formRef, isBusy: isSending, errors } = usePaneForm(onSent)
  const failure = errors?.form ?? errors?.email
  return (
    <Form
      method="post"
      ref={formRef}
      noValidate
      className="space-y-4 rounded-lg border border-slate-200 p-4 sm:p-5"
    >
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="email" value={message.email} />
      <input type="hidden" name="messageId" value={message._id} />
      {failure ? <Alert kind="error">{failure}</Alert> : null}
      <InputField
        label="Subject"
        name="subject"
        defaultValue={replySubject(message.subject)}
        required
        error={errors?.subject}
      />
      <TextareaField
        label="Your reply"
        name="replyContent"
        rows={6}
        required
        error={errors?.replyContent}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={isSending}>
          {isSending ? 'Sending...' : 'Send Reply'}
        </Button>
      </div>
    </Form>
  )
}

/** Where the inquiry stands, what the sender answered, and the visit that led to the message. */
function InquiryDetails({ message }: { message: Message }) {
  const stageChange = useFetcher()
  const hasAnswers = !!(
    message.projectType ||
    message.budget ||
    message.timeline ||
    message.website
  )
  return (
    <aside
      aria-label="Inquiry details"
      className="grid gap-5 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200 ring-inset sm:grid-cols-[12rem_minmax(0,1fr)]"
    >
      <SelectField
        label="Stage"
        name="stage"
        value={message.stage}
        onChange={(event) =>
          void stageChange.submit(
            { intent: 'stage', id: message._id, stage: event.target.value },
            { method: 'post' },
          )
        }
        options={MESSAGE_STAGES.map((stage) => ({ value: stage, label: STAGE_LABELS[stage] }))}
      />
      <div className="min-w-0 space-y-3">
        <section aria-label="Their answers" className="space-y-1.5">
          <h3 className="text-sm font-medium text-slate-800">Their answers</h3>
          <InquiryAnswers message={message} />
          {hasAnswers ? null : (
            <p className="text-xs text-slate-600">No answers to the optional questions.</p>
          )}
        </section>
        <section aria-label="Their visit" className="space-y-1.5">
          <h3 className="text-sm font-medium text-slate-800">Their visit</h3>
          <VisitSummary visit={message.visit} />
        </section>
      </div>
    </aside>
  )
}

const noop = () => {}

/** The owner's notes on the inquiry: stored only, never mailed. */
function PrivateNotes({ message }: { message: Message }) {
  const { Form, formRef, isBusy: isSaving, errors } = usePaneForm(noop)
  const noteError = errors?.text ?? errors?.form

  return (
    <section aria-label="Private notes" className="space-y-3 border-t border-slate-200 pt-5">
      <h3 className="text-sm font-semibold text-slate-900">
        Private notes{message.notes.length > 0 ? ` (${message.notes.length})` : ''}
      </h3>
      {message.notes.length > 0 ? (
        <ol className="space-y-2">
          {message.notes.map((entry) => (
            <DatedEntry key={entry._id} look="note" at={entry.createdAt} text={entry.text} />
          ))}
        </ol>
      ) : null}
      <Form method="post" ref={formRef} noValidate className="space-y-2">
        <input type="hidden" name="intent" value="note" />
        <input type="hidden" name="id" value={message._id} />
        <TextareaField
          label="Add a note"
          name="text"
          rows={3}
          hint="Only you see notes: they are never sent."
          error={noteError}
        />
        <Button type="submit" size="sm" variant="secondary" disabled={isSaving}>
          {isSaving ? 'Saving...' : 'Save note'}
        </Button>
      </Form>
    </section>
  )
}
