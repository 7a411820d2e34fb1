import type {
  AdminBooking,
  AdminBookings,
  BookingFeed,
  BusyCalendarState,
} from '#common/schemas/booking.ts'
import { apiRequest } from '#app/lib/api-client.ts'

/** Confirmed calls not yet over, soonest first. */
export const listUpcomingBookings = () =>
  apiRequest<AdminBookings>('/api/booking/admin?upcoming=true')

/** The secret address of the iCalendar feed of every confirmed booking. */
export const getBookingFeed = () => apiRequest<BookingFeed>('/api/booking/feed')

export const cancelBookingAsOwner = (id: string) =>
  apiRequest<{ booking: AdminBooking }>(`/api/booking/admin/${encodeURIComponent(id)}/cancel`, {
    method: 'POST',
  })

/** A new secret feed address; the old one stops working. */
export const rotateBookingFeed = () =>
  apiRequest<BookingFeed>('/api/booking/feed/rotate', { method: 'POST' })

/** The last read of the owner's busy calendar. */
export const getBusyCalendarState = () => apiRequest<BusyCalendarState>('/api/booking/busy')
