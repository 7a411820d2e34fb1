/**
 * `npm run bench [-- --db=pglite|postgres|both] [--scale] [--duration=10] [--connections=50] [--only=TEXT] [--inbox-only] [--link-checks-only] [--visits-only] [--hostile-stats-only] [--render-only] [--outbox-only] [--invoice-only] [--agreement-only] [--load-only]`
 *
 * Starts the production build on a fresh database seeded in bulk (1,000 portfolio entries and
 * 10,000 messages), load-tests the public reads, two server-rendered pages, the admin summary and
 * the contact call with autocannon, and compares each figure with a bare node:http server run in
 * the same session (the ceiling). Also prints the server's peak memory and its start-up time on an
 * existing embedded database. `--scale` grows the same databases to 100,000 entries and 1,000,000
 * messages and compares sequential (server) times at both sizes. Writes reports/bench.md.
 * Not part of CI: it takes minutes and the figures depend on the machine.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import type { DatabaseOptions } from '#server/db/client.ts'
import { ROOT_DIR } from '#server/lib/paths.ts'
import { ensureBuild } from '#tests/helpers/build.ts'
import { startServer, type ServerProcess } from '#tests/helpers/server-process.ts'
import {
  loadTest,
  processMemory,
  memoryParts,
  withPeakMemory,
  sequentialMedian,
  type LoadOptions,
  type LoadResult,
  type Target,
} from './measure.ts'
import { measurePageWeights } from '#scripts/lib/measure-page-weight.ts'
import { BUDGETS, pageWeightTable, type PageWeight } from '#scripts/lib/page-weight.ts'
import { formatTable } from './report.ts'
import { INBOX_MESSAGES, measureInboxSearch, type InboxSearchResult } from './inbox-search.ts'
import { OUTBOX_BURST, measureOutboxSender, type OutboxSenderResult } from './outbox-sender.ts'
import {
  LINK_CHECK_ENTRIES,
  measureLinkCheckRound,
  type LinkCheckRoundResult,
} from './link-check-round.ts'
import { seedBench, type SeedCounts } from './seed.ts'
import { measureVisitCounting, renderVisitCounting } from './visit-counting.ts'
import { HOSTILE_VISITS, measureHostileStats, renderHostileStats } from './hostile-stats.ts'
import { measureStartup, timeOneStart } from './startup.ts'
import { measureRender, renderRender } from './render.ts'
import { AGREEMENTS, measureAgreementPdf, renderAgreementPdf } from './agreement-pdf.ts'
import { INVOICE_PDFS, measureInvoicePdf, renderInvoicePdf } from './invoice-pdf.ts'

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    scale: { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    // Load-test only the targets whose name contains this text (for quick comparisons).
    only: { type: 'string' },
    // Only the inbox search case (seeds its own embedded database; no server, no load).
    'inbox-only': { type: 'boolean', default: false },
    'outbox-only': { type: 'boolean', default: false },
    // Only the visit statistics case: / with counting on and off, and the storage per 10,000 visits.
    'visits-only': { type: 'boolean', default: false },
    // Only GET /api/stats over 200,000 hostile visits (its time and the server's peak memory).
    'hostile-stats-only': { type: 'boolean', default: false },
    // Only the link-check round (its own child process, database and local target server).
    'link-checks-only': { type: 'boolean', default: false },
    // Only rendering without the cache: each public route uncached and cached, campaign links, a crawl.
    'render-only': { type: 'boolean', default: false },
    // Only the invoice PDF: its median time and the server's peak memory while 20 are made at once.
    'invoice-only': { type: 'boolean', default: false },
    // Only the signed agreement: a signature's median time and the peak while 10 are signed at once.
    'agreement-only': { type: 'boolean', default: false },
    // Only the load runs on each database, with their memory and start-up table.
    'load-only': { type: 'boolean', default: false },
  },
})
if (!['pglite', 'postgres', 'both'].includes(args.db))
  throw new Error('--db must be pglite, postgres or both')
const kinds = (args.db === 'both' ? ['pglite', 'postgres'] : [args.db]) as DatabaseOptions['kind'][]

const BASE: SeedCounts = { websites: 1_000, messages: 10_000 }
const SCALE: SeedCounts = { websites: 100_000, messages: 1_000_000 }
const WEBSITES_PAGE_SIZE = 10
const POSTGRES_SERVER =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const ADMIN = {
  email: process.env.ADMIN_EMAIL ?? 'bench-admin@example.com',
  password: process.env.ADMIN_PASSWORD ?? 'Bench-Passw0rd!',
}
const LOAD: LoadOptions = {
  connections: Number(args.connections),
  durationSeconds: Number(args.duration),
  warmupSeconds: 2,
}
const TARGETS = {
  apiRatio: 0.06,
  pageRatio: 0.03,
  p99Ms: 25,
  pgliteApiRps: 2 * 650,
  rssMb: 220,
  /** Under load (issue 54, re-based on Node 24: V8 13.6 sizes its heap to about 1.3x the live objects). */
  peakUnderLoadMb: 300,
  firstStartMb: 200,
  startupMs: 3_000,
  growthFactor: 2,
  lastPageMs: 25,
  inboxSearchMs: 50,
}

