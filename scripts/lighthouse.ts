/**
 * `npm run lighthouse [-- --gate] [--runs=5] [--no-build] [--route=/faq]`: Lighthouse in its default
 * (mobile) setting on every public route of the production build, with the demo content, driving
 * Debian's Chromium. Prints a table and writes reports/lighthouse.md.
 * With --runs=N each route is recorded N times and the table shows the median run (Lighthouse's own
 * advice for variable scores), with the lowest and highest Performance beside it.
 * Without --gate it exits non-zero when a route's reported run misses the Performance budget or
 * scores below 100 in Accessibility, Best Practices or SEO: the budget check a closing note quotes.
 * With --gate (CI) it exits non-zero only when Accessibility, Best Practices or SEO is below 100:
 * those do not depend on how busy the machine is. Performance is printed as a report, never gated,
 * since the same build scores differently on a loaded machine.
 * Each route's reported run is kept as JSON under reports/lighthouse/ for digging into a score.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { launch } from 'chrome-launcher'
import lighthouse, { type Result } from 'lighthouse'
import { ensureBuild } from '#tests/helpers/build.ts'
import { freePort } from '#tests/helpers/free-port.ts'
import { startServer } from '#tests/helpers/server-process.ts'
import { formatTable } from '../bench/report.ts'
import { makeItTheOwners } from './lib/owners-site.ts'
import { publicRoutes } from './lib/public-routes.ts'
import { CHROMIUM_ARGS } from '#tests/e2e/support/e2e-env.ts'

/**
 * Debian's headless shell (package chromium-headless-shell) when it is installed: the same Blink and
 * V8 as Chromium without the browser around them, so on a two-core machine the instrument takes
 * less of the CPU the page's own tasks are timed on (mean Performance over all routes here: about
 * 91 with Chromium, 97 with the shell, same build). Otherwise Chromium in its headless mode.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
const CHROMIUM =
  process.env.CHROME_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')
const CHROME_FLAGS = [
  ...(CHROMIUM.includes('headless-shell') ? [] : ['--headless=new']),
  ...CHROMIUM_ARGS,
]
/** The owner account the script signs in with to set the site up as an owner would. */
const ADMIN = { email: 'lighthouse-owner@example.com', password: 'Lighthouse-owner-pass-72!' }
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const BUDGET = { performance: 95, others: 100 }
const RECORDING_ATTEMPTS = 3

/**
 * Chromium, the server and Lighthouse itself share this machine's two cores, and Lantern (Lighthouse's
 * simulation) multiplies the wall-clock length of every main-thread task of the page by four, so a
 * page task that waits for a core behind the recorder or the server is scored as the page's own
 * slowness: the same build scored 83 to 100 from run to run here. Chromium starts at a raised
 * priority (as on a phone, where the page has the device to itself; Chromium already raises its own
 * compositor threads when allowed), the server keeps the normal one (its answer times count once,
 * not four times), and this process, which only records, lowers its own. Raising needs root (CI
 * runs as root); without it only the recorder steps back.
 */
const BROWSER_NICE = -10
const RECORDER_NICE = 10

function setOwnPriority(nice: number): boolean {
  try {
    os.setPriority(nice)
    return true
  } catch {
    return false
  }
}

const gate = process.argv.includes('--gate')
const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 1)
if (!Number.isInteger(runs) || runs < 1)
  throw new Error('--runs=N needs a whole number of 1 or more')
const onlyRoutes = process.argv
  .filter((arg) => arg.startsWith('--route='))
  .map((arg) => arg.slice('--route='.length))

interface RouteScore {
  route: string
  scores: Record<(typeof CATEGORIES)[number], number>
  lcpMs: number
  tbtMs: number
  cls: number
  /** Which of the recorded runs is reported (the median by Performance). */
  attempt: number
  /** Audits that cost points in a category, for the log. */
  failing: string[]
}

function scoreOf(lhr: Result, route: string, attempt: number): RouteScore {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN
  const failing = CATEGORIES.flatMap((category) =>
    (lhr.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a && a.score !== null && a.score < 1)
      .map((a) => `${category}: ${a!.id} (${a!.score}) ${a!.displayValue ?? ''}`.trim()),
  )
  return {
    route,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    attempt,
    failing,
  }
}

/** One recorded run of a route. */
interface Run {
  score: RouteScore
  lhr: Result
}
/** A route's reported run, with how many were recorded and their lowest and highest Performance. */
type RouteResult = RouteScore & { attempts: number; performanceRange: [number, number] }

const byPerformance = (runs: Run[]) =>
  [...runs].sort(
    (a, b) =>
      (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0),
  )
/** The middle run by Performance (the lower middle of an even count). */
const medianOf = (runs: Run[]) => byPerformance(runs)[Math.floor((runs.length - 1) / 2)]!

const passesOthers = (s: RouteScore) =>
  s.scores.accessibility >= BUDGET.others &&
  s.scores['best-practices'] >= BUDGET.others &&
  s.scores.seo >= BUDGET.others
const passes = (s: RouteScore) =>
  passesOthers(s) && (gate || s.scores.performance >= BUDGET.performance)

async function seedDemoContent(dataDir: string) {
  // The embedded database belongs to one process: seed before the server opens it.
  await promisify(execFile)(process.execPath, ['build/server/cli/seed.mjs'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  })
}

