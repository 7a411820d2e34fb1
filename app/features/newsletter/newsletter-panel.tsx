/**
 * On a journal post's edit screen: "Send to subscribers" (once per post, after a confirmation) and
 * "Send me a test" (the same mail to the admin alone, as often as wanted, a draft's too), then the
 * send's figures, read again every few seconds while it is going out.
 */
import { useEffect, useState } from 'react'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { useConfirm } from '#app/components/ui/confirm-dialog.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import { messageOf } from '#app/lib/api-client.ts'
import type { Settled } from '#app/lib/settle.ts'
import { toast } from '#app/lib/toast.tsx'
import type { Newsletter } from '#common/schemas/subscribers.ts'
import { getNewsletter, sendNewsletter, sendNewsletterTest } from './newsletter.api.ts'

const REFRESH_MS = 3_000

/** `sent` is the post's send as the edit page's loader read it (null when never sent). */
export function NewsletterPanel({
  postId,
  isPublic,
  sent,
}: {
  postId: string
  isPublic: boolean
  sent: Settled<Newsletter | null>
}) {
  // The send started here, then its progress: newer than what the loader read.
  const [latest, setLatest] = useState<Newsletter | null>(null)
  const newsletter = latest ?? (sent.ok ? sent.value : null)
  const [isSending, setIsSending] = useState(false)
  const [isTesting, setIsTesting] = useState(false)
  const { confirm, dialog } = useConfirm()

  useEffect(() => {
    if (newsletter?.status !== 'sending') return
    let isCurrent = true
    // Polls on its own while a send goes out: the figures change with nothing done on this screen.
    const timer = setInterval(() => {
      getNewsletter(postId)
        .then((next) => {
          if (isCurrent && next) setLatest(next)
        })
        .catch(() => {})
    }, REFRESH_MS)
    return () => {
      isCurrent = false
      clearInterval(timer)
    }
  }, [postId, newsletter?.status])

  async function send() {
    const isSure = await confirm('Send this post to every confirmed subscriber?', {
      detail: 'Each subscriber gets it once by e-mail. A post can be sent only once.',
      confirmLabel: 'Send',
    })
    if (!isSure) return
    setIsSending(true)
    try {
      const { newsletter: started } = await sendNewsletter(postId)
      setLatest(started)
      toast.success(`Sending to ${started.recipients} subscribers`)
    } catch (error) {
      toast.error(messageOf(error))
    } finally {
      setIsSending(false)
    }
  }

  async function sendTest() {
    setIsTesting(true)
    try {
      const { message } = await sendNewsletterTest(postId)
      toast.success(message)
    } catch (error) {
      toast.error(messageOf(error))
    } finally {
      setIsTesting(false)
    }
  }

  return (
    <Panel title="Newsletter">
      {!sent.ok && !latest ? (
        <Alert kind="error" className="mt-2">
          {sent.message}
        </Alert>
      ) : newsletter ? (
        <>
          <p className="mt-2 text-sm text-slate-700" role="status">
            {newsletter.status === 'sending'
              ? 'Sending to subscribers...'
              : `Sent on ${new Date(newsletter.createdAt).toLocaleDateString()}.`}
            {newsletter.retrying > 0
              ? ` ${newsletter.retrying} waiting for another attempt after a temporary failure.`
              : ''}
          </p>
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[
              { label: 'Recipients', value: newsletter.recipients },
              { label: 'Sent', value: newsletter.sent },
              { label: 'Failed', value: newsletter.failed },
              { label: 'Unsubscribed since', value: newsletter.unsubscribed },
            ].map((item) => (
              <div key={item.label} className="rounded-lg bg-slate-50 p-3">
                <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  {item.label}
                </dt>
                <dd className="mt-1 text-xl font-bold text-slate-900">{item.value}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700">
            {isPublic
              ? 'Mail this post to every confirmed subscriber, once.'
              : 'Once the post is published, you can mail it to every confirmed subscriber.'}{' '}
            A test mails the saved post to you alone.
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Button type="button" disabled={!isPublic || isSending} onClick={() => void send()}>
              {isSending ? 'Sending...' : 'Send to subscribers'}
            </Button>
            <Button
              type="button"
              variant="secondary"
              disabled={isTesting}
              onClick={() => void sendTest()}
            >
              {isTesting ? 'Sending test...' : 'Send me a test'}
            </Button>
          </div>
        </>
      )}
      {dialog}
    </Panel>
  )
}
