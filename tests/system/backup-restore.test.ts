/**
 * `npm run backup` and `npm run restore` round trips: a site seeded through its API (users,
 * websites, messages with a reply, an uploaded image, testimonials and an outstanding testimonial
 * request) is backed up from the embedded database,
 * restored into a fresh embedded database and into PostgreSQL, and backed up from PostgreSQL
 * and restored again: every row is equal, passwords still work, the image is served. The backup
 * holds no token-signing secret: each restore makes a new one, says that every session has ended,
 * and the tokens from before are refused. The testimonial link mailed before the backup still works
 * on the restored site, and a client's project and file (its bytes) come back with the client.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { simpleParser } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMAGE_VARIANT_WIDTHS } from '#common/constants.ts'
import { ROOT_DIR } from '#server/lib/paths.ts'
import { createScratchPostgres } from '#tests/helpers/test-app.ts'
import { testEnv } from '#tests/helpers/test-env.ts'
import { freshDataDir } from '#tests/helpers/data-dir.ts'
import { call } from '#tests/helpers/http-calls.ts'
import { startServer, stopAllServers, type ServerProcess } from '#tests/helpers/server-process.ts'

const ADMIN = { email: 'owner@backup.test', password: 'Backup!Owner1' }
const MEMBER = {
  name: 'Zoë “Quotes” O’Brien 🚀',
  email: 'zoe@backup.test',
  password: 'Member!Pass1',
}

let workDir: string
let sourceDir: string
const dirs: string[] = []
/** An empty, migrated embedded database, as `npm run restore` expects (the CLI migrates one too). */
const embeddedDir = async () => {
  const dir = await freshDataDir('site-backup-')
  dirs.push(dir)
  return dir
}
let scratch: Awaited<ReturnType<typeof createScratchPostgres>>
/** The admin's token on the source site, from before the backup. */
let sourceToken: string
let snapshot: Snapshot
let imagePath: string
let imageBytes: Buffer
/** The token of the testimonial link mailed (to the outbox) before the backup. */
let testimonialToken: string
/** A client's file (several stored pieces) and project, read back after each restore. */
let clientFile: { clientId: string; fileId: string; bytes: Buffer; projects: unknown }
const figures: string[] = []

interface Snapshot {
  users: unknown[]
  websites: unknown[]
  messages: unknown[]
  testimonials: unknown
  summary: unknown
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

async function allPages(server: ServerProcess, adminToken: string, url: string, key: string) {
  const items: unknown[] = []
  for (let page = 1, pages = 1; page <= pages; page++) {
    const res = await call(server.url, 'GET', `${url}?page=${page}`, {
      headers: bearer(adminToken),
    })
    expect(res.status, `${url} ${res.text}`).toBe(200)
    const body = res.json as Record<string, unknown> & { pages: number }
    items.push(...(body[key] as unknown[]))
    pages = body.pages
  }
  return items
}

async function takeSnapshot(server: ServerProcess, adminToken: string): Promise<Snapshot> {
  const summary = await call(server.url, 'GET', '/api/summary/summary', {
    headers: bearer(adminToken),
  })
  expect(summary.status).toBe(200)
  return {
    users: await allPages(server, adminToken, '/api/users/admin', 'users'),
    websites: await allPages(server, adminToken, '/api/websites/admin', 'websites'),
    messages: await allPages(server, adminToken, '/api/messages/admin', 'messages'),
    testimonials: (
      await call(server.url, 'GET', '/api/testimonials/admin', { headers: bearer(adminToken) })
    ).json,
    summary: summary.json,
  }
}

async function signInAdmin(server: ServerProcess): Promise<string> {
  const signIn = await call(server.url, 'POST', '/api/users/signin', { body: ADMIN })
  expect(signIn.status, signIn.text).toBe(200)
  return (signIn.json as { token: string }).token
}

const SESSIONS_ENDED = 'Every session has ended: the restore made a new token-signing secret'

/**
 * Runs a CLI with only `env`: from source through tsx, exactly as `npm run backup|restore` does, or
 * (faster, and what the Docker image runs) the built `build/server/cli/*.mjs`.
 */
async function runCli(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
  from: 'source' | 'build' = 'build',
) {
  const entry =
    from === 'source'
      ? ['--import', 'tsx', `server/cli/${script}.ts`]
      : [`build/server/cli/${script}.mjs`]
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...entry, ...args], {
      cwd: ROOT_DIR,
      env,
      timeout: 60_000,
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string }
    return { code: failure.code ?? 1, stdout: failure.stdout ?? '', stderr: failure.stderr ?? '' }
  }
}