/** Environment of every server the bench starts: React's production build, quiet logs, no rate limits. */
const serverEnv = (dataDir: string, databaseUrl?: string) => ({
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  RATE_LIMIT_SCALE: '0',
  LOG_LEVEL: 'warn',
  MAIL_RETRY_INTERVAL_MS: '600000',
  // The seeded links point nowhere: no check round during the load (measured on its own below).
  LINK_CHECK_INTERVAL_HOURS: '0',
})

/** A bound for a start on a busy machine, not a target (start-up time is measured separately). */
const START_TIMEOUT_MS = 300_000

/** How long the server is left without traffic before its idle memory is read. */
const IDLE_SETTLE_MS = 5_000
/** A bound on the wait for the outbox to send what the contact run queued (seconds, not a target). */
const OUTBOX_DRAIN_TIMEOUT_MS = 300_000

/**
 * Waits until the outbox holds no queued mail: the contact run queues two mails a post, which the
 * sender goes on delivering for seconds after the last request. Memory read before then is a
 * process at work, not an idle one. Returns how long the wait took.
 */
async function waitForOutboxDrained(baseUrl: string, token: string): Promise<number> {
  const started = performance.now()
  for (;;) {
    const response = await fetch(`${baseUrl}/api/outbox?status=queued`, {
      headers: { authorization: `Bearer ${token}` },
    })
    if (!response.ok) throw new Error(`GET /api/outbox: HTTP ${response.status}`)
    const { total } = (await response.json()) as { total: number }
    const waited = performance.now() - started
    if (total === 0) return waited
    if (waited > OUTBOX_DRAIN_TIMEOUT_MS) throw new Error(`${total} mails still queued`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

const lastPage = (counts: SeedCounts) => Math.ceil(counts.websites / WEBSITES_PAGE_SIZE)

function readTargets(counts: SeedCounts, token: string): Target[] {
  const admin = { authorization: `Bearer ${token}` }
  const first = '/api/websites/search?page=1'
  const last = `/api/websites/search?page=${lastPage(counts)}`
  return [
    { name: `GET ${first}`, path: first, kind: 'api-read' },
    { name: `GET ${last} (last)`, path: last, kind: 'api-read' },
    { name: 'GET / (SSR)', path: '/', kind: 'page' },
    { name: 'GET /portfolio (SSR)', path: '/portfolio', kind: 'page' },
    {
      name: 'GET /api/summary/summary (admin)',
      path: '/api/summary/summary',
      headers: admin,
      kind: 'admin-read',
    },
    // With credentials, which the response cache never answers: the database path every time.
    { name: `GET ${first} (uncached)`, path: first, headers: admin, kind: 'uncached-read' },
    { name: `GET ${last} (last, uncached)`, path: last, headers: admin, kind: 'uncached-read' },
    {
      name: 'GET /portfolio (SSR, uncached)',
      path: '/portfolio',
      headers: admin,
      kind: 'uncached-read',
    },
  ]
}

const contactTarget: Target = {
  name: 'POST /api/messages/contact (20 connections)',
  connections: 20,
  path: '/api/messages/contact',
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    fullName: 'Load Test',
    email: 'load.test@example.com',
    subject: 'Benchmark message',
    message: 'A message posted by the benchmark to measure the contact call under load.',
  }),
  kind: 'write',
}

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/users/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  if (!response.ok)
    throw new Error(`admin sign-in failed: HTTP ${response.status} ${await response.text()}`)
  return ((await response.json()) as { token: string }).token
}

