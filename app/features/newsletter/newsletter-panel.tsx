/**
 * On a journal post's edit screen: "Send to subscribers" (once per post, after a confirmation) and
 * "Send me a test" (the same mail to the admin alone, as often as wanted, a draft's too), then the
 * send's figures, read again every few seconds while it is going out.
 */
import { useEffect, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { useConfirm } from '#app/components/ui/confirm-dialog.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import { messageOf } from '#app/lib/api-client.ts'
import { toast } from '#app/lib/toast.tsx'
import type { Newsletter } from '#common/schemas/subscribers.ts'
import { getNewsletter, sendNewsletter, sendNewsletterTest } from './newsletter.api.ts'

const REFRESH_MS = 3_000

export function NewsletterPanel({ postId, isPublic }: { postId: string; isPublic: boolean }) {
  const [newsletter, setNewsletter] = useState<Newsletter | null | undefined>(undefined)
  const [isSending, setIsSending] = useState(false)
  const [isTesting, setIsTesting] = useState(false)
  const { confirm, dialog } = useConfirm()

  useEffect(() => {
    let isCurrent = true
    const read = () =>
      getNewsletter(postId)
        .then((next) => {
          if (isCurrent) setNewsletter(next)
        })
        .catch(() => {})
    void read()
    const timer = newsletter?.status === 'sending' ? setInterval(read, REFRESH_MS) : undefined
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
      setNewsletter(started)
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
      {newsletter === undefined ? (
        <p className="mt-2 text-sm text-slate-600">Loading...</p>
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
