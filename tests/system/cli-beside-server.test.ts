/**
 * The command-line tools while the server runs on its embedded database: the server owns the
 * folder (a lock file with its pid), and `npm run seed`, `create-admin` and `backup` work through
 * it over its local channel, so their results are live at once and survive a restart; `restore`
 * over the live folder is refused and changes nothing. A second server on the folder refuses to
 * start; a lock left by a killed server is taken over.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MessageSchema } from '#common/schemas/messages.ts'
import { DEMO_SITES } from '#server/first-run/demo-portfolio.ts'
import { BUILD_DIR } from '#server/lib/paths.ts'
import { runNode, runTool } from '#tests/helpers/cli.ts'
import { freshDataDir } from '#tests/helpers/data-dir.ts'
import { freePort } from '#tests/helpers/free-port.ts'
import { allMessageIds, call, signInOverHttp } from '#tests/helpers/http-calls.ts'
import {
  SERVER_NODE_FLAGS,
  startServer,
  stopAllServers,
  type ServerProcess,
} from '#tests/helpers/server-process.ts'

const ADMIN = { email: 'owner@beside.test', password: 'Beside!Owner1', name: 'Owner Beside' }
/** Contact messages posted before the backup starts: they must all be in it. */
const POSTED_BEFORE_BACKUP = 5

const dirs: string[] = []
let dataDir: string
let server: ServerProcess

// Public pages stay cached for the whole file unless a write clears them: a tool's write must.
const env = (dir: string) => ({
  DATA_DIR: dir,
  RATE_LIMIT_SCALE: '0',
  LOG_LEVEL: 'warn',
  RESPONSE_CACHE_TTL_MS: String(10 * 60_000),
})
const lockFile = (dir: string) => path.join(dir, 'pglite.lock')

/** Runs a tool from source exactly as `npm run <tool>` does, on the data folder `dir`. */
const runCli = (
  tool: 'seed' | 'create-admin' | 'backup' | 'restore',
  args: string[],
  dir: string,
) => runTool(tool, args, { DATA_DIR: dir })

/** Signs in on `target` as the admin create-admin made (its name shows it is that account). */
async function signInAdmin(target: ServerProcess) {
  const session = await signInOverHttp(target.url, ADMIN)
  expect(session).toMatchObject({ email: ADMIN.email, name: ADMIN.name, isAdmin: true })
  return session
}

async function restart() {
  expect((await server.stop()).code).toBe(0)
  server = await startServer({ env: env(dataDir) })
}

async function expectDemoSitesListed(target: ServerProcess) {
  const search = await call(target.url, 'GET', '/api/websites/search?page=1')
  expect(search.status).toBe(200)
  const slugs = (search.json as { websites: { slug: string }[] }).websites.map((w) => w.slug)
  expect(slugs.sort()).toEqual(DEMO_SITES.map((site) => site.slug).sort())
  const portfolio = await call(target.url, 'GET', '/portfolio')
  expect(portfolio.status).toBe(200)
  for (const { slug } of DEMO_SITES) expect(portfolio.text).toContain(`/website/${slug}`)
}

beforeAll(async () => {
  dataDir = await freshDataDir('site-beside-')
  dirs.push(dataDir)
  server = await startServer({ env: env(dataDir) })
}, 480_000)

afterAll(async () => {
  await stopAllServers()
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
})