/** Uploads a photo as the admin screen does, which loads sharp (libvips) into the server. */
async function uploadImage(baseUrl: string, token: string) {
  const form = new FormData()
  const photo = await readFile(path.join(ROOT_DIR, 'tests/fixtures/image.jpg'))
  form.append('image', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg')
  const response = await fetch(`${baseUrl}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  if (!response.ok)
    throw new Error(`upload failed: HTTP ${response.status} ${await response.text()}`)
}

async function measureCeiling(): Promise<LoadResult> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'ceiling-server.ts')],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  try {
    const [chunk] = (await once(child.stdout, 'data')) as [Buffer]
    const port = Number(chunk.toString().trim())
    return await loadTest(
      `http://127.0.0.1:${port}`,
      { name: 'ceiling', path: '/', kind: 'api-read' },
      LOAD,
    )
  } finally {
    child.kill('SIGTERM')
  }
}

interface Scratch {
  options: DatabaseOptions
  dataDir: string
  databaseUrl?: string
  drop(): Promise<void>
}

async function createScratch(kind: DatabaseOptions['kind']): Promise<Scratch> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `site-bench-${kind}-`))
  const removeDir = () => rm(dataDir, { recursive: true, force: true })
  if (kind === 'pglite') {
    return { options: { kind, dir: path.join(dataDir, 'pglite') }, dataDir, drop: removeDir }
  }
  const name = `bench_${Date.now().toString(36)}_${process.pid}`
  const admin = new pg.Client({ connectionString: POSTGRES_SERVER })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(POSTGRES_SERVER)
  url.pathname = `/${name}`
  return {
    options: { kind, url: url.toString() },
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_SERVER })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
      await removeDir()
    },
  }
}

interface LoadRow {
  db: string
  target: Target
  result: LoadResult
  /** The server's peak RSS during this target's run (warm-up included). */
  peakMb: number
}

interface GrowthRow {
  db: string
  name: string
  baseMs: number
  scaleMs?: number
  kind: 'first' | 'last' | 'summary' | 'other'
}

interface DbReport {
  kind: DatabaseOptions['kind']
  loads: LoadRow[]
  growth: GrowthRow[]
  /** The server's peak while starting on an empty database (creating and migrating it). */
  firstStartPeakMb: number
  firstStartMs: number
  rssAfterStartMb: number
  /**
   * RSS a few seconds after the last load run and the mail it queued went out: what the process
   * keeps once its work is over.
   */
  rssIdleAfterLoadMb: number
  /** Of rssAfterStartMb and rssIdleAfterLoadMb: WebAssembly memory and C's heap (bench/measure.ts). */
  partsAfterStart: Awaited<ReturnType<typeof memoryParts>>
  partsIdleAfterLoad: Awaited<ReturnType<typeof memoryParts>>
  /** How long the outbox's sender went on after the load, delivering the contact run's mail. */
  outboxDrainMs: number
  peakRssMb: number
  scalePeakRssMb?: number
  seedSeconds: number
  scaleSeedSeconds?: number
  /** Each page's first visit in Chromium (embedded database only: the pages are the same). */
  pageWeights?: PageWeight[]
}

/** Server time of the uncached paths: what the database and the renderer cost at this size. */
async function sequentialTimes(server: ServerProcess, counts: SeedCounts, token: string) {
  const targets = readTargets(counts, token)
  const byName = (prefix: string) => targets.find((t) => t.name.startsWith(prefix))!
  return {
    first: await sequentialMedian(server.url, byName('GET /api/websites/search?page=1 (uncached)')),
    last: await sequentialMedian(
      server.url,
      targets.find((t) => t.name.includes('(last, uncached)'))!,
    ),
    portfolio: await sequentialMedian(server.url, byName('GET /portfolio (SSR, uncached)')),
    summary: await sequentialMedian(server.url, byName('GET /api/summary/summary')),
  }
}

