/**
 * The owner's next calls as a list: who, when (in the owner's zone, with the visitor's own time
 * beside it when their zone differs), a link to the inbox message the booking made, and, where
 * the screen allows it, a Cancel button.
 */
import { Link } from 'react-router'
import { ActionList, ActionListRow } from '#app/components/ui/action-list.tsx'
import {
  formatShortDay,
  formatSlot,
  formatTime,
  zonedParts,
  zoneName,
  zoneOffset,
} from './booking-time.ts'
import type { AdminBooking } from '#common/schemas/booking.ts'

export function UpcomingBookings({
  bookings,
  zone,
  onCancel,
  cancellingId,
  limit,
}: {
  bookings: AdminBooking[]
  /** The owner's zone, the times are shown in. */
  zone: string
  onCancel?: (booking: AdminBooking) => void
  cancellingId?: string
  limit?: number
}) {
  const shown = limit === undefined ? bookings : bookings.slice(0, limit)
  if (shown.length === 0) return <p className="text-sm text-slate-600">No upcoming calls booked.</p>
  return (
    <ActionList>
      {shown.map((booking) => {
        const isOtherZone =
          booking.timeZone !== zone &&
          zoneOffset(booking.timeZone, booking.start) !== zoneOffset(zone, booking.start)
        return (
          <ActionListRow
            key={booking._id}
            actions={
              <div className="flex shrink-0 items-center gap-2">
                {booking.messageId ? (
                  <Link
                    to={`/admin/messages?q=${encodeURIComponent(booking.email)}`}
                    className="rounded-md px-2.5 py-1.5 text-sm font-medium text-brand-700 hover:bg-brand-50"
                  >
                    Message<span className="sr-only"> from {booking.name}</span>
                  </Link>
                ) : null}
                {onCancel ? (
                  <button
                    type="button"
                    disabled={cancellingId === booking._id}
                    onClick={() => onCancel(booking)}
                    className="rounded-md border border-slate-300 px-2.5 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50 disabled:text-slate-400"
                  >
                    {cancellingId === booking._id ? 'Cancelling...' : 'Cancel'}
                    <span className="sr-only"> the call with {booking.name}</span>
                  </button>
                ) : null}
              </div>
            }
          >
            <p className="font-semibold text-slate-900">
              {booking.name}{' '}
              <a
                href={`mailto:${booking.email}`}
                className="text-sm font-normal break-all text-brand-700 underline underline-offset-2"
              >
                {booking.email}
              </a>
            </p>
            <p className="text-sm text-slate-700">
              <time dateTime={booking.start}>{formatSlot(booking, zone)}</time>
              <span className="text-slate-600"> ({zoneOffset(zone, booking.start)})</span>
            </p>
            {isOtherZone ? (
              <p className="text-xs text-slate-600">
                Their time: {formatShortDay(zonedParts(booking.start, booking.timeZone).date)},{' '}
                {formatTime(booking.start, booking.timeZone)} ({zoneName(booking.timeZone)})
              </p>
            ) : null}
          </ActionListRow>
        )
      })}
    </ActionList>
  )
}