describe('command-line tools beside a server on the embedded database', () => {
  it('the server holds the folder: its pid in the lock file, an owner-only local socket', async () => {
    const lock = JSON.parse(await readFile(lockFile(dataDir), 'utf8')) as { pid: number }
    expect(lock).toMatchObject({ pid: server.pid, role: 'server' })
    const socket = await stat(path.join(dataDir, 'server.sock'))
    expect(socket.isSocket()).toBe(true)
    expect(socket.mode & 0o777).toBe(0o600)
  })

  it('create-admin works through the running site: the admin signs in at once and after a restart', async () => {
    const res = await runCli(
      'create-admin',
      ['--email', ADMIN.email, '--password', ADMIN.password, '--name', ADMIN.name],
      dataDir,
    )
    expect(res.code, res.stderr).toBe(0)
    expect(res.stdout).toContain(
      `Created admin ${ADMIN.name} <${ADMIN.email}>. (through the running site, pid ${server.pid})`,
    )
    await signInAdmin(server)
    await restart()
    await signInAdmin(server)
  }, 480_000)

  it('seed works through the running site: the entries are listed at once and after a restart', async () => {
    const before = await call(server.url, 'GET', '/api/websites/admin?page=1', {
      headers: (await signInAdmin(server)).headers,
    })
    expect(before.json).toMatchObject({ totalWebsites: 0 })
    // Visitors' views of the empty portfolio, now in the response cache.
    for (const url of ['/portfolio', '/api/websites/search?page=1'])
      expect((await call(server.url, 'GET', url)).status).toBe(200)

    const res = await runCli('seed', [], dataDir)
    expect(res.code, res.stderr).toBe(0)
    expect(res.stdout).toContain(
      `Seed done: ${DEMO_SITES.length} added, 0 already there (${path.join(dataDir, 'pglite')}, through the running site (pid ${server.pid})).`,
    )
    await expectDemoSitesListed(server)
    await restart()
    await expectDemoSitesListed(server)
  }, 480_000)

  it('backup through the running site is one consistent snapshot while contact messages arrive', async () => {
    const acknowledged: string[] = []
    const post = async (i: number) => {
      const res = await call(server.url, 'POST', '/api/messages/contact', {
        body: {
          fullName: `Visitor ${i}`,
          email: `visitor${i}@beside.test`,
          subject: `Project enquiry ${i}`,
          message: 'We would like a new site for our bakery, with online pre-orders.',
        },
      })
      expect(res.status, res.text).toBe(201)
      acknowledged.push(MessageSchema.parse(res.json)._id)
    }
    for (let i = 0; i < POSTED_BEFORE_BACKUP; i++) await post(i)

    // One message after another while the backup runs: a consistent snapshot holds a prefix of them.
    let backupDone = false
    const poster = (async () => {
      for (let i = POSTED_BEFORE_BACKUP; !backupDone; i++) await post(i)
    })()
    const file = path.join(dataDir, '..', `${path.basename(dataDir)}.jsonl.gz`)
    dirs.push(file)
    const backup = await runCli('backup', ['--out', file], dataDir).finally(() => {
      backupDone = true
    })
    await poster
    expect(backup.code, backup.stderr).toBe(0)
    expect(backup.stdout).toMatch(
      new RegExp(
        `Backed up .* from the pglite database .*through the running site \\(pid ${server.pid}\\)`,
      ),
    )

    // No write is lost on the live site: every acknowledged message is there after the backup.
    const live = await allMessageIds(server.url, (await signInAdmin(server)).headers)
    expect([...live].sort()).toEqual([...acknowledged].sort())

    // Restored as docs/operations.md says: into an empty DATA_DIR, then the site is started on it.
    const parent = await mkdtemp(path.join(os.tmpdir(), 'site-beside-restore-'))
    dirs.push(parent)
    const target = path.join(parent, 'data')
    const restore = await runCli('restore', ['--in', file], target)
    expect(restore.code, restore.stderr).toBe(0)
    const restored = await startServer({ env: env(target) })
    const ids = await allMessageIds(restored.url, (await signInAdmin(restored)).headers)
    await expectDemoSitesListed(restored)
    await restored.stop()

    expect(ids.size).toBeGreaterThanOrEqual(POSTED_BEFORE_BACKUP)
    expect([...ids].sort()).toEqual(acknowledged.slice(0, ids.size).sort())
    console.log(
      `[cli-beside-server] backup held ${ids.size} of ${acknowledged.length} messages acknowledged by its end`,
    )
  }, 480_000)

  it('restore over the live folder is refused with what to do, and changes nothing', async () => {
    const { headers } = await signInAdmin(server)
    const count = async () =>
      (
        (await call(server.url, 'GET', '/api/messages/admin?page=1', { headers })).json as {
          totalMessages: number
        }
      ).totalMessages
    const before = await count()
    const file = path.join(dataDir, '..', `${path.basename(dataDir)}.jsonl.gz`)

    const res = await runCli('restore', ['--in', file, '--force'], dataDir)
    expect(res.code).toBe(1)
    expect(res.stderr.trim()).toBe(
      `The site is running (pid ${server.pid}): stop it, then run npm run restore -- --in ${file} --force`,
    )
    expect(await count()).toBe(before)
    expect(JSON.parse(await readFile(lockFile(dataDir), 'utf8'))).toMatchObject({ pid: server.pid })
  }, 480_000)

  it('a second server on the live folder refuses to start', async () => {
    const second = await runNode(
      [...SERVER_NODE_FLAGS, path.join(BUILD_DIR, 'server', 'main.mjs')],
      { ...env(dataDir), HOST: '127.0.0.1', PORT: String(await freePort()) },
    )
    expect(second.code).toBe(1)
    expect(second.stderr).toContain(
      `The site is running on ${path.join(dataDir, 'pglite')} (pid ${server.pid}): stop it first, or use another DATA_DIR.`,
    )
    expect((await call(server.url, 'GET', '/api/health')).status).toBe(200)
  }, 480_000)

  it('a lock left by a killed server is stale: the next server starts and the tools use it', async () => {
    const killed = server.pid
    expect((await server.stop('SIGKILL')).signal).toBe('SIGKILL')
    expect(JSON.parse(await readFile(lockFile(dataDir), 'utf8'))).toMatchObject({ pid: killed })

    server = await startServer({ env: env(dataDir) })
    expect(JSON.parse(await readFile(lockFile(dataDir), 'utf8'))).toMatchObject({
      pid: server.pid,
    })
    const res = await runCli('seed', [], dataDir)
    expect(res.code, res.stderr).toBe(0)
    expect(res.stdout).toContain(
      `Seed done: 0 added, ${DEMO_SITES.length} already there (${path.join(dataDir, 'pglite')}, through the running site (pid ${server.pid})).`,
    )
    await signInAdmin(server)
  }, 480_000)

  it('a server stopped cleanly leaves the folder free for the tools to open directly', async () => {
    expect((await server.stop()).code).toBe(0)
    await expect(stat(lockFile(dataDir))).rejects.toMatchObject({ code: 'ENOENT' })
    await expect(stat(path.join(dataDir, 'server.sock'))).rejects.toMatchObject({ code: 'ENOENT' })
    const res = await runCli('seed', [], dataDir)
    expect(res.code, res.stderr).toBe(0)
    expect(res.stdout).toContain(
      `Seed done: 0 added, ${DEMO_SITES.length} already there (${path.join(dataDir, 'pglite')}).`,
    )
  }, 480_000)
})