async function benchDatabase(kind: DatabaseOptions['kind']): Promise<DbReport> {
  const scratch = await createScratch(kind)
  try {
    log(`${kind}: first start on an empty database`)
    const firstStart = await timeOneStart(serverEnv(scratch.dataDir, scratch.databaseUrl))
    log(`${kind}: seeding ${BASE.websites} websites and ${BASE.messages} messages`)
    let started = performance.now()
    await seedBench(scratch.options, BASE)
    const seedSeconds = (performance.now() - started) / 1000

    let server = await startServer({
      env: serverEnv(scratch.dataDir, scratch.databaseUrl),
      readyTimeoutMs: START_TIMEOUT_MS,
    })
    const afterStart = await processMemory(server.pid)
    const partsAfterStart = await memoryParts(server.pid)
    const loads: LoadRow[] = []
    let baseTimes: Awaited<ReturnType<typeof sequentialTimes>>
    let peakRssMb: number
    let rssIdleAfterLoadMb: number
    let partsIdleAfterLoad: Awaited<ReturnType<typeof memoryParts>>
    let outboxDrainMs: number
    let pageWeights: PageWeight[] | undefined
    try {
      const token = await signIn(server.url)
      // The owner has uploaded images: the image library is loaded, as on a site in use.
      await uploadImage(server.url, token)
      if (kind === 'pglite') {
        log(`${kind}: JavaScript per page, as Chromium loads it`)
        pageWeights = await measurePageWeights(server.url, ADMIN)
      }
      baseTimes = await sequentialTimes(server, BASE, token)
      const selected = [...readTargets(BASE, token), contactTarget].filter(
        (target) => !args.only || target.name.includes(args.only),
      )
      for (const target of selected) {
        log(`${kind}: ${target.name}`)
        const { value: result, peakMb } = await withPeakMemory(server.pid, () =>
          loadTest(server.url, target, {
            ...LOAD,
            connections: target.connections ?? LOAD.connections,
          }),
        )
        loads.push({ db: kind, target, result, peakMb })
        const parts = await memoryParts(server.pid)
        log(
          `${kind}: after it, WebAssembly memory ${Math.round(parts.wasmMb)} MB, C's heap ${Math.round(parts.mallocHeapMb)} MB`,
        )
      }
      peakRssMb = Math.max(
        ...loads.map((row) => row.peakMb),
        (await processMemory(server.pid)).peakMb,
      )
      outboxDrainMs = await waitForOutboxDrained(server.url, token)
      await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS))
      rssIdleAfterLoadMb = (await processMemory(server.pid)).rssMb
      partsIdleAfterLoad = await memoryParts(server.pid)
    } finally {
      await server.stop()
    }

    const report: DbReport = {
      kind,
      loads,
      growth: [],
      firstStartPeakMb: firstStart.peakMb,
      firstStartMs: firstStart.ms,
      pageWeights,
      rssAfterStartMb: afterStart.rssMb,
      rssIdleAfterLoadMb,
      partsAfterStart,
      partsIdleAfterLoad,
      outboxDrainMs,
      peakRssMb,
      seedSeconds,
    }
    const growth = (name: string, rowKind: GrowthRow['kind'], baseMs: number, scaleMs?: number) =>
      report.growth.push({ db: kind, name, baseMs, scaleMs, kind: rowKind })

    if (!args.scale) {
      growth('first page (API, uncached)', 'first', baseTimes.first)
      growth(`last page (API, uncached)`, 'last', baseTimes.last)
      growth('GET /portfolio (SSR, uncached)', 'other', baseTimes.portfolio)
      growth('summary (admin)', 'summary', baseTimes.summary)
      return report
    }

    // The contact run added messages; the scaled database grows from the seeded numbering onwards.
    log(`${kind}: growing to ${SCALE.websites} websites and ${SCALE.messages} messages`)
    started = performance.now()
    await seedBench(scratch.options, SCALE, BASE)
    report.scaleSeedSeconds = (performance.now() - started) / 1000
    server = await startServer({
      env: serverEnv(scratch.dataDir, scratch.databaseUrl),
      readyTimeoutMs: START_TIMEOUT_MS,
    })
    try {
      const token = await signIn(server.url)
      const scaled = await sequentialTimes(server, SCALE, token)
      growth('first page (API, uncached)', 'first', baseTimes.first, scaled.first)
      growth(
        `last page (API, uncached: page ${lastPage(BASE)} -> ${lastPage(SCALE)})`,
        'last',
        baseTimes.last,
        scaled.last,
      )
      growth('GET /portfolio (SSR, uncached)', 'other', baseTimes.portfolio, scaled.portfolio)
      growth('summary (admin)', 'summary', baseTimes.summary, scaled.summary)
      // Reads only; pages are left out at this size (their server time is in the growth table).
      const scaleTargets = readTargets(SCALE, token).filter(
        (t) => t.kind !== 'page' && !t.name.includes('SSR'),
      )
      for (const target of scaleTargets) {
        log(`${kind} at scale: ${target.name}`)
        const { value: result, peakMb } = await withPeakMemory(server.pid, () =>
          loadTest(server.url, target, LOAD),
        )
        loads.push({ db: `${kind} @scale`, target, result, peakMb })
      }
      report.scalePeakRssMb = Math.max(
        ...loads.filter((row) => row.db.endsWith('@scale')).map((row) => row.peakMb),
        (await processMemory(server.pid)).peakMb,
      )
    } finally {
      await server.stop()
    }
    return report
  } finally {
    await scratch.drop()
  }
}

