/** The weekly hours editor's "Copy to all days". */
import { WEEKDAYS, type WeeklyHours } from '#common/schemas/booking-settings.ts'

/** Every day's hours set to `day`'s (the editor's "Copy to all days"). */
export function copyHoursToAll(weekly: WeeklyHours, day: (typeof WEEKDAYS)[number]): WeeklyHours {
  const windows = weekly[day]
  return Object.fromEntries(
    WEEKDAYS.map((other) => [other, windows.map((window) => ({ ...window }))]),
  ) as WeeklyHours
}
