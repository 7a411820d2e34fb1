import { describe, expect, it } from 'vitest'
import { BUSY_CALENDAR_MAX_BYTES, readBusyCalendar } from './busy-calendar-reader.ts'
import { NOT_ICALENDAR } from './busy-calendar.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const FROM = Date.parse('2026-03-20T00:00:00Z')
const window = { from: FROM, until: FROM + 62 * DAY_MS, ownerZone: 'Europe/Berlin' }

const calendar = (events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//Unit//EN', ...events, 'END:VCALENDAR']
    .join('\r\n')
    .concat('\r\n')

const never = (i: number) =>
  [
    'BEGIN:VEVENT',
    `UID:never-${i}@test`,
    'DTSTART;TZID=Europe/Berlin:20260323T140000',
    'DTEND;TZID=Europe/Berlin:20260323T150000',
    'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
    'END:VEVENT',
  ].join('\r\n')

describe('readBusyCalendar', () => {
  it('reads the busy times in a worker thread', async () => {
    const text = calendar([
      'BEGIN:VEVENT\r\nUID:call@test\r\nDTSTART:20260324T090000Z\r\nDTEND:20260324T100000Z\r\nEND:VEVENT',
    ])
    expect(await readBusyCalendar({ text, ...window })).toEqual({
      spans: [
        { start: Date.parse('2026-03-24T09:00:00Z'), end: Date.parse('2026-03-24T10:00:00Z') },
      ],
      leftOut: 0,
    })
  })

  it('says why a text is no calendar', async () => {
    expect(await readBusyCalendar({ text: 'not a calendar', ...window })).toEqual({
      error: NOT_ICALENDAR,
    })
  })

  it('refuses a feed over the size cap without starting a worker', async () => {
    const text = 'X'.repeat(BUSY_CALENDAR_MAX_BYTES + 1)
    expect(await readBusyCalendar({ text, ...window })).toEqual({
      error: 'The calendar feed is larger than 2 MB',
    })
  })

  it('ends the worker at its time limit', async () => {
    // 1,000 rules that never match, each stepped through up to its cut-off: minutes of work.
    const text = calendar(Array.from({ length: 1000 }, (_, i) => never(i)))
    expect(
      await readBusyCalendar({ text, ...window }, { limits: { timeMs: 1000, heapMb: 96 } }),
    ).toEqual({ error: 'Reading the calendar took longer than 1 s' })
  })

  it('ends the worker when its heap is full', async () => {
    // 14,000 events in 2 MB need a heap of over 40 MB.
    const events = Array.from(
      { length: 14_000 },
      (_, i) =>
        `BEGIN:VEVENT\r\nUID:event-${i}@test\r\nDTSTAMP:20260301T000000Z\r\nDTSTART:20260401T090000Z\r\nDTEND:20260401T100000Z\r\nSUMMARY:Busy ${i}\r\nEND:VEVENT`,
    )
    expect(
      await readBusyCalendar(
        { text: calendar(events), ...window },
        { limits: { timeMs: 60_000, heapMb: 16 } },
      ),
    ).toEqual({ error: 'Reading the calendar needed more than 16 MB of memory' })
  })

  it('ends the worker when the read is stopped', async () => {
    const text = calendar(Array.from({ length: 1000 }, (_, i) => never(i)))
    const stop = new AbortController()
    const read = readBusyCalendar({ text, ...window }, { signal: stop.signal })
    stop.abort()
    expect(await read).toEqual({ error: 'The read was stopped' })
  })
})
