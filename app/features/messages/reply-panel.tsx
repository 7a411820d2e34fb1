import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { replySubject } from '#common/reply-subject.ts'
import {
  MESSAGE_STAGES,
  NoteBodySchema,
  ReplyBodySchema,
  type Message,
  type MessageStage,
} from '#common/schemas/messages.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { InputField, SelectField, TextareaField } from '#app/components/ui/field.tsx'
import { messageOf } from '#app/lib/api-client.ts'
import { useFocusFirstError, validate, type FieldErrors } from '#app/lib/form-errors.ts'
import { formatDate } from '#app/lib/format-date.ts'
import { toast } from '#app/lib/toast.tsx'
import { InquiryAnswers, STAGE_LABELS } from './messages-list.tsx'
import { sendReply } from './messages.api.ts'

/**
 * The inbox's reading pane: a modal panel with the whole message, the replies already sent (oldest
 * first) and the reply form, beside the message's stage, the sender's answers and the owner's
 * private notes. A failed send keeps the panel open with the text, so nothing typed is lost.
 * `onRequestTestimonial` (given by the route, which knows testimonials) asks the sender for a
 * testimonial; the panel says how that went.
 */
export function ReplyPanel({
  message,
  onClose,
  onSent,
  onMarkUnread,
  onRequestTestimonial,
  onStageChange,
  onAddNote,
}: {
  message: Message
  onClose: () => void
  onSent: () => void
  onMarkUnread: (message: Message) => void
  onRequestTestimonial: (message: Message) => Promise<unknown>
  onStageChange: (message: Message, stage: MessageStage) => void
  /** Saves a note; resolves once it is stored and the message shows it. */
  onAddNote: (message: Message, text: string) => Promise<void>
}) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const titleId = useId()
  const [subject, setSubject] = useState(() => replySubject(message.subject))
  const [replyContent, setReplyContent] = useState('')
  const [errors, setErrors] = useState<FieldErrors>()
  const [failure, setFailure] = useState<string | null>(null)
  const [isSending, setIsSending] = useState(false)
  const [isRequesting, setIsRequesting] = useState(false)
  useFocusFirstError(formRef, errors)

  async function requestTestimonial() {
    setIsRequesting(true)
    try {
      await onRequestTestimonial(message)
      toast.success(`Testimonial request sent to ${message.email}`)
    } catch (error) {
      toast.error(messageOf(error))
    } finally {
      setIsRequesting(false)
    }
  }

  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const result = validate(ReplyBodySchema, {
      email: message.email,
      subject,
      replyContent,
      messageId: message._id,
    })
    setErrors(result.ok ? undefined : result.errors)
    if (!result.ok) return
    setIsSending(true)
    setFailure(null)
    try {
      await sendReply(result.data)
      toast.success('Reply sent successfully')
      onSent()
      dialogRef.current?.close()
    } catch (error) {
      const text = messageOf(error)
      setFailure(text)
      toast.error(text)
    } finally {
      setIsSending(false)
    }
  }

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-5xl overflow-y-auto rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/50"
    >
      <div className="grid lg:grid-cols-[minmax(0,1fr)_19rem]">
        <form
          ref={formRef}
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="space-y-5 p-5 sm:p-6"
        >
          <div>
            <h2 id={titleId} className="text-xl font-semibold text-slate-900">
              Reply Email to the sender
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              To {message.fullName} &lt;{message.email}&gt;
            </p>
          </div>
          {failure || errors?.email ? <Alert kind="error">{failure ?? errors?.email}</Alert> : null}
          <InputField
            label="Subject"
            name="subject"
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
            required
            error={errors?.subject}
          />
          <div>
            <p className="mb-1 text-sm font-medium text-slate-800">
              Their message,{' '}
              <time dateTime={message.createdAt} className="font-normal text-slate-600">
                {formatDate(message.createdAt)}
              </time>
            </p>
            <blockquote
              aria-label="Their message"
              className="rounded-md border-l-4 border-slate-300 bg-slate-50 px-4 py-3 text-sm leading-6 wrap-anywhere whitespace-pre-wrap text-slate-800"
            >
              {message.message}
            </blockquote>
          </div>
          {message.replies.length > 0 ? (
            <section aria-label="Replies sent">
              <h3 className="mb-1 text-sm font-medium text-slate-800">
                Replies sent ({message.replies.length})
              </h3>
              <ol className="space-y-2">
                {message.replies.map((reply) => (
                  <li
                    key={reply.sentAt}
                    className="rounded-md border-l-4 border-emerald-600 bg-emerald-50 px-4 py-2 text-sm"
                  >
                    <p className="text-xs font-semibold text-emerald-900">
                      Sent <time dateTime={reply.sentAt}>{formatDate(reply.sentAt)}</time>
                    </p>
                    <p className="mt-1 whitespace-pre-wrap text-slate-800">{reply.text}</p>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
          <TextareaField
            label="Your reply"
            name="replyContent"
            value={replyContent}
            onChange={(e) => setReplyContent(e.target.value)}
            rows={7}
            required
            error={errors?.replyContent}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button
              variant="ghost"
              onClick={() => {
                onMarkUnread(message)
                dialogRef.current?.close()
              }}
            >
              Mark unread
            </Button>
            <Button
              variant="secondary"
              disabled={isRequesting}
              onClick={() => void requestTestimonial()}
            >
              {isRequesting ? 'Requesting...' : 'Request a testimonial'}
            </Button>
            <Button variant="secondary" onClick={() => dialogRef.current?.close()}>
              Close
            </Button>
            <Button type="submit" disabled={isSending}>
              {isSending ? 'Sending...' : 'Send Reply'}
            </Button>
          </div>
        </form>
        <MessageDetails message={message} onStageChange={onStageChange} onAddNote={onAddNote} />
      </div>
    </dialog>
  )
}

/**
 * The reading pane's side: where the inquiry stands, what the sender answered, and the owner's
 * notes, which are stored only and never mailed.
 */
function MessageDetails({
  message,
  onStageChange,
  onAddNote,
}: {
  message: Message
  onStageChange: (message: Message, stage: MessageStage) => void
  onAddNote: (message: Message, text: string) => Promise<void>
}) {
  const [note, setNote] = useState('')
  const [noteError, setNoteError] = useState<string>()
  const [isSaving, setIsSaving] = useState(false)

  async function saveNote(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const result = validate(NoteBodySchema, { text: note })
    setNoteError(result.ok ? undefined : result.errors.text)
    if (!result.ok) return
    setIsSaving(true)
    try {
      await onAddNote(message, result.data.text)
      setNote('')
    } catch (error) {
      setNoteError(messageOf(error))
    } finally {
      setIsSaving(false)
    }
  }

  return (
    <aside
      aria-label="Inquiry details"
      className="space-y-6 border-t border-slate-200 bg-slate-50 p-5 sm:p-6 lg:border-t-0 lg:border-l"
    >
      <SelectField
        label="Stage"
        name="stage"
        value={message.stage}
        onChange={(event) => onStageChange(message, event.target.value as MessageStage)}
        options={MESSAGE_STAGES.map((stage) => ({ value: stage, label: STAGE_LABELS[stage] }))}
      />
      <section aria-label="Their answers" className="space-y-2">
        <h3 className="text-sm font-medium text-slate-800">Their answers</h3>
        <InquiryAnswers message={message} />
        {!message.projectType && !message.budget && !message.timeline && !message.website ? (
          <p className="text-xs text-slate-600">No answers to the optional questions.</p>
        ) : null}
      </section>
      <section aria-label="Private notes" className="space-y-3">
        <h3 className="text-sm font-medium text-slate-800">
          Private notes{message.notes.length > 0 ? ` (${message.notes.length})` : ''}
        </h3>
        {message.notes.length > 0 ? (
          <ol className="space-y-2">
            {message.notes.map((entry) => (
              <li
                key={entry._id}
                className="rounded-md bg-amber-50 px-3 py-2 text-sm ring-1 ring-amber-200 ring-inset"
              >
                <p className="text-xs font-semibold text-amber-900">
                  <time dateTime={entry.createdAt}>{formatDate(entry.createdAt)}</time>
                </p>
                <p className="mt-1 wrap-anywhere whitespace-pre-wrap text-slate-800">
                  {entry.text}
                </p>
              </li>
            ))}
          </ol>
        ) : null}
        <form noValidate onSubmit={(event) => void saveNote(event)} className="space-y-2">
          <TextareaField
            label="Add a note"
            name="note"
            rows={3}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            hint="Only you see notes: they are never sent."
            error={noteError}
          />
          <Button type="submit" size="sm" variant="secondary" disabled={isSaving}>
            {isSaving ? 'Saving...' : 'Save note'}
          </Button>
        </form>
      </section>
    </aside>
  )
}