async function seed(server: ServerProcess) {
  sourceToken = await signInAdmin(server)
  const admin = bearer(sourceToken)

  for (const user of [
    MEMBER,
    { name: 'Second', email: 'second@backup.test', password: 'Second!Pass1' },
  ]) {
    expect((await call(server.url, 'POST', '/api/users/signup', { body: user })).status).toBe(201)
  }

  const form = new FormData()
  const png = await readFile(path.join(ROOT_DIR, 'tests/fixtures/image.png'))
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'site.png')
  const upload = await call(server.url, 'POST', '/api/upload', { body: form, headers: admin })
  expect(upload.status).toBe(200)
  imagePath = upload.json as string
  imageBytes = Buffer.from(await (await fetch(`${server.url}${imagePath}`)).arrayBuffer())

  for (const [i, description] of [
    'Shop with “quotes”',
    'Ünïcödé and <b>markup</b>',
    'Plain',
  ].entries()) {
    const created = await call(server.url, 'POST', '/api/websites', { headers: admin })
    expect(created.status).toBe(201)
    const { website } = created.json as { website: { _id: string } }
    const updated = await call(server.url, 'PUT', `/api/websites/${website._id}`, {
      headers: admin,
      body: {
        name: `Site ${i}`,
        slug: `backup-site-${i}`,
        image: i === 0 ? imagePath : '/images/default.jpg',
        language: 'React',
        languageDescription: i === 2 ? 'Static' : 'MERN',
        description,
        link: `https://site-${i}.example.com`,
      },
    })
    expect(updated.status, updated.text).toBe(200)
  }

  const messageIds: string[] = []
  for (let i = 0; i < 5; i++) {
    const res = await call(server.url, 'POST', '/api/messages/contact', {
      body: {
        fullName: `Visitor ${i}`,
        email: `visitor${i}@backup.test`,
        subject: `Project ${i}`,
        message: `Line one\nLine two ${i}`,
      },
    })
    expect(res.status).toBe(201)
    messageIds.push((res.json as { _id: string })._id)
  }
  const reply = await call(server.url, 'POST', '/api/messages/reply', {
    headers: admin,
    body: {
      email: 'visitor0@backup.test',
      subject: 'Re: Project 0',
      replyContent: 'Happy to help',
      messageId: messageIds[0],
    },
  })
  expect(reply.status).toBe(200)

  // The first run's sample testimonial, hidden, and a request whose link nobody has used yet.
  const { testimonials } = (
    await call(server.url, 'GET', '/api/testimonials/admin', { headers: admin })
  ).json as { testimonials: { _id: string }[] }
  const hidden = await call(server.url, 'PUT', `/api/testimonials/${testimonials[0]!._id}`, {
    headers: admin,
    body: { approved: false, company: 'Ünïcödé & “Co”' },
  })
  expect(hidden.status, hidden.text).toBe(200)
  const asked = await call(server.url, 'POST', '/api/testimonials/requests', {
    headers: admin,
    body: { name: 'Visitor 1', email: 'visitor1@backup.test', messageId: messageIds[1] },
  })
  expect(asked.status, asked.text).toBe(201)
  testimonialToken = await mailedTestimonialToken(sourceDir)

  const client = await call(server.url, 'POST', '/api/clients', {
    headers: admin,
    body: { name: 'Robin Baker', email: 'robin@backup.test' },
  })
  expect(client.status, client.text).toBe(201)
  const clientId = (client.json as { client: { _id: string } }).client._id
  const project = await call(server.url, 'POST', '/api/projects', {
    headers: admin,
    body: {
      clientId,
      name: 'Bakery shop',
      status: 'in_progress',
      milestones: [{ title: 'Launch', due: '2027-02-01', done: false }],
    },
  })
  expect(project.status, project.text).toBe(201)
  const bytes = Buffer.from(Array.from({ length: 600 * 1024 }, (_, i) => (i * 31) % 251))
  const file = new FormData()
  file.append('file', new Blob([new Uint8Array(bytes)]), 'contract.pdf')
  const stored = await call(server.url, 'POST', `/api/clients/${clientId}/files`, {
    body: file,
    headers: admin,
  })
  expect(stored.status, stored.text).toBe(201)
  const projects = await call(server.url, 'GET', `/api/projects?clientId=${clientId}`, {
    headers: admin,
  })
  clientFile = {
    clientId,
    fileId: (stored.json as { file: { _id: string } }).file._id,
    bytes,
    projects: projects.json,
  }
}

