/**
 * The dashboard's next booked calls, read by the dashboard's loader; while booking is off and
 * nothing is booked it says so and links the Booking screen.
 */
import { Link, href } from 'react-router'
import { zoneName } from './booking-time.ts'
import { UpcomingBookings } from './upcoming-bookings.tsx'
import type { AdminBookings } from '#common/schemas/booking.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import type { Settled } from '#app/lib/settle.ts'

const SHOWN = 5

export function UpcomingCallsPanel({
  zone,
  upcoming,
}: {
  zone: string
  upcoming: Settled<AdminBookings>
}) {
  return (
    <div className="mt-8">
      <Panel
        title="Upcoming calls"
        subtitle={
          <>
            The next calls booked on /book, in {zoneName(zone)} time.{' '}
            <Link
              to={href('/admin/booking')}
              className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              Booking settings
            </Link>
          </>
        }
      >
        {!upcoming.ok ? (
          <Alert kind="error">{upcoming.message}</Alert>
        ) : (
          <>
            <UpcomingBookings bookings={upcoming.value.bookings} zone={zone} limit={SHOWN} />
            {upcoming.value.bookings.length > SHOWN ? (
              <p className="mt-3 text-sm">
                <Link
                  to={href('/admin/booking')}
                  className="font-medium text-brand-700 underline underline-offset-2"
                >
                  All {upcoming.value.bookings.length} upcoming calls
                </Link>
              </p>
            ) : null}
          </>
        )}
      </Panel>
    </div>
  )
}
