/**
 * The booking pages' server side: what /book and the manage page read from the booking service
 * (through the load context, never imported), and the picker's state worked out from the address.
 */
import type { AppLoadContext } from 'react-router'
import { serviceFailure } from '#app/lib/public-form-post.ts'
import {
  addMonths,
  groupSlotsByDay,
  isDate,
  isMonth,
  isTimeZone,
  ownerRangeForMonth,
  timeZoneNames,
  todayIn,
  zonedParts,
  type Slot,
} from './booking-time.ts'
import type { PickerParams, PickerView } from './booking-view.ts'

type Services = AppLoadContext['services']

/** The booking settings a visitor may see (never the busy calendar's address). */
export interface PublicBookingSettings {
  enabled: boolean
  timeZone: string
  durations: number[]
  location: string
  horizonDays: number
}

/** A booking as its manage page shows it. */
export interface ManagedBooking {
  _id: string
  start: string
  end: string
  status: 'confirmed' | 'cancelled'
  name: string
  timeZone: string
  location: string
  duration: number
}

interface BookingServiceLike {
  getPublicSettings(): Promise<PublicBookingSettings>
  listSlots(query: { from: string; to: string; duration: number }): Promise<{ slots: Slot[] }>
  book(
    body: BookCallBody,
  ): Promise<{ booking: BookCallResult & { ok: true } extends { booking: infer B } ? B : never }>
  findByToken(token: string): Promise<ManagedBooking | null>
  cancel(token: string): Promise<unknown>
  reschedule(token: string, start: string): Promise<unknown>
}

const bookingService = (services: Services) =>
  (services as unknown as { booking: BookingServiceLike }).booking

export const getPublicBookingSettings = (services: Services) =>
  bookingService(services).getPublicSettings()

/** The picker's choices read from an address: unknown or malformed values are left out. */
export function pickerParamsOf(url: URL): PickerParams {
  const search = url.searchParams
  const duration = Number(search.get('duration'))
  const timeZone = search.get('timeZone') ?? ''
  const month = search.get('month') ?? ''
  const day = search.get('day') ?? ''
  const start = search.get('start') ?? ''
  return {
    duration: Number.isInteger(duration) && duration > 0 ? duration : undefined,
    timeZone: isTimeZone(timeZone) ? timeZone : undefined,
    month: isMonth(month) ? month : undefined,
    day: isDate(day) ? day : undefined,
    start: start && !Number.isNaN(Date.parse(start)) ? new Date(start).toISOString() : undefined,
  }
}

/**
 * The picker's state for `params`: the month shown (the day's, the one asked for, or this month,
 * moving on once when this month has no free time left), its free days in the visitor's zone, the
 * day picked (the first free one unless the visitor picked another) and its times.
 */
export async function loadPicker(
  services: Services,
  settings: PublicBookingSettings,
  params: PickerParams,
  now: Date,
): Promise<PickerView> {
  const duration =
    params.duration !== undefined && settings.durations.includes(params.duration)
      ? params.duration
      : settings.durations[0]!
  const zone = params.timeZone ?? settings.timeZone
  const today = todayIn(zone, now)
  const firstMonth = today.slice(0, 7)
  const lastMonth = todayIn(
    zone,
    new Date(now.getTime() + settings.horizonDays * 24 * 60 * 60 * 1000),
  ).slice(0, 7)
  const clamp = (month: string) =>
    month < firstMonth ? firstMonth : month > lastMonth ? lastMonth : month
  const asked = params.day?.slice(0, 7) ?? params.month
  let month = clamp(asked ?? firstMonth)
  let days = await freeDays(services, month, duration, zone)
  if (!asked && days.size === 0 && month < lastMonth) {
    month = addMonths(month, 1)
    days = await freeDays(services, month, duration, zone)
  }
  const day = params.day && days.has(params.day) ? params.day : ([...days.keys()][0] ?? null)
  const times = day ? (days.get(day) ?? []) : []
  const chosen = times.find((slot) => slot.start === params.start) ?? null
  const zones = timeZoneNames()
  if (!zones.includes(zone)) zones.unshift(zone)
  return {
    durations: settings.durations,
    duration,
    zone,
    isZoneChosen: params.timeZone !== undefined,
    zones,
    month,
    prevMonth: month > firstMonth ? addMonths(month, -1) : null,
    nextMonth: month < lastMonth ? addMonths(month, 1) : null,
    freeDays: [...days.keys()],
    day,
    times,
    chosen,
    now: now.toISOString(),
  }
}

/** The free slots of `month` (days in `zone`), grouped by day. */
async function freeDays(
  services: Services,
  month: string,
  duration: number,
  zone: string,
): Promise<Map<string, Slot[]>> {
  const { slots } = await bookingService(services).listSlots({
    ...ownerRangeForMonth(month),
    duration,
  })
  const inMonth = slots.filter((slot) => zonedParts(slot.start, zone).date.startsWith(month))
  return groupSlotsByDay(inMonth, zone)
}

export interface BookCallBody {
  start: string
  duration: number
  name: string
  email: string
  timeZone: string
  message?: string
  projectType?: string
  budget?: string
  timeline?: string
}

export type BookCallResult =
  | { ok: true; booking: { _id: string; start: string; end: string; manageUrl: string } }
  | { ok: false; status: number; message: string; fieldErrors: Record<string, string> }

/** What a refused post tells the visitor; a message naming a field ("email: ...") is that field's. */
function refusal(error: unknown): BookCallResult & { ok: false } {
  const { status, detail } = serviceFailure(error)
  const [, field, reason] = /^(\w+): (.*)$/.exec(detail) ?? []
  const fieldErrors: Record<string, string> = field && reason ? { [field]: reason } : {}
  return { ok: false, status, message: detail, fieldErrors }
}

/** Books the call; a refusal (400 naming a field, 409 for a time no longer free) as its answer. */
export async function bookCall(services: Services, body: BookCallBody): Promise<BookCallResult> {
  try {
    const { booking } = await bookingService(services).book(body)
    return { ok: true, booking }
  } catch (error) {
    return refusal(error)
  }
}

/** The booking of a manage link, or null for a token that names none. */
export async function findBooking(
  services: Services,
  token: string,
): Promise<ManagedBooking | null> {
  return bookingService(services).findByToken(token)
}

export async function cancelBooking(
  services: Services,
  token: string,
): Promise<{ ok: true } | (BookCallResult & { ok: false })> {
  try {
    await bookingService(services).cancel(token)
    return { ok: true }
  } catch (error) {
    return refusal(error)
  }
}

export async function rescheduleBooking(
  services: Services,
  token: string,
  start: string,
): Promise<{ ok: true } | (BookCallResult & { ok: false })> {
  try {
    await bookingService(services).reschedule(token, start)
    return { ok: true }
  } catch (error) {
    return refusal(error)
  }
}
