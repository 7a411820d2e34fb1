/**
 * First-run content from the outside: the built server stores it at its first start and never
 * again, so an entry the owner deleted stays deleted across restarts; `npm run seed` (from source,
 * as the README runs it) stores it on a database nothing has started on, adds the demo portfolio,
 * and changes nothing when run again.
 */
import { rm } from 'node:fs/promises'
import { afterAll, describe, expect, it } from 'vitest'
import { FaqListSchema } from '#common/schemas/faq.ts'
import { PAGE_KEYS } from '#common/schemas/pages.ts'
import { DEMO_SITES } from '#server/first-run/demo-portfolio.ts'
import { FIRST_RUN_FAQ } from '#server/first-run/faq.ts'
import { runTool } from '#tests/helpers/cli.ts'
import { freshDataDir } from '#tests/helpers/data-dir.ts'
import { call, signInOverHttp } from '#tests/helpers/http-calls.ts'
import { startServer, stopAllServers, type ServerProcess } from '#tests/helpers/server-process.ts'

const ADMIN = { email: 'owner@first-run.test', password: 'First!Run2026' }
const STORED_ALL = `First-run content stored: the site settings, ${PAGE_KEYS.length} page texts (${PAGE_KEYS.join(', ')}), ${FIRST_RUN_FAQ.length} FAQ entries, a sample journal post, a sample testimonial.`

const dirs: string[] = []
afterAll(async () => {
  await stopAllServers()
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
})

async function newDataDir() {
  const dir = await freshDataDir('site-first-run-')
  dirs.push(dir)
  return dir
}

const seed = (dataDir: string) => runTool('seed', [], { DATA_DIR: dataDir })

const start = (dataDir: string) =>
  startServer({
    env: {
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_SCALE: '0',
    },
  })

const firstRunLogs = (server: ServerProcess) =>
  server.logLines().filter((line) => line.msg?.startsWith('First-run content'))

async function listFaq(server: ServerProcess) {
  const res = await call(server.url, 'GET', '/api/faq')
  expect(res.status).toBe(200)
  return FaqListSchema.parse(res.json).faqs
}

describe('first-run content', () => {
  it('is stored at the first start only: a deleted FAQ entry stays deleted after a restart and a seed', async () => {
    const dataDir = await newDataDir()
    let server = await start(dataDir)
    expect(firstRunLogs(server).map((line) => line.msg)).toEqual([STORED_ALL])
    const [first, ...rest] = await listFaq(server)
    expect(rest).toHaveLength(FIRST_RUN_FAQ.length - 1)
    const { headers } = await signInOverHttp(server.url, ADMIN)
    const deleted = await call(server.url, 'DELETE', `/api/faq/${first!._id}`, { headers })
    expect(deleted.status).toBe(200)

    expect((await server.stop()).code).toBe(0)
    server = await start(dataDir)
    expect(firstRunLogs(server)).toEqual([])
    expect(await listFaq(server)).toEqual(rest)
    expect((await server.stop()).code).toBe(0)

    const seeded = await seed(dataDir)
    expect(seeded.code, seeded.stderr).toBe(0)
    expect(seeded.stdout).toContain('First-run content: already in place.')
    expect(seeded.stdout).toContain(`Seed done: ${DEMO_SITES.length} added, 0 already there`)
    server = await start(dataDir)
    expect(firstRunLogs(server)).toEqual([])
    expect(await listFaq(server)).toEqual(rest)
    expect((await server.stop()).code).toBe(0)
  }, 600_000)
})

describe('npm run seed (server/cli/seed.ts)', () => {
  it('seeds an embedded database once and reports what it did', async () => {
    const dataDir = await newDataDir()
    const first = await seed(dataDir)
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toContain(STORED_ALL)
    expect(first.stdout).toContain(`Seed done: ${DEMO_SITES.length} added, 0 already there`)
    for (const { slug } of DEMO_SITES) expect(first.stdout).toContain(`added    /website/${slug}`)
    const second = await seed(dataDir)
    expect(second.code, second.stderr).toBe(0)
    expect(second.stdout).toContain('First-run content: already in place.')
    expect(second.stdout).toContain(`Seed done: 0 added, ${DEMO_SITES.length} already there`)
  }, 120_000)
})
