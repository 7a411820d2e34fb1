import { useState } from 'react'
import { useRevalidator } from 'react-router'
import type { Message, MessageStage } from '#common/schemas/messages.ts'
import { messageOf } from '#app/lib/api-client.ts'
import { toast } from '#app/lib/toast.tsx'
import { isUnread, STAGE_LABELS } from './messages-list.tsx'
import { addNote, updateMessage } from './messages.api.ts'
import { ReplyPanel } from './reply-panel.tsx'

const toastError = (error: unknown) => toast.error(messageOf(error))

/**
 * The inbox's reply panel: `open` shows it for a message and marks that message read, `panel` is
 * rendered once in the page. A change of read state or a sent reply reloads the list.
 * `requestTestimonial` asks a message's sender for a testimonial (the panel's other action).
 */
export function useReplyPanel(
  messages: Message[],
  requestTestimonial: (message: Message) => Promise<unknown>,
) {
  const [replyingTo, setReplyingTo] = useState<Message | null>(null)
  const revalidator = useRevalidator()

  async function open(message: Message) {
    setReplyingTo(message)
    if (!isUnread(message)) return
    await updateMessage(message._id, { read: true })
    await revalidator.revalidate()
  }

  async function moveTo(message: Message, stage: MessageStage) {
    await updateMessage(message._id, { stage })
    toast.success(`Moved to ${STAGE_LABELS[stage]}`)
    await revalidator.revalidate()
  }

  async function saveNote(message: Message, text: string) {
    await addNote(message._id, { text })
    await revalidator.revalidate()
  }

  async function markUnread(message: Message) {
    await updateMessage(message._id, { read: false })
    toast.success('Marked unread')
    await revalidator.revalidate()
  }

  return {
    open: (message: Message) => void open(message).catch(toastError),
    panel: replyingTo ? (
      <ReplyPanel
        key={replyingTo._id}
        message={messages.find((m) => m._id === replyingTo._id) ?? replyingTo}
        onClose={() => setReplyingTo(null)}
        onSent={() => void revalidator.revalidate()}
        onMarkUnread={(message) => void markUnread(message).catch(toastError)}
        onRequestTestimonial={requestTestimonial}
        onStageChange={(message, stage) => void moveTo(message, stage).catch(toastError)}
        onAddNote={saveNote}
      />
    ) : null,
  }
}