/** The token of the one testimonial link in the outbox (no SMTP_URL: mails are files there). */
async function mailedTestimonialToken(dataDir: string): Promise<string> {
  const outbox = path.join(dataDir, 'outbox')
  for (const file of await readdir(outbox)) {
    const mail = await simpleParser(await readFile(path.join(outbox, file)))
    const token = /\/testimonial\/([\w-]+)/.exec(mail.text ?? '')?.[1]
    if (token) return token
  }
  throw new Error('no testimonial link in the outbox')
}

const embeddedEnv = (dir: string) => ({ DATA_DIR: dir, LOG_LEVEL: 'warn' })
const postgresEnv = (url: string, dataDir = 'pg-data') => ({
  DATABASE_URL: url,
  DATA_DIR: path.join(workDir, dataDir),
  LOG_LEVEL: 'warn',
})
const scratches: Awaited<ReturnType<typeof createScratchPostgres>>[] = []
/**
 * An empty PostgreSQL database and data folder for the refusal cases: what a file is refused for
 * does not depend on the database, and a restore there costs a fraction of an embedded start.
 */
async function emptyPostgresEnv(name: string) {
  const database = await createScratchPostgres(testEnv.TEST_POSTGRES_SERVER_URL)
  scratches.push(database)
  return postgresEnv(database.url, name)
}

async function expectSameSite(server: ServerProcess, label: string) {
  // The admin's token from before the backup is refused: the backup held no signing secret.
  const before = await call(server.url, 'GET', '/api/users/admin?page=1', {
    headers: bearer(sourceToken),
  })
  expect(before.status, label).toBe(401)
  expect(before.headers.get('www-authenticate'), label).toBe('Bearer error="invalid_token"')
  expect(await takeSnapshot(server, await signInAdmin(server)), label).toEqual(snapshot)
  const image = await fetch(`${server.url}${imagePath}`)
  expect(image.status, label).toBe(200)
  expect(image.headers.get('content-type')).toBe('image/webp')
  expect(Buffer.from(await image.arrayBuffer()).equals(imageBytes), label).toBe(true)
  const thumb = await fetch(`${server.url}${imagePath.replace('.webp', '-225.webp')}`)
  expect(thumb.status, label).toBe(200)
  const member = await call(server.url, 'POST', '/api/users/signin', {
    body: { email: MEMBER.email, password: MEMBER.password },
  })
  expect(member.status, label).toBe(200)
  expect(member.json).toMatchObject({ name: MEMBER.name, isAdmin: false })
  const token = await signInAdmin(server)
  const file = await fetch(
    `${server.url}/api/clients/${clientFile.clientId}/files/${clientFile.fileId}`,
    {
      headers: bearer(token),
    },
  )
  expect(file.status, label).toBe(200)
  expect(Buffer.from(await file.arrayBuffer()).equals(clientFile.bytes), label).toBe(true)
  const projects = await call(server.url, 'GET', `/api/projects?clientId=${clientFile.clientId}`, {
    headers: bearer(token),
  })
  expect(projects.json, label).toEqual(clientFile.projects)
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'site-backup-'))
  sourceDir = await embeddedDir()
  scratch = await createScratchPostgres(testEnv.TEST_POSTGRES_SERVER_URL)
  const source = await startServer({
    env: {
      ...embeddedEnv(sourceDir),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  })
  await seed(source)
  snapshot = await takeSnapshot(source, sourceToken)

  // The embedded database belongs to the running server: a restore over it is refused.
  // (Backups through a running server: tests/system/cli-beside-server.test.ts.)
  const whileRunning = await runCli(
    'restore',
    ['--in', path.join(workDir, 'refused.jsonl.gz')],
    embeddedEnv(sourceDir),
  )
  expect(whileRunning.code).toBe(1)
  expect(whileRunning.stderr).toContain(`The site is running (pid ${source.pid}): stop it`)

  expect((await source.stop()).code).toBe(0)
}, 480_000)

afterAll(async () => {
  console.log(`[backup-restore] ${figures.join('; ')}`)
  await stopAllServers()
  await Promise.all([scratch, ...scratches].map((database) => database?.drop()))
  await Promise.all([workDir, ...dirs].map((dir) => rm(dir, { recursive: true, force: true })))
})

