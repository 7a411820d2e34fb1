import { useState } from 'react'
import type { TestimonialRequestList } from '#common/schemas/testimonials.ts'
import { ActionList, ActionListRow } from '#app/components/ui/action-list.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { formatDate } from '#app/lib/format-date.ts'

type Request = TestimonialRequestList['requests'][number]

/** Where a request stands: its testimonial arrived, its link still works, or it expired. */
function requestState(request: Request, now: number) {
  if (request.usedAt)
    return { label: `Received ${formatDate(request.usedAt)}`, tone: 'text-emerald-800' }
  if (Date.parse(request.expiresAt) <= now)
    return { label: `Expired ${formatDate(request.expiresAt)}`, tone: 'text-rose-800' }
  return {
    label: `Waiting, link works until ${formatDate(request.expiresAt)}`,
    tone: 'text-slate-700',
  }
}

/**
 * The testimonial requests sent, newest first, with what became of each; one not yet answered can
 * be sent again with a new link (the old one stops working).
 */
export function TestimonialRequestList({
  requests,
  isBusy,
  onResend,
}: {
  requests: Request[]
  isBusy: boolean
  onResend: (request: Request) => void
}) {
  // When the screen was opened: a link that expires while it is open shows as waiting until a reload.
  const [now] = useState(() => Date.now())
  if (requests.length === 0)
    return <p className="text-sm text-slate-600">No testimonial requests sent yet.</p>
  return (
    <ActionList label="Requests sent">
      {requests.map((request) => {
        const state = requestState(request, now)
        return (
          <ActionListRow
            key={request._id}
            actions={
              request.usedAt ? null : (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={isBusy}
                  aria-label={`Resend a new link to ${request.name}`}
                  onClick={() => onResend(request)}
                >
                  Resend
                </Button>
              )
            }
          >
            <p className="font-medium wrap-anywhere text-slate-900">
              {request.name}{' '}
              <span className="font-normal text-slate-600">&lt;{request.email}&gt;</span>
            </p>
            <p className="text-sm text-slate-600">
              Sent <time dateTime={request.sentAt}>{formatDate(request.sentAt)}</time> ·{' '}
              <span className={state.tone}>{state.label}</span>
            </p>
          </ActionListRow>
        )
      })}
    </ActionList>
  )
}
