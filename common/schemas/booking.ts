/** Booked calls: the free slots, a visitor's booking, its manage page, and the owner's lists. */
import { z } from 'zod'
import { TEXT_LIMITS } from '../constants.ts'
import { timeZoneSchema, type BookingSettings } from './booking-settings.ts'
import { EmailSchema, requiredText, text } from './common.ts'
import { ContactBodySchema } from './messages.ts'

/** The most days one GET /api/booking/slots may cover (from and to both counted). */
const BOOKING_SLOTS_MAX_DAYS = 62

const DATE = /^\d{4}-\d{2}-\d{2}$/
const isCalendarDate = (value: string) => {
  if (!DATE.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/**
 * The years a date may name: no call is booked decades away, and the database the slots are read
 * against has no year 0 (PostgreSQL counts 1 BC before AD 1), so a query holding one fails.
 */
const FIRST_YEAR = 2000
const LAST_YEAR = 2100
const isBookingYear = (instant: Date) =>
  instant.getUTCFullYear() >= FIRST_YEAR && instant.getUTCFullYear() <= LAST_YEAR
const YEARS = `in the years ${FIRST_YEAR} to ${LAST_YEAR}`

const dayOf = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .refine(isCalendarDate, { error: `${label} must be a date such as 2026-03-30`, abort: true })
    .refine((value) => isBookingYear(new Date(`${value}T00:00:00Z`)), {
      error: `${label} must be ${YEARS}`,
    })

/** A query number: the string a URL carries, or a number. */
const minutesParam = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value),
  z
    .number({ error: 'Duration must be a number of minutes' })
    .int({ error: 'Duration must be a whole number of minutes' }),
)

export const BookingSlotsQuerySchema = z
  .object({
    from: dayOf('From'),
    to: dayOf('To'),
    /** One of the settings' meeting lengths; the first one when left out. */
    duration: minutesParam.optional(),
    /**
     * A booking's manage token: the slots it can be moved to (its own time does not block them,
     * and its length is the default).
     */
    token: text('Token', TEXT_LIMITS.short, { trim: false }).optional(),
  })
  .refine((query) => query.from <= query.to, { error: 'To must not be before from', path: ['to'] })
  .refine(
    (query) =>
      (Date.parse(`${query.to}T00:00:00Z`) - Date.parse(`${query.from}T00:00:00Z`)) / 86_400_000 <
      BOOKING_SLOTS_MAX_DAYS,
    { error: `Slots cover at most ${BOOKING_SLOTS_MAX_DAYS} days`, path: ['to'] },
  )
export type BookingSlotsQuery = z.infer<typeof BookingSlotsQuerySchema>

const SlotSchema = z.object({ start: z.string(), end: z.string() })

export const BookingSlotsSchema = z.object({
  /** The owner's zone, which `from` and `to` are read in. */
  timeZone: z.string(),
  duration: z.number().int(),
  /** ISO 8601 UTC, earliest first. */
  slots: z.array(SlotSchema),
})
export type BookingSlots = z.infer<typeof BookingSlotsSchema>

const isoInstant = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .refine((value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)), {
      error: `${label} must be a date and time such as 2026-03-30T09:00:00Z`,
      abort: true,
    })
    .refine((value) => isBookingYear(new Date(value)), { error: `${label} must be ${YEARS}` })

const { projectType, budget, timeline } = ContactBodySchema.shape

export const BookingBodySchema = z.object({
  start: isoInstant('Start'),
  duration: z
    .number({ error: 'Duration must be a number of minutes' })
    .int({ error: 'Duration must be a whole number of minutes' }),
  name: requiredText('Name', TEXT_LIMITS.name),
  email: EmailSchema,
  /** The visitor's own zone: the mails show the time in it. */
  timeZone: timeZoneSchema('Time zone'),
  message: text('Message', TEXT_LIMITS.message)
    .optional()
    .transform((value) => value || undefined),
  projectType,
  budget,
  timeline,
})
export type BookingBody = z.infer<typeof BookingBodySchema>

export const RescheduleBodySchema = z.object({ start: isoInstant('Start') })
export type RescheduleBody = z.infer<typeof RescheduleBodySchema>

const BOOKING_STATUSES = ['confirmed', 'cancelled'] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]

/** POST /api/booking's answer. */
export const BookingCreatedSchema = z.object({
  booking: z.object({
    _id: z.string(),
    start: z.string(),
    end: z.string(),
    status: z.enum(BOOKING_STATUSES),
    manageUrl: z.string(),
  }),
})
export type BookingCreated = z.infer<typeof BookingCreatedSchema>

/** What the visitor's and the owner's views of a booking both say first: its time and who. */
const CallSchema = z.object({
  _id: z.string(),
  start: z.string(),
  end: z.string(),
  duration: z.number().int(),
  status: z.enum(BOOKING_STATUSES),
  name: z.string(),
})

/** A booking as its manage page shows it (GET /api/booking/{token}, cancel, reschedule). */
const ManagedBookingSchema = CallSchema.extend({
  location: z.string(),
  /** The visitor's zone, as booked. */
  timeZone: z.string(),
  /** The owner's zone (the settings'). */
  ownerTimeZone: z.string(),
  ownerName: z.string(),
  manageUrl: z.string(),
  /** Whether it can still be moved or cancelled (confirmed and not yet begun). */
  isChangeable: z.boolean(),
})
export const ManagedBookingResponseSchema = z.object({ booking: ManagedBookingSchema })
export type ManagedBookingResponse = z.infer<typeof ManagedBookingResponseSchema>

export const BookingTokenParamsSchema = z.object({
  token: text('Token', TEXT_LIMITS.short, { trim: false }),
})

/** A booking as the owner sees it (dashboard, admin list). */
const AdminBookingSchema = CallSchema.extend({
  email: z.string(),
  timeZone: z.string(),
  location: z.string(),
  /** The text of its inquiry (the inbox message), which holds what the visitor wrote. */
  message: z.string().nullable(),
  /**
   * The inbox message the booking made (stage "call"), its inquiry: always set now, since deleting
   * the inquiry deletes the booking; nullable as the contract has it.
   */
  messageId: z.string().nullable(),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
})
export type AdminBooking = z.infer<typeof AdminBookingSchema>

export const AdminBookingsQuerySchema = z.object({
  /** "true": confirmed calls not yet over, soonest first; otherwise every booking, newest first. */
  upcoming: z
    .enum(['true', 'false'], { error: 'Upcoming must be true or false' })
    .optional()
    .transform((value) => value === 'true'),
})
export const AdminBookingsSchema = z.object({ bookings: z.array(AdminBookingSchema) })
export type AdminBookings = z.infer<typeof AdminBookingsSchema>

/** GET /api/booking/feed: the secret address of the iCalendar feed of every confirmed booking. */
export const BookingFeedSchema = z.object({ url: z.string() })
export type BookingFeed = z.infer<typeof BookingFeedSchema>

/** GET /api/booking/busy: the last read of the owner's busy calendar (all null before the first). */
export const BusyCalendarStateSchema = z.object({
  fetchedAt: z.string().nullable(),
  /** How many busy times it held within the horizon. */
  events: z.number().int().nullable(),
  /** Why the last read failed (the busy times of the read before stay), or null. */
  error: z.string().nullable(),
})
export type BusyCalendarState = z.infer<typeof BusyCalendarStateSchema>

/** What the /book page needs of the settings (never the busy calendar's secret address). */
export interface BookingPageSettings extends Pick<
  BookingSettings,
  'enabled' | 'timeZone' | 'durations' | 'location' | 'minNoticeHours' | 'horizonDays'
> {
  ownerName: string
}