describe('npm run backup / npm run restore', () => {
  const backupFile = () => path.join(workDir, 'site.jsonl.gz')
  // One uploaded image, stored as every variant width.
  const VARIANTS = IMAGE_VARIANT_WIDTHS.length
  // What a started site puts in place at first run (server/first-run/): the FAQ, the page texts,
  // a sample journal post, a sample testimonial, and four settings (the site's own, the FAQ's, the
  // journal's and the testimonials' first-run markers).
  const SEEDED_FAQS = 15
  const FIRST_RUN_SETTINGS = 4
  const FIRST_RUN_PAGES = 6

  it('backs up the embedded database', async () => {
    const res = await runCli('backup', ['--out', backupFile()], embeddedEnv(sourceDir), 'source')
    expect(res.code, res.stderr).toBe(0)
    // The token-signing secret, also a setting, is left out.
    expect(res.stdout).toContain(
      `Backed up ${FIRST_RUN_SETTINGS} settings, 3 users, 3 websites, 5 messages, ${SEEDED_FAQS} faqs, ${FIRST_RUN_PAGES} pages, 1 posts, 1 testimonials, 1 testimonial_requests, ${VARIANTS} images`,
    )
    expect(res.stdout).toContain('from the pglite database')
    expect((await stat(backupFile())).size).toBeGreaterThan(1000)
    const { gunzipSync } = await import('node:zlib')
    const text = gunzipSync(await readFile(backupFile())).toString('utf8')
    expect(text).not.toContain('"session_secret"')
    figures.push(
      `embedded backup: 3 users, 3 websites, 5 messages, ${VARIANTS} image variants, ${(await stat(backupFile())).size} B`,
    )
  }, 480_000)

  it('restores into a fresh embedded database: everything equal, image served, sessions ended', async () => {
    const target = await embeddedDir()
    const res = await runCli('restore', ['--in', backupFile()], embeddedEnv(target), 'source')
    expect(res.code, res.stderr).toBe(0)
    expect(res.stdout).toContain(
      `Restored ${FIRST_RUN_SETTINGS} settings, 3 users, 3 websites, 5 messages, ${SEEDED_FAQS} faqs, ${FIRST_RUN_PAGES} pages, 1 posts, 1 testimonials, 1 testimonial_requests, ${VARIANTS} images`,
    )
    expect(res.stdout).toContain(SESSIONS_ENDED)
    const server = await startServer({ env: embeddedEnv(target) })
    await expectSameSite(server, 'embedded')
    // The client's link, mailed before the backup, works on the restored site.
    const sent = await call(server.url, 'POST', '/api/testimonials', {
      body: { token: testimonialToken, name: 'Visitor 1', text: 'Still works after a restore.' },
    })
    expect(sent.status, sent.text).toBe(201)
    await server.stop()

    // A second restore into the now non-empty database is refused, and --force replaces it.
    const again = await runCli('restore', ['--in', backupFile()], embeddedEnv(target))
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/not empty; pass --force/)
    const forced = await runCli('restore', ['--in', backupFile(), '--force'], embeddedEnv(target))
    expect(forced.code, forced.stderr).toBe(0)
    const reopened = await startServer({ env: embeddedEnv(target) })
    await expectSameSite(reopened, 'embedded after --force')
    await reopened.stop()
    figures.push(
      'restored into embedded: equal, old admin token refused; non-empty target refused; --force replaced it without duplicates',
    )
  }, 480_000)

  it('restores the embedded backup into PostgreSQL, and a PostgreSQL backup into embedded again', async () => {
    const res = await runCli('restore', ['--in', backupFile()], postgresEnv(scratch.url))
    expect(res.code, res.stderr).toBe(0)
    expect(res.stdout).toContain(SESSIONS_ENDED)
    const pgServer = await startServer({ env: postgresEnv(scratch.url) })
    await expectSameSite(pgServer, 'postgres')

    // A PostgreSQL backup may run while the app serves traffic.
    const pgBackup = path.join(workDir, 'from-postgres.jsonl.gz')
    const backup = await runCli('backup', ['--out', pgBackup], postgresEnv(scratch.url))
    expect(backup.code, backup.stderr).toBe(0)
    expect(backup.stdout).toMatch(/from the postgres database/)
    await pgServer.stop()

    const target = await embeddedDir()
    const restore = await runCli('restore', ['--in', pgBackup], embeddedEnv(target))
    expect(restore.code, restore.stderr).toBe(0)
    expect(restore.stdout).toContain(SESSIONS_ENDED)
    const server = await startServer({ env: embeddedEnv(target) })
    await expectSameSite(server, 'embedded from postgres')
    await server.stop()
    figures.push(
      'embedded -> PostgreSQL -> embedded: equal at every step, image served, passwords valid, old admin token refused',
    )
  }, 480_000)

  it('refuses a truncated or foreign file and changes nothing', async () => {
    const target = await emptyPostgresEnv('refused-files')
    const whole = await readFile(backupFile())
    const { gunzipSync, gzipSync } = await import('node:zlib')
    const lines = gunzipSync(whole).toString('utf8').trimEnd().split('\n')
    const truncated = path.join(workDir, 'truncated.jsonl.gz')
    await writeFile(truncated, gzipSync(lines.slice(0, -3).join('\n')))
    const cut = await runCli('restore', ['--in', truncated], target)
    expect(cut.code).toBe(1)
    expect(cut.stderr).toMatch(/truncated/)

    const foreign = path.join(workDir, 'foreign.json')
    await writeFile(foreign, '{"users":[]}\n')
    const wrong = await runCli('restore', ['--in', foreign], target)
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toMatch(/not a backup file/)

    const header = JSON.parse(lines[0]!) as { header: { migration: { when: number } } }
    header.header.migration.when += 365 * 24 * 3600 * 1000
    const newer = path.join(workDir, 'newer.jsonl.gz')
    await writeFile(newer, gzipSync([JSON.stringify(header), ...lines.slice(1)].join('\n')))
    const fromFuture = await runCli('restore', ['--in', newer], target)
    expect(fromFuture.code).toBe(1)
    expect(fromFuture.stderr).toMatch(/made by a newer version/)

    // Nothing was restored by the refused attempts: a good file still finds the database empty.
    const good = await runCli('restore', ['--in', backupFile()], target)
    expect(good.code, good.stderr).toBe(0)
    figures.push('truncated, foreign and newer-version files refused with nothing written')
  }, 480_000)

  it('refuses rows that break the schema and unknown tables, naming them, and writes nothing', async () => {
    const { gunzipSync, gzipSync } = await import('node:zlib')
    const lines = gunzipSync(await readFile(backupFile()))
      .toString('utf8')
      .trimEnd()
      .split('\n')
    const records = lines.map(
      (line) => JSON.parse(line) as { t?: string; r?: Record<string, unknown> },
    )
    const userLine = records.findIndex((record) => record.t === 'users')
    const user = records[userLine]!.r!
    /** The backup with line `index` replaced by `record`. */
    const withLine = async (name: string, index: number, record: string) => {
      const file = path.join(workDir, `${name}.jsonl.gz`)
      await writeFile(
        file,
        gzipSync(lines.map((line, i) => (i === index ? record : line)).join('\n')),
      )
      return file
    }
    const userRecord = (changes: Record<string, unknown>) =>
      JSON.stringify({ t: 'users', r: { ...user, ...changes } })
    const lineNumber = userLine + 1
    const hostile: [string, string, RegExp][] = [
      [
        'admin-as-text',
        userRecord({ isAdmin: 'yes' }),
        new RegExp(`line ${lineNumber}: users row id "${String(user.id)}": field "isAdmin"`),
      ],
      [
        'plain-password',
        userRecord({ passwordHash: 'hunter2' }),
        /users row id "[0-9a-f-]+": field "passwordHash": must be an argon2 password hash/,
      ],
      ['proto-table', JSON.stringify({ t: '__proto__', r: user }), /unknown table "__proto__"/],
      [
        'constructor-table',
        JSON.stringify({ t: 'constructor', r: user }),
        /unknown table "constructor"/,
      ],
      [
        'proto-field',
        userRecord({}).replace('{"id"', '{"__proto__":{"isAdmin":true},"id"'),
        /users row id "[0-9a-f-]+": unknown field "__proto__"/,
      ],
      ['not-a-record', 'null', new RegExp(`line ${lineNumber}: unknown record`)],
    ]

    const target = await emptyPostgresEnv('refused-rows')
    for (const [name, record, message] of hostile) {
      const res = await runCli('restore', ['--in', await withLine(name, userLine, record)], target)
      expect(res.code, `${name}: ${res.stderr}`).toBe(1)
      expect(res.stderr, name).toMatch(message)
      expect(res.stderr, name).not.toMatch(/TypeError|at .*\.m?js:\d+/)
    }

    // Nothing was written: the good file finds the database empty, and a hostile file with --force
    // leaves the restored data in place (the database is still not empty afterwards).
    const good = await runCli('restore', ['--in', backupFile()], target)
    expect(good.code, good.stderr).toBe(0)
    const forced = await runCli(
      'restore',
      ['--in', await withLine('forced', userLine, userRecord({ isAdmin: 'yes' })), '--force'],
      target,
    )
    expect(forced.code).toBe(1)
    const again = await runCli('restore', ['--in', backupFile()], target)
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/not empty; pass --force/)
    figures.push(
      `${hostile.length} hostile files (non-boolean isAdmin, plain password, __proto__/constructor tables and fields, a null line) refused by name with nothing written`,
    )
  }, 480_000)
})
