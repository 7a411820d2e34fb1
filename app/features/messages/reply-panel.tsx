import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { replySubject } from '#common/reply-subject.ts'
import { ReplyBodySchema, type Message } from '#common/schemas/messages.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { InputField, TextareaField } from '#app/components/ui/field.tsx'
import { messageOf } from '#app/lib/api-client.ts'
import { useFocusFirstError, validate, type FieldErrors } from '#app/lib/form-errors.ts'
import { formatDate } from '#app/lib/format-date.ts'
import { toast } from '#app/lib/toast.tsx'
import { sendReply } from './messages.api.ts'

/**
 * The modal panel in which an admin answers a contact message by e-mail, under the replies already
 * sent (oldest first). A failed send keeps the panel open with the text, so nothing typed is lost.
 * `onRequestTestimonial` (given by the route, which knows testimonials) asks the sender for a
 * testimonial; the panel says how that went.
 */
export function ReplyPanel({
  message,
  onClose,
  onSent,
  onMarkUnread,
  onRequestTestimonial,
}: {
  message: Message
  onClose: () => void
  onSent: () => void
  onMarkUnread: (message: Message) => void
  onRequestTestimonial: (message: Message) => Promise<unknown>
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
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-2xl overflow-y-auto rounded-xl bg-white p-0 text-slate-800 shadow-xl backdrop:bg-slate-900/50"
    >
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
          <p className="mb-1 text-sm font-medium text-slate-800">Their message</p>
          <blockquote
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a long message scrolls, so it must be reachable by keyboard
            tabIndex={0}
            aria-label="Their message"
            className="max-h-40 overflow-y-auto rounded-md border-l-4 border-slate-300 bg-slate-50 px-4 py-3 text-sm whitespace-pre-wrap text-slate-700"
          >
            {message.message}
          </blockquote>
        </div>
        {message.replies.length > 0 ? (
          <section aria-label="Replies sent">
            <h3 className="mb-1 text-sm font-medium text-slate-800">
              Replies sent ({message.replies.length})
            </h3>
            <ol className="max-h-48 space-y-2 overflow-y-auto">
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
    </dialog>
  )
}
