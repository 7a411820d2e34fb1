/** The weekly hours editor's "Copy to all". */
import { WEEKDAYS, type WeeklyHours } from '#common/schemas/booking-settings.ts'

/**
 * `day`'s hours given to every other day that is on; a day set unavailable (no hours) stays off,
 * since the owner turned it off on purpose (the editor's "Copy to all").
 */
export function copyHoursToAll(weekly: WeeklyHours, day: (typeof WEEKDAYS)[number]): WeeklyHours {
  const windows = weekly[day]
  return Object.fromEntries(
    WEEKDAYS.map((other) => [
      other,
      weekly[other].length === 0 ? [] : windows.map((window) => ({ ...window })),
    ]),
  ) as WeeklyHours
}
