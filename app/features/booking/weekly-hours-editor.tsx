/**
 * The owner's weekly hours: each day on or off, with one or more blocks of time, a block added or
 * removed, and one day's hours copied to every day that is on. The hours go with the form as one
 * JSON field.
 */
import { useState } from 'react'
import { copyHoursToAll } from './weekly-hours.ts'
import { WEEKDAYS, type WeeklyHours } from '#common/schemas/booking-settings.ts'
import type { FieldErrors } from '#app/lib/form.ts'

type Weekday = (typeof WEEKDAYS)[number]

const DAY_LABELS: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
}

const DEFAULT_WINDOW = { start: '09:00', end: '17:00' }

const TIME_INPUT =
  'w-[8.5rem] rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none'

/** The next block after the day's last one: an hour later, or the default for an empty day. */
function nextWindow(windows: WeeklyHours[Weekday]) {
  const last = windows.at(-1)
  if (!last) return DEFAULT_WINDOW
  const hour = Math.min(Number(last.end.slice(0, 2)) + 1, 22)
  const pad = (n: number) => String(n).padStart(2, '0')
  return { start: `${pad(hour)}:00`, end: `${pad(hour + 1)}:00` }
}

export function WeeklyHoursEditor({
  initial,
  errors,
  onEdit,
}: {
  initial: WeeklyHours
  errors?: FieldErrors
  onEdit: () => void
}) {
  const [weekly, setWeekly] = useState(initial)
  const update = (next: WeeklyHours) => {
    setWeekly(next)
    onEdit()
  }
  const setDay = (day: Weekday, windows: WeeklyHours[Weekday]) =>
    update({ ...weekly, [day]: windows })

  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-slate-800">Weekly hours</legend>
      <p className="mb-2 text-sm text-slate-600">
        “Copy to all” gives a day’s hours to every day that is on; days set unavailable stay off.
      </p>
      {/* A day's windows travel as one field, so a day's error shows under that day. */}
      {WEEKDAYS.map((day) => (
        <input
          key={day}
          type="hidden"
          name={`booking.weekly.${day}`}
          value={JSON.stringify(weekly[day])}
        />
      ))}
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {WEEKDAYS.map((day) => {
          const windows = weekly[day]
          const isOn = windows.length > 0
          const error = errors?.[`booking.weekly.${day}`]
          return (
            <li key={day} className="flex flex-col gap-3 px-3 py-3 sm:flex-row sm:items-start">
              <label className="flex w-36 shrink-0 items-center gap-2 pt-1.5 text-sm font-medium text-slate-800">
                <input
                  type="checkbox"
                  checked={isOn}
                  onChange={(event) => setDay(day, event.target.checked ? [DEFAULT_WINDOW] : [])}
                  className="h-4 w-4 rounded border-slate-300 text-brand-700 focus:ring-brand-600"
                />
                {DAY_LABELS[day]}
              </label>
              <div className="min-w-0 flex-1 space-y-2">
                {isOn ? (
                  windows.map((window, index) => (
                    <div key={index} className="flex flex-wrap items-center gap-2">
                      <input
                        type="time"
                        aria-label={`${DAY_LABELS[day]} block ${index + 1} from`}
                        value={window.start}
                        step={300}
                        onChange={(event) =>
                          setDay(
                            day,
                            windows.map((w, i) =>
                              i === index ? { ...w, start: event.target.value } : w,
                            ),
                          )
                        }
                        className={TIME_INPUT}
                      />
                      <span aria-hidden="true" className="text-slate-500">
                        –
                      </span>
                      <input
                        type="time"
                        aria-label={`${DAY_LABELS[day]} block ${index + 1} to`}
                        value={window.end === '24:00' ? '23:59' : window.end}
                        step={300}
                        onChange={(event) =>
                          setDay(
                            day,
                            windows.map((w, i) =>
                              i === index ? { ...w, end: event.target.value } : w,
                            ),
                          )
                        }
                        className={TIME_INPUT}
                      />
                      <button
                        type="button"
                        onClick={() =>
                          setDay(
                            day,
                            windows.filter((_, i) => i !== index),
                          )
                        }
                        className="rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                      >
                        Remove
                        <span className="sr-only">
                          {' '}
                          {DAY_LABELS[day]} block {index + 1}
                        </span>
                      </button>
                    </div>
                  ))
                ) : (
                  <p className="pt-1.5 text-sm text-slate-600">Unavailable</p>
                )}
                {error ? <p className="text-sm text-red-700">{error}</p> : null}
              </div>
              <div className="flex shrink-0 gap-1 sm:pt-0.5">
                <button
                  type="button"
                  onClick={() => setDay(day, [...windows, nextWindow(windows)])}
                  className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:text-slate-400"
                >
                  Add hours<span className="sr-only"> on {DAY_LABELS[day]}</span>
                </button>
                <button
                  type="button"
                  disabled={!isOn}
                  onClick={() => update(copyHoursToAll(weekly, day))}
                  className="rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:text-slate-400"
                >
                  Copy to all
                  <span className="sr-only"> days that are on, from {DAY_LABELS[day]}</span>
                </button>
              </div>
            </li>
          )
        })}
      </ul>
    </fieldset>
  )
}
