/**
 * The booking pages' server side: what /book and the manage page read from the booking service
 * (through the load context, never imported), and the picker's state worked out from the address.
 */
import type { PageContext } from '#app/context.ts'
import { parseValue } from '#app/lib/form.ts'
import { refusalOf, type Refusal } from '#app/lib/public-form.server.ts'
import { isTimeZone } from '#common/schemas/booking-settings.ts'
import { isLinkToken } from '#common/schemas/common.ts'
import {
  RescheduleBodySchema,
  type BookingPageSettings,
  type ManagedBookingResponse,
} from '#common/schemas/booking.ts'
import {
  addMonths,
  groupSlotsByDay,
  isDate,
  isMonth,
  ownerRangeForMonth,
  timeZoneNames,
  todayIn,
  zonedParts,
  type Slot,
} from './booking-time.ts'
import type { PickerParams, PickerView } from './booking-view.ts'

type Services = PageContext['services']

export type { BookingPageSettings }

/** A booking as its manage page shows it. */
export type ManagedBooking = ManagedBookingResponse['booking']

/** Whether booking is on, the owner's zone, lengths, place and horizon (never the busy calendar). */
export const getPublicBookingSettings = (services: Services): Promise<BookingPageSettings> =>
  services.booking.pageSettings()

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
  settings: BookingPageSettings,
  params: PickerParams,
  now: Date,
  /** A booking being moved (its manage token): its own time does not block the times offered. */
  movingToken?: string,
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
  let days = await freeDays(services, month, duration, zone, movingToken)
  if (!asked && days.size === 0 && month < lastMonth) {
    month = addMonths(month, 1)
    days = await freeDays(services, month, duration, zone, movingToken)
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
  token?: string,
): Promise<Map<string, Slot[]>> {
  const { slots } = await services.booking.slots({
    ...ownerRangeForMonth(month),
    duration,
    ...(token ? { token } : {}),
  })
  const inMonth = slots.filter((slot) => zonedParts(slot.start, zone).date.startsWith(month))
  return groupSlotsByDay(inMonth, zone)
}

type Refused = { ok: false } & Refusal

const TAKEN = 'That time was just taken by someone else. Please pick another one.'

/** What a booking page tells of a refusal: a time taken meanwhile sends the visitor back to the times. */
export const tellRefusal = ({ code, message }: Pick<Refusal, 'code' | 'message'>) =>
  code === 'slot_taken' ? { isTaken: true, message: TAKEN } : { isTaken: false, message }

/** What a post to a manage link whose token has the wrong shape answers, unlooked-up. */
const NO_BOOKING: Refused = {
  ok: false,
  status: 404,
  headers: {},
  message: 'This link does not lead to a booking',
  fieldErrors: {},
}

/** The booking of a manage link, or null for a token that names none. */
export async function findBooking(
  services: Services,
  token: string,
): Promise<ManagedBooking | null> {
  if (!isLinkToken(token)) return null
  try {
    return (await services.booking.byToken(token)).booking
  } catch (error) {
    if (refusalOf(error).status === 404) return null
    throw error
  }
}

export async function cancelBooking(
  services: Services,
  token: string,
  client: string,
): Promise<{ ok: true } | Refused> {
  if (!isLinkToken(token)) return NO_BOOKING
  try {
    await services.booking.cancel(token, client)
    return { ok: true }
  } catch (error) {
    return { ok: false, ...refusalOf(error) }
  }
}

export async function rescheduleBooking(
  services: Services,
  token: string,
  start: string,
  client: string,
): Promise<{ ok: true } | Refused> {
  if (!isLinkToken(token)) return NO_BOOKING
  const parsed = parseValue(RescheduleBodySchema, { start })
  if (!parsed.ok)
    return { ok: false, status: 400, headers: {}, message: 'Pick a time', fieldErrors: {} }
  try {
    await services.booking.reschedule(token, parsed.data, client)
    return { ok: true }
  } catch (error) {
    return { ok: false, ...refusalOf(error) }
  }
}