function log(message: string) {
  process.stderr.write(`[bench] ${message}\n`)
}

function renderInboxSearch(results: InboxSearchResult[]): string {
  return [
    `### Inbox search, ${INBOX_MESSAGES.toLocaleString('en-US')} messages (embedded database, server time, median)`,
    '',
    formatTable(
      ['search', 'matches', 'ms', 'target', 'result'],
      results.map((r) => [
        r.name,
        r.matches,
        r.medianMs.toFixed(1),
        `< ${TARGETS.inboxSearchMs} ms`,
        r.medianMs < TARGETS.inboxSearchMs ? 'ok' : 'MISSED',
      ]),
    ),
  ].join('\n')
}

function renderOutboxSender(results: OutboxSenderResult[]): string {
  return [
    `### The outbox's sender against a local SMTP sink (embedded database; a burst of ${OUTBOX_BURST})`,
    '',
    formatTable(
      ['SMTP transport', 'queued/s', 'first attempt median ms', 'p95 ms', 'burst delivered/s'],
      results.map((r) => [
        r.transport,
        String(r.queuedPerSecond),
        r.firstAttemptMedianMs.toFixed(1),
        r.firstAttemptP95Ms.toFixed(1),
        `${r.deliveredPerSecond} (${r.delivered} sent)`,
      ]),
    ),
  ].join('\n')
}

async function visitStatistics() {
  return renderVisitCounting(
    await measureVisitCounting({
      env: (counting) => ({ ...serverEnv(''), VISIT_STATS: String(counting) }),
      connections: LOAD.connections,
      durationSeconds: LOAD.durationSeconds,
    }),
  )
}

async function invoicePdfs() {
  return renderInvoicePdf(
    await measureInvoicePdf({ env: (dataDir) => serverEnv(dataDir), admin: ADMIN }),
  )
}

async function agreementPdfs() {
  return renderAgreementPdf(
    await measureAgreementPdf({ env: (dataDir) => serverEnv(dataDir), admin: ADMIN }),
  )
}

async function hostileStatistics() {
  return renderHostileStats(
    await measureHostileStats({ env: (dataDir) => serverEnv(dataDir), admin: ADMIN }),
  )
}

function renderLinkCheckRound(results: LinkCheckRoundResult[]): string {
  return [
    `### Link-check round, ${LINK_CHECK_ENTRIES.toLocaleString('en-US')} entries against a local server (one process, a period between rounds)`,
    '',
    formatTable(
      [
        'round',
        'checked',
        's',
        'RSS before MB',
        'RSS peak MB',
        'heap before MB',
        'heap peak MB',
        'heap after GC MB',
      ],
      results.map((r) => [
        String(r.round),
        String(r.checked),
        r.seconds.toFixed(1),
        r.rssBeforeMb.toFixed(1),
        r.rssPeakMb.toFixed(1),
        r.heapBeforeMb.toFixed(1),
        r.heapPeakMb.toFixed(1),
        r.heapAfterGcMb.toFixed(1),
      ]),
    ),
  ].join('\n')
}

