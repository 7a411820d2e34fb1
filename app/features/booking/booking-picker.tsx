/**
 * The booking picker as the server renders it: the meeting's lengths, a month of days with the free
 * ones as links, the chosen day's times as buttons, and the time zone they are shown in. Every
 * choice is a link or a GET form, so it works without JavaScript; with it, the static pages' script
 * (enhanceBooking in page-behaviour.ts) swaps the picker in place instead of loading a page.
 */
import { useId } from 'react'
import {
  formatDay,
  formatMonth,
  formatShortDay,
  formatTime,
  monthWeeks,
  zoneLabel,
  zoneName,
  zonedParts,
} from './booking-time.ts'
import { formatShortDuration, pickerHref, type PickerView } from './booking-view.ts'
import { cn } from '#app/lib/cn.ts'

const WEEKDAYS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const

interface PickerProps {
  view: PickerView
  /** The page the picker's links and forms go to ("/book", a manage page). */
  path: string
  /** Parameters of the page's own that every link keeps (the manage page's step). */
  keep?: Record<string, string>
}

/** The choices that stay when one of them changes: the zone only when the visitor chose it. */
const baseOf = (view: PickerView) => ({
  duration: view.durations.length > 1 ? view.duration : undefined,
  timeZone: view.isZoneChosen ? view.zone : undefined,
})

/** The lengths a call can take, as links; the chosen one is marked current. */
export function DurationChoice({ view, path, keep }: PickerProps) {
  if (view.durations.length < 2) return null
  return (
    <nav aria-label="Meeting length" className="flex flex-wrap gap-2">
      {view.durations.map((minutes) => {
        const isCurrent = minutes === view.duration
        return (
          <a
            key={minutes}
            href={pickerHref(path, { ...baseOf(view), duration: minutes }, keep)}
            data-booking-nav
            aria-current={isCurrent ? 'true' : undefined}
            className={cn(
              'rounded-full px-3.5 py-1.5 text-sm font-medium ring-1 transition-colors',
              isCurrent
                ? 'bg-slate-900 text-white ring-slate-900'
                : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50 hover:ring-slate-400',
            )}
          >
            {formatShortDuration(minutes)}
          </a>
        )
      })}
    </nav>
  )
}

/**
 * The zone times are shown in: a select in a GET form. Without JavaScript its button applies it;
 * with JavaScript a change applies at once and the button is hidden.
 */
