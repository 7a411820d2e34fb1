/**
 * The memory a scheduled link-check round of 1,000 portfolio entries adds: the links point to a
 * local HTTP server this bench runs (half of them a page with the keyword, a tenth failing), and
 * the round runs in a child process (with --expose-gc, so the retained figures are after a
 * collection) on an in-memory embedded database with the real checker and service. Three rounds,
 * a period apart, show whether anything is kept from one round to the next.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { openDatabase } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { linkChecks } from '#server/db/schema.ts'
import { createLinkChecksRepository } from '#server/modules/link-checks/link-checks.repository.ts'
import { createLinkChecksService } from '#server/modules/link-checks/link-checks.service.ts'
import { probeLink } from '#server/modules/link-checks/probe.ts'
import { createMailService } from '#server/modules/mail/mail.service.ts'
import { createOutboxRepository } from '#server/modules/mail/outbox.repository.ts'

export const LINK_CHECK_ENTRIES = 1_000
const ROUNDS = 3
const BENCH_BRAND = {
  businessName: 'Bench',
  accentColor: '#1d4ed8',
  homeUrl: 'http://localhost/',
  clientRoomUrl: 'http://localhost/client',
  logoUrl: null,
}
const PERIOD_MS = 6 * 60 * 60 * 1000
const PAGE = `<!doctype html><html><body><h1>Client project</h1>${'<p>Lorem ipsum dolor sit amet.</p>'.repeat(400)}</body></html>`

export interface LinkCheckRoundResult {
  round: number
  checked: number
  seconds: number
  rssBeforeMb: number
  rssPeakMb: number
  heapBeforeMb: number
  heapPeakMb: number
  heapAfterGcMb: number
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10

/** The child's part: seed, then run the rounds and print one JSON line per round. */
async function runRounds(origin: string) {
  const gc = (globalThis as { gc?: () => void }).gc
  if (!gc) throw new Error('run with --expose-gc')
  const database = await openDatabase({ kind: 'pglite' })
  await migrateDatabase(database)
  await database.db.execute(sql`
    insert into websites (name, slug, image, language, link, published)
    select 'Client project ' || g, 'client-project-' || g, '/images/default.jpg', 'React',
      ${origin} || case when g % 10 = 0 then '/fail/' else '/page/' end || g, true
    from generate_series(1, ${LINK_CHECK_ENTRIES}::int) as g`)
  // Half of the entries expect a keyword, so their page is read (up to the checker's limit).
  await database.db.execute(sql`
    insert into ${linkChecks} (website_id, keyword, due_at)
    select id, case when position % 2 = 0 then 'Client project' else '' end, now() from websites`)
  let at = Date.now()
  const service = createLinkChecksService({
    repo: createLinkChecksRepository(database.db),
    mail: createMailService({
      transport: { send: async () => {} },
      from: 'bench@localhost',
      senderName: async () => 'Bench',
      repo: createOutboxRepository(database.db),
      retryBaseMs: 30_000,
      now: () => new Date(at),
      log: Fastify({ logger: false }).log,
    }),
    ownerEmail: async () => 'owner@localhost',
    adminUrl: 'http://localhost/admin/websites',
    brand: async () => BENCH_BRAND,
    intervalMs: PERIOD_MS,
    probe: (link, keyword, signal) =>
      probeLink(link, {
        keyword,
        signal,
        allowPrivate: true,
        userAgent: 'PortfolioLinkCheck bench',
        now: () => new Date(at),
      }),
    isPublicHealthShown: async () => false,
    now: () => new Date(at),
    log: Fastify({ logger: false }).log,
  })
  for (let round = 1; round <= ROUNDS; round++) {
    gc()
    const before = process.memoryUsage()
    let rssPeak = before.rss
    let heapPeak = before.heapUsed
    const sampler = setInterval(() => {
      const now = process.memoryUsage()
      rssPeak = Math.max(rssPeak, now.rss)
      heapPeak = Math.max(heapPeak, now.heapUsed)
    }, 10)
    const started = performance.now()
    const checked = await service.runDue()
    const seconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    gc()
    const after = process.memoryUsage()
    const result: LinkCheckRoundResult = {
      round,
      checked,
      seconds: Math.round(seconds * 10) / 10,
      rssBeforeMb: mb(before.rss),
      rssPeakMb: mb(rssPeak),
      heapBeforeMb: mb(before.heapUsed),
      heapPeakMb: mb(heapPeak),
      heapAfterGcMb: mb(after.heapUsed),
    }
    process.stdout.write(`${JSON.stringify(result)}\n`)
    at += PERIOD_MS
  }
  await database.close()
}

/** Runs the rounds in a child process against a local server; resolves with one row per round. */
export async function measureLinkCheckRound(): Promise<LinkCheckRoundResult[]> {
  const server = http.createServer((request, response) => {
    if (request.url?.startsWith('/fail/')) return response.writeHead(500).end('Server error')
    response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  try {
    const child = spawn(
      process.execPath,
      [
        '--expose-gc',
        '--import',
        'tsx',
        fileURLToPath(import.meta.url),
        '--child',
        `http://127.0.0.1:${port}`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const [code] = (await once(child, 'exit')) as [number | null]
    if (code !== 0) throw new Error(`link-check round bench exited with ${code}`)
    return output
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as LinkCheckRoundResult)
  } finally {
    server.closeAllConnections()
    server.close()
  }
}

if (process.argv[2] === '--child') await runRounds(process.argv[3]!)
