/**
 * `npm run test:e2e:dated [-- --only=LABEL] [more playwright arguments]`: runs the browser specs
 * that depend on today's date (booking and the journal) once for each awkward day, with the
 * server's and the browsers' clocks moved to it (CLOCK_OFFSET_MS, E2E_CLOCK_OFFSET_MS): the 1st,
 * the 3rd and the 31st of a month, the days the clocks change in New York and in Berlin, 29
 * February and 31 December. Each day is the next one to come, so the moved clocks stay ahead of
 * the machine's (a cookie set "in the past" would be dropped). Prints one line a day and exits
 * non-zero when any day failed.
 */
import { spawn } from 'node:child_process'
import { DateTime } from 'luxon'

const SPECS = ['tests/e2e/booking.spec.ts', 'tests/e2e/journal.spec.ts']
const BERLIN = 'Europe/Berlin'
const NEW_YORK = 'America/New_York'

const today = DateTime.utc().startOf('day')

/** The first day after today (in `zone`) for which `is` holds, at `time` there. */
function nextDay(zone: string, time: string, is: (day: DateTime) => boolean): DateTime {
  let day = today.setZone(zone).startOf('day').plus({ days: 1 })
  while (!is(day)) day = day.plus({ days: 1 })
  const [hour, minute] = time.split(':').map(Number)
  return day.set({ hour, minute })
}

/** The day the clocks change in `zone`: its offset at its end differs from its start's. */
const isClockChange = (day: DateTime) => day.offset !== day.endOf('day').offset

const DAYS: { label: string; at: DateTime }[] = [
  { label: 'the 1st of a month', at: nextDay(BERLIN, '09:00', (d) => d.day === 1) },
  // The day CI first failed on: "December 3" is the start of "December 31".
  { label: 'the 3rd of a month', at: nextDay(BERLIN, '09:00', (d) => d.day === 3) },
  // Late evening in New York: already the 1st of the next month in Berlin.
  { label: 'the 31st of a month', at: nextDay(NEW_YORK, '21:30', (d) => d.day === 31) },
  { label: 'clocks change in New York', at: nextDay(NEW_YORK, '00:30', isClockChange) },
  { label: 'clocks change in Berlin', at: nextDay(BERLIN, '00:30', isClockChange) },
  {
    label: '29 February',
    at: nextDay('UTC', '12:00', (d) => d.month === 2 && d.day === 29),
  },
  { label: '31 December', at: nextDay(BERLIN, '22:30', (d) => d.month === 12 && d.day === 31) },
]

const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length)
const passThrough = process.argv.slice(2).filter((arg) => !arg.startsWith('--only='))

function runAt(at: DateTime): Promise<number> {
  const offset = at.toMillis() - Date.now()
  return new Promise((resolve, reject) => {
    const child = spawn(
      'npx',
      ['playwright', 'test', '--project=chromium', '--retries=0', ...SPECS, ...passThrough],
      { stdio: 'inherit', env: { ...process.env, E2E_CLOCK_OFFSET_MS: String(offset) } },
    )
    child.on('error', reject)
    child.on('close', (code) => resolve(code ?? 1))
  })
}

const results: string[] = []
let failed = 0
for (const { label, at } of DAYS) {
  if (only && !label.includes(only)) continue
  const stamp = at.toISO({ suppressMilliseconds: true })
  console.log(`\n== ${label}: ${stamp} (${at.zoneName})`)
  const code = await runAt(at)
  if (code !== 0) failed += 1
  results.push(`${code === 0 ? 'passed' : 'FAILED'}  ${label}  ${stamp}`)
}
console.log(`\n${results.join('\n')}`)
process.exit(failed ? 1 : 0)