async function main() {
  if (args['outbox-only']) {
    console.log(renderOutboxSender(await measureOutboxSender()))
    return
  }
  if (args['invoice-only']) {
    await ensureBuild()
    console.log(await invoicePdfs())
    return
  }
  if (args['agreement-only']) {
    await ensureBuild()
    console.log(await agreementPdfs())
    return
  }
  if (args['render-only']) {
    await ensureBuild()
    console.log(renderRender(await measureRender({ durationSeconds: LOAD.durationSeconds })))
    return
  }
  if (args['hostile-stats-only']) {
    await ensureBuild()
    console.log(await hostileStatistics())
    return
  }
  if (args['visits-only']) {
    await ensureBuild()
    console.log(await visitStatistics())
    return
  }
  if (args['load-only']) {
    await ensureBuild()
    const reports: DbReport[] = []
    for (const kind of kinds) reports.push(await benchDatabase(kind))
    console.log(
      render(
        await measureCeiling(),
        reports,
        await measureStartup({ env: (dataDir) => serverEnv(dataDir) }),
      ),
    )
    return
  }
  log(`link-check round of ${LINK_CHECK_ENTRIES} entries`)
  const linkCheckRound = renderLinkCheckRound(await measureLinkCheckRound())
  if (args['link-checks-only']) {
    console.log(linkCheckRound)
    return
  }
  log(`inbox search over ${INBOX_MESSAGES} messages`)
  const inboxSearch = renderInboxSearch(await measureInboxSearch())
  if (args['inbox-only']) {
    console.log(inboxSearch)
    return
  }
  log(`outbox sender: first attempts, then a burst of ${OUTBOX_BURST}`)
  const outboxSender = renderOutboxSender(await measureOutboxSender())
  log('building if needed')
  await ensureBuild()
  log('rendering without the cache: each public route, campaign links, a crawl')
  const rendering = renderRender(await measureRender({ durationSeconds: LOAD.durationSeconds }))
  log('visit statistics: / with counting on and off, storage per 10,000 visits')
  const visitCounting = await visitStatistics()
  log(`visit statistics: GET /api/stats over ${HOSTILE_VISITS} hostile visits`)
  const hostileStats = await hostileStatistics()
  log(`invoice PDF: ${INVOICE_PDFS} one after another, then 20 at once`)
  const invoicePdf = await invoicePdfs()
  log(`signed agreement: ${AGREEMENTS} signatures one after another, then 10 at once`)
  const agreementPdf = await agreementPdfs()
  log(`ceiling: bare node:http, ${LOAD.connections} connections, ${LOAD.durationSeconds} s`)
  const ceiling = await measureCeiling()

  const reports: DbReport[] = []
  for (const kind of kinds) reports.push(await benchDatabase(kind))

  log('start-up on an existing embedded database')
  const startup = await measureStartup({ env: (dataDir) => serverEnv(dataDir) })

  const markdown = `${render(ceiling, reports, startup)}\n\n${rendering}\n\n${inboxSearch}\n\n${visitCounting}\n\n${hostileStats}\n\n${invoicePdf}\n\n${agreementPdf}\n\n${linkCheckRound}\n\n${outboxSender}`
  console.log(markdown)
  await mkdir('reports', { recursive: true })
  await writeFile('reports/bench.md', `${markdown}\n`)
  log('written to reports/bench.md')
}

