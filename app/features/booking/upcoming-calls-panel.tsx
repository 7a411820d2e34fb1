/**
 * The dashboard's next booked calls. Loads its own data, so the dashboard's figures never wait for
 * it; while booking is off and nothing is booked it says so and links the Booking screen.
 */
import { useEffect, useState } from 'react'
import { Link, href } from 'react-router'
import { listUpcomingBookings } from './booking.api.ts'
import { UpcomingBookings } from './upcoming-bookings.tsx'
import type { AdminBooking } from '#common/schemas/booking.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import { messageOf } from '#app/lib/api-client.ts'

const SHOWN = 5

type Load =
  | { state: 'loading' }
  | { state: 'ready'; bookings: AdminBooking[] }
  | { state: 'failed'; message: string }

export function UpcomingCallsPanel({ zone }: { zone: string }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' })
  useEffect(() => {
    listUpcomingBookings().then(
      ({ bookings }) => setLoad({ state: 'ready', bookings }),
      (error: unknown) => setLoad({ state: 'failed', message: messageOf(error) }),
    )
  }, [])

  return (
    <div className="mt-8">
      <Panel
        title="Upcoming calls"
        subtitle={
          <>
            The next calls booked on /book, in {zone.replaceAll('_', ' ')} time.{' '}
            <Link
              to={href('/admin/booking')}
              className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              Booking settings
            </Link>
          </>
        }
      >
        {load.state === 'loading' ? (
          <p className="text-sm text-slate-600">Loading the booked calls...</p>
        ) : load.state === 'failed' ? (
          <Alert kind="error">{load.message}</Alert>
        ) : (
          <>
            <UpcomingBookings bookings={load.bookings} zone={zone} limit={SHOWN} />
            {load.bookings.length > SHOWN ? (
              <p className="mt-3 text-sm">
                <Link
                  to={href('/admin/booking')}
                  className="font-medium text-brand-700 underline underline-offset-2"
                >
                  All {load.bookings.length} upcoming calls
                </Link>
              </p>
            ) : null}
          </>
        )}
      </Panel>
    </div>
  )
}