async function main() {
  if (!process.argv.includes('--no-build')) await ensureBuild()
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-lighthouse-'))
  await seedDemoContent(dataDir)
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const server = await startServer({
    port,
    env: {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  })
  // Measured as the owner's site in use: booking on, their logo, portrait and fonts.
  await makeItTheOwners(url, ADMIN)
  // Chromium inherits this priority; see BROWSER_NICE.
  const raised = setOwnPriority(BROWSER_NICE)
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'error',
  })
  setOwnPriority(RECORDER_NICE)
  process.stderr.write(
    raised
      ? `[lighthouse] Chromium at nice ${BROWSER_NICE}, server at 0, recorder at ${RECORDER_NICE}\n`
      : `[lighthouse] no permission to raise Chromium's priority: Chromium and server at nice 0, recorder at ${RECORDER_NICE}\n`,
  )
  try {
    const allRoutes = await publicRoutes(url)
    const routes = onlyRoutes.length
      ? allRoutes.filter((route) => onlyRoutes.includes(route))
      : allRoutes
    const results: RouteResult[] = []
    await mkdir('reports/lighthouse', { recursive: true })
    for (const route of routes) {
      const recorded: Run[] = []
      for (let attempt = 1; attempt <= runs; attempt++) {
        const { lhr } = await runLighthouse(`${url}${route}`, chrome.port)
        recorded.push({ score: scoreOf(lhr, route, attempt), lhr })
      }
      const reported = medianOf(recorded)
      const performances = recorded.map((r) => r.score.scores.performance)
      const result: RouteResult = {
        ...reported.score,
        attempts: recorded.length,
        performanceRange: [Math.min(...performances), Math.max(...performances)],
      }
      const file = route === '/' ? 'home' : route.slice(1).replaceAll('/', '-')
      await writeFile(`reports/lighthouse/${file}.json`, JSON.stringify(reported.lhr))
      results.push(result)
      process.stderr.write(
        `[lighthouse] ${route}: ${CATEGORIES.map((c) => result.scores[c]).join('/')}` +
          (recorded.length > 1 ? ` (Performance ${performances.join(', ')})` : '') +
          '\n',
      )
    }

    const markdown = render(results)
    console.log(markdown)
    await writeFile('reports/lighthouse.md', `${markdown}\n`)
    const failing = results.flatMap((r) => r.failing.map((f) => `  ${r.route}  ${f}`))
    if (failing.length) console.log(`\nAudits below full marks:\n${failing.join('\n')}`)
    if (!results.every(passes)) {
      console.error(
        gate
          ? `\nLighthouse gate failed: every route needs Accessibility, Best Practices and SEO ${BUDGET.others} ` +
              '(Performance is reported, not gated).'
          : `\nLighthouse budget missed: every route needs Accessibility, Best Practices and SEO ` +
              `${BUDGET.others} and Performance >= ${BUDGET.performance} (median run).`,
      )
      process.exitCode = 1
    }
  } finally {
    chrome.kill()
    await server.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

/**
 * One Lighthouse run. A run that fails to record (e.g. NO_NAVSTART, NO_FCP: Chromium lost the trace
 * on a busy machine) measured nothing, so it is repeated; the scores of a recorded run never are.
 */
async function runLighthouse(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const run = await lighthouse(url, { port, output: 'json', logLevel: 'error' })
    if (!run) throw new Error(`Lighthouse returned nothing for ${url}`)
    const error = run.lhr.runtimeError
    if (!error) return run
    if (attempt >= RECORDING_ATTEMPTS) throw new Error(`${url}: ${error.message}`)
    process.stderr.write(`[lighthouse] ${url}: ${error.code}, recording again\n`)
  }
}

function render(results: RouteResult[]): string {
  const rows = results.map((r) => [
    r.route,
    ...CATEGORIES.map((c) => String(r.scores[c])),
    r.performanceRange[0] === r.performanceRange[1]
      ? String(r.performanceRange[0])
      : r.performanceRange.join('-'),
    `${Math.round(r.lcpMs)} ms`,
    `${Math.round(r.tbtMs)} ms`,
    r.cls.toFixed(3),
    `${r.attempt} of ${r.attempts}`,
  ])
  const options = [gate ? '--gate' : '', runs > 1 ? `--runs=${runs}` : ''].filter(Boolean).join(' ')
  return [
    '# Lighthouse',
    '',
    `Command: \`npm run lighthouse${options ? ` -- ${options}` : ''}\`; Lighthouse default mobile settings ` +
      `(simulated slow 4G and 4x CPU slowdown), Chromium ${CHROMIUM}, production build with the demo ` +
      `content; ${new Date().toISOString()}. ` +
      `Each route shows its median run by Performance of ${runs}. ` +
      (gate
        ? 'Gate (CI): Accessibility, Best Practices and SEO; Performance is a report.'
        : `Budget: Performance >= ${BUDGET.performance}, the others ${BUDGET.others}.`),
    '',
    formatTable(
      [
        'route',
        'Performance',
        'Accessibility',
        'Best Practices',
        'SEO',
        'Performance range',
        'LCP',
        'TBT',
        'CLS',
        'run',
      ],
      rows,
    ),
  ].join('\n')
}

await main()