export function ZoneChoice({ view, path, keep }: PickerProps) {
  const id = useId()
  return (
    <form method="get" action={path} className="space-y-1.5">
      {Object.entries(keep ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {view.durations.length > 1 ? (
        <input type="hidden" name="duration" value={view.duration} />
      ) : null}
      <input type="hidden" name="month" value={view.month} />
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Time zone
      </label>
      <div className="flex flex-wrap gap-2">
        <select
          id={id}
          name="timeZone"
          defaultValue={view.zone}
          data-booking-zone
          className="block min-w-48 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
        >
          {view.zones.map((zone) => (
            <option key={zone} value={zone}>
              {zoneName(zone)}
            </option>
          ))}
        </select>
        <button
          type="submit"
          data-without-js
          className="shrink-0 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          Apply
        </button>
      </div>
    </form>
  )
}

/** The month's days, Monday first; a day with a free time is a link, the chosen one filled. */
export function MonthCalendar({ view, path, keep }: PickerProps) {
  const titleId = useId()
  const free = new Set(view.freeDays)
  const monthLink = (month: string) => pickerHref(path, { ...baseOf(view), month }, keep)
  const arrow =
    'flex h-9 w-9 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100'
  // A link to the month before or after, or a greyed arrow where there is none to book in.
  const monthArrow = (month: string | null, direction: 'left' | 'right', label: string) =>
    month ? (
      <a href={monthLink(month)} data-booking-nav className={arrow}>
        <span className="sr-only">{label}</span>
        <Chevron direction={direction} />
      </a>
    ) : (
      <span className={cn(arrow, 'text-slate-300 hover:bg-transparent')} aria-hidden="true">
        <Chevron direction={direction} />
      </span>
    )
  return (
    <div>
      <div className="flex items-center justify-between">
        <h2 id={titleId} className="text-base font-semibold text-slate-900">
          {formatMonth(view.month)}
        </h2>
        <div className="flex gap-1">
          {monthArrow(view.prevMonth, 'left', 'Previous month')}
          {monthArrow(view.nextMonth, 'right', 'Next month')}
        </div>
      </div>
      <table
        aria-labelledby={titleId}
        className="mt-4 w-full table-fixed border-separate border-spacing-1"
      >
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th
                key={short}
                scope="col"
                abbr={long}
                className="pb-1 text-center text-xs font-medium tracking-wide text-slate-600 uppercase"
              >
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(view.month).map((week, i) => (
            <tr key={i}>
              {week.map((date, j) => (
                <td key={j} className="p-0 text-center">
                  {date ? (
                    <DayCell
                      date={date}
                      view={view}
                      path={path}
                      keep={keep}
                      isFree={free.has(date)}
                    />
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {view.freeDays.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No free times this month.</p>
      ) : null}
    </div>
  )
}

function DayCell({
  date,
  view,
  path,
  keep,
  isFree,
}: PickerProps & { date: string; isFree: boolean }) {
  const number = Number(date.slice(8))
  const cell =
    'mx-auto flex aspect-square w-full max-w-12 items-center justify-center rounded-lg text-sm'
  const [weekdayAndMonth] = formatDay(date).split(` ${number},`)
  const hidden = <span className="sr-only">{weekdayAndMonth} </span>
  if (!isFree)
    return (
      <span className={cn(cell, 'text-slate-500')}>
        {hidden}
        {number}
        <span className="sr-only">, no free time</span>
      </span>
    )
  const isCurrent = date === view.day
  return (
    <a
      href={pickerHref(path, { ...baseOf(view), day: date }, keep)}
      data-booking-nav
      aria-current={isCurrent ? 'date' : undefined}
      className={cn(
        cell,
        'font-semibold transition-colors',
        isCurrent
          ? 'bg-slate-900 text-white'
          : 'bg-brand-50 text-brand-800 ring-1 ring-brand-100 hover:bg-brand-100',
      )}
    >
      {hidden}
      {number}
    </a>
  )
}

/**
 * The chosen day's free times as buttons of a GET form: a button picks its time (`start`), with
 * the other choices in hidden fields.
 */
export function TimeList({ view, path, keep }: PickerProps) {
  const titleId = useId()
  const base = baseOf(view)
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="text-base font-semibold text-slate-900">
        {view.day ? formatShortDay(view.day) : 'Pick a day'}
      </h2>
      {view.day && view.times.length > 0 ? (
        <form method="get" action={path} className="mt-4">
          {Object.entries(keep ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {base.duration !== undefined ? (
            <input type="hidden" name="duration" value={base.duration} />
          ) : null}
          {base.timeZone ? <input type="hidden" name="timeZone" value={base.timeZone} /> : null}
          <input type="hidden" name="day" value={view.day} />
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-1">
            {view.times.map((slot) => (
              <li key={slot.start}>
                <button
                  type="submit"
                  name="start"
                  value={slot.start}
                  className="w-full rounded-md border border-brand-600/40 bg-white px-3 py-2.5 text-sm font-semibold text-brand-700 transition-colors hover:border-brand-700 hover:bg-brand-50"
                >
                  {formatTime(slot.start, view.zone)}
                </button>
              </li>
            ))}
          </ul>
        </form>
      ) : (
        <p className="mt-4 text-sm text-slate-600">
          {view.freeDays.length > 0
            ? 'Pick a highlighted day to see its times.'
            : 'Try the next month for a free time.'}
        </p>
      )}
      <p className="mt-4 text-xs text-slate-600">
        Times in {zoneLabel(view.zone, view.times[0]?.start ?? view.now)}
      </p>
    </section>
  )
}

/** The chosen time in the visitor's zone: "9:00 AM – 9:30 AM". */
export function timeRange(slot: { start: string; end: string }, zone: string): string {
  return `${formatTime(slot.start, zone)} – ${formatTime(slot.end, zone)}`
}

/** The date of an instant in `zone`, written out. */
export function dayOf(iso: string, zone: string): string {
  return formatDay(zonedParts(iso, zone).date)
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      className="h-5 w-5"
      aria-hidden="true"
    >
      <path
        d={direction === 'left' ? 'M12.5 15 7.5 10l5-5' : 'm7.5 15 5-5-5-5'}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