function render(
  ceiling: LoadResult,
  reports: DbReport[],
  startup: Awaited<ReturnType<typeof measureStartup>>,
): string {
  const fmt = (n: number, digits = 0) =>
    n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
  const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED')
  const lines: string[] = []
  lines.push('# Benchmark')
  lines.push('')
  lines.push(
    `Command: \`npm run bench -- --db=${args.db}${args.scale ? ' --scale' : ''}\`; ${LOAD.connections} connections, ` +
      `${LOAD.durationSeconds} s per target after a ${LOAD.warmupSeconds} s warm-up; ${os.cpus().length} CPUs ` +
      `(${os.cpus()[0]?.model.trim()}), Node ${process.version}; ${new Date().toISOString()}.`,
  )
  lines.push('')
  lines.push(
    `Ceiling (bare node:http, fixed JSON): **${fmt(ceiling.rps)} req/s**, p99 ${fmt(ceiling.p99)} ms.`,
  )
  lines.push('')
  lines.push('## Load (autocannon)')
  lines.push('')
  lines.push(
    'Anonymous public reads are answered from the in-process response cache ' +
      '(RESPONSE_CACHE_TTL_MS, default 2 s) after the first request; the "uncached" rows send ' +
      'credentials, which that cache never answers, so they show the database and renderer path.',
  )
  lines.push('')
  const loadRows = reports
    .flatMap((r) => r.loads)
    .map(({ db, target, result, peakMb }) => {
      const ratio = result.rps / ceiling.rps
      const isPostgres = db === 'postgres'
      const targets: string[] = []
      let ok = result.errors === 0 && result.non2xx === 0
      if (isPostgres && target.kind === 'api-read') {
        targets.push(`>= ${TARGETS.apiRatio}`)
        ok &&= ratio >= TARGETS.apiRatio
      }
      if (isPostgres && target.kind === 'page') {
        targets.push(`>= ${TARGETS.pageRatio}`)
        ok &&= ratio >= TARGETS.pageRatio
      }
      if (
        isPostgres &&
        (target.kind === 'api-read' || target.kind === 'page' || target.kind === 'admin-read')
      ) {
        targets.push(`p99 < ${TARGETS.p99Ms} ms`)
        ok &&= result.p99 < TARGETS.p99Ms
      }
      if (db === 'pglite' && target.kind === 'api-read') {
        targets.push(`>= ${fmt(TARGETS.pgliteApiRps)} req/s`)
        ok &&= result.rps >= TARGETS.pgliteApiRps
      }
      return [
        db,
        target.name,
        fmt(result.rps),
        fmt(ratio, 3),
        fmt(result.p50),
        fmt(result.p99),
        `${result.errors}/${result.non2xx}`,
        fmt(peakMb),
        targets.join(', ') || '-',
        targets.length ? verdict(ok) : '-',
      ]
    })
  lines.push(
    formatTable(
      [
        'db',
        'target',
        'req/s',
        'x ceiling',
        'p50 ms',
        'p99 ms',
        'errors/non-2xx',
        'peak RSS MB',
        'target',
        'result',
      ],
      loadRows,
    ),
  )
  lines.push('')
  lines.push('## Memory and start-up')
  lines.push('')
  lines.push(
    `The server process with its child processes (summed VmRSS, and VmHWM for peaks), started ` +
      `as \`npm start\` does, after the owner has uploaded an image (so the image library is ` +
      `loaded); the PostgreSQL server's own processes are not counted. Targets: the first start ` +
      `<= ${TARGETS.firstStartMb} MB, the peak under load <= ${TARGETS.peakUnderLoadMb} MB, every other ` +
      `figure <= ${TARGETS.rssMb} MB.`,
  )
  lines.push('')
  const mb = (value: number, target = TARGETS.rssMb) => `${fmt(value)} ${verdict(value <= target)}`
  const memoryRows = reports.map((r) => [
    r.kind,
    mb(r.firstStartPeakMb, TARGETS.firstStartMb),
    `${fmt(r.firstStartMs)}`,
    mb(r.rssAfterStartMb),
    mb(r.peakRssMb, TARGETS.peakUnderLoadMb),
    mb(r.rssIdleAfterLoadMb),
    fmt(r.outboxDrainMs),
    r.scalePeakRssMb === undefined ? '-' : fmt(r.scalePeakRssMb),
  ])
  lines.push(
    formatTable(
      [
        'db',
        'first start on an empty database: peak (MB)',
        'first start (ms)',
        'idle after start (MB)',
        `peak under load, ${LOAD.connections} connections (MB)`,
        'idle after load and its mail (MB)',
        'mail sent after the load (ms)',
        'peak at scale (MB)',
      ],
      memoryRows,
    ),
  )
  lines.push('')
  for (const r of reports)
    lines.push(
      `Of these on ${r.kind}, read from /proc/PID/smaps: the WebAssembly memory (the embedded ` +
        `database's, which never shrinks) ${fmt(r.partsAfterStart.wasmMb)} MB idle after start and ` +
        `${fmt(r.partsIdleAfterLoad.wasmMb)} MB idle after the load; C's heap (ICU, zlib, native ` +
        `modules) ${fmt(r.partsAfterStart.mallocHeapMb)} and ${fmt(r.partsIdleAfterLoad.mallocHeapMb)} MB.`,
      '',
    )
  lines.push(
    formatTable(
      ['start-up (spawn to first 200 of /api/health)', 'ms', 'target', 'result'],
      [
        [
          'pglite, existing database (median of runs)',
          fmt(startup.existingMedianMs),
          `< ${fmt(TARGETS.startupMs)}`,
          verdict(startup.existingMedianMs < TARGETS.startupMs),
        ],
        ['  each run', startup.existingMs.map((ms) => fmt(ms)).join(', '), '', ''],
        [
          '`npm start`, existing database (median of runs)',
          fmt(startup.npmStartMedianMs),
          `< ${fmt(TARGETS.startupMs)}`,
          verdict(startup.npmStartMedianMs < TARGETS.startupMs),
        ],
        ['  each run', startup.npmStartMs.map((ms) => fmt(ms)).join(', '), '', ''],
        ['pglite, first start (creates the database)', fmt(startup.firstMs), '-', '-'],
      ],
    ),
  )
  lines.push('')
  lines.push(
    `PGlite's own share: a bare Node process that only opens the same embedded database with ` +
      `PGlite's default settings peaks at ` +
      `${fmt(startup.bareRssMb)} MB; the server peaks at ${fmt(startup.firstPeakMb)} MB on the start that ` +
      `creates the database and ${fmt(startup.existingPeakMb)} MB when it reopens it (before any load).`,
  )
  lines.push('')
  const weights = reports.find((r) => r.pageWeights)?.pageWeights
  if (weights) {
    lines.push('## JavaScript per page')
    lines.push('')
    lines.push(
      `What a first visit transfers, measured in Chromium (scripts/lib/measure-page-weight.ts; ` +
        `KB as sent, inline scripts gzipped). Targets: a public page, forms included, <= ` +
        `${BUDGETS.static.js} KB of JavaScript; the signed-in screens ${BUDGETS.admin.js} KB.`,
    )
    lines.push('')
    lines.push(pageWeightTable(weights))
    lines.push('')
  }
  lines.push(`## Server time (median of sequential requests)${args.scale ? ' at both sizes' : ''}`)
  lines.push('')
  const growthRows = reports
    .flatMap((r) => r.growth)
    .map((g) => {
      const targets: string[] = []
      let ok = true
      if (g.scaleMs !== undefined && (g.kind === 'first' || g.kind === 'summary')) {
        targets.push(`<= ${TARGETS.growthFactor}x`)
        ok &&= g.scaleMs <= g.baseMs * TARGETS.growthFactor
      }
      if (g.scaleMs !== undefined && g.kind === 'last') {
        targets.push(`< ${TARGETS.lastPageMs} ms`)
        ok &&= g.scaleMs < TARGETS.lastPageMs
      }
      return [
        g.db,
        g.name,
        fmt(g.baseMs, 2),
        g.scaleMs === undefined ? '-' : fmt(g.scaleMs, 2),
        g.scaleMs === undefined ? '-' : `${fmt(g.scaleMs / g.baseMs, 2)}x`,
        targets.join(', ') || '-',
        targets.length ? verdict(ok) : '-',
      ]
    })
  const sizes = `${fmt(BASE.websites)} / ${fmt(BASE.messages)}`
  const scaleSizes = `${fmt(SCALE.websites)} / ${fmt(SCALE.messages)}`
  lines.push(
    formatTable(
      ['db', 'request', `ms at ${sizes}`, `ms at ${scaleSizes}`, 'ratio', 'target', 'result'],
      growthRows,
    ),
  )
  lines.push('')
  lines.push(
    `Seeding: ${reports.map((r) => `${r.kind} ${fmt(r.seedSeconds, 1)} s${r.scaleSeedSeconds === undefined ? '' : ` (+${fmt(r.scaleSeedSeconds, 1)} s to scale)`}`).join('; ')}.`,
  )
  return lines.join('\n')
}

await main()
