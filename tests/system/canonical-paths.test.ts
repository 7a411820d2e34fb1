/**
 * One spelling per page, and the contact form's limits and token where the message is accepted.
 * Requests go over a real socket with their paths exactly as written (`/./contact`, `//x/contact`),
 * as an attacker sends them: a client library would normalise them first.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { messages } from '#server/db/schema.ts'
import { ACTION_LIMITS } from '#server/lib/rate-limits.ts'
import type { MailTransport } from '#server/modules/mail/mail.transports.ts'
import { CONTACT_TOKEN_MAX_AGE_MS } from '#server/modules/messages/contact-token.ts'
import { ensureBuild } from '#tests/helpers/build.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const sent: string[] = []
const transport: MailTransport = { send: async (mail) => void sent.push(mail.subject) }
let clock = new Date('2026-03-02T10:00:00Z')
let app: TestApp
let origin: string

beforeAll(async () => {
  await ensureBuild()
  app = await createTestApp({
    web: true,
    mailTransport: transport,
    now: () => clock,
    // Real limits; each test picks its own client address through X-Forwarded-For.
    env: {
      RATE_LIMIT_SCALE: '1',
      TRUST_PROXY: 'true',
      CONTACT_MIN_FILL_SECONDS: '3',
      OWNER_EMAIL: 'owner@site.test',
    },
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
}, 240_000)
afterAll(() => app?.cleanup())

interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
}

/** One request with `path` sent exactly as written. */
function send(
  method: string,
  path: string,
  { body, headers = {} }: { body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${origin}/`, { method, path, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      )
    })
    request.on('error', reject)
    request.end(body)
  })
}

let subjectCount = 0
const contactFields = (extra: Record<string, string> = {}) => ({
  fullName: 'Probe',
  email: 'probe@example.com',
  subject: `Canonical probe ${++subjectCount}`,
  message: 'x'.repeat(200),
  ...extra,
})

/** The contact page's form, posted as a browser without JavaScript posts it. */
const postForm = (path: string, client: string, fields: Record<string, string>) =>
  send('POST', path, {
    body: new URLSearchParams(fields).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': client,
    },
  })

const postApi = (client: string, fields: Record<string, string>) =>
  send('POST', '/api/messages/contact', {
    body: JSON.stringify(fields),
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
  })

const messageCount = () => app.database.db.$count(messages)

async function spamOf(subject: string): Promise<boolean | undefined> {
  const rows = await app.database.db
    .select({ spam: messages.spam })
    .from(messages)
    .where(eq(messages.subject, subject))
  expect(rows.length, subject).toBeLessThanOrEqual(1)
  return rows[0]?.spam
}

/** The token the contact page renders into its form. */
async function pageToken(client: string): Promise<string> {
  const page = await send('GET', '/contact', { headers: { 'x-forwarded-for': client } })
  expect(page.status).toBe(200)
  const token = /name="formToken" value="([^"]+)"/.exec(page.body)?.[1]
  expect(token).toBeTruthy()
  return token!
}

describe('one canonical path per page', () => {
  it.each([
    ['//', '/'],
    ['///', '/'],
    ['/./faq', '/faq'],
    ['/faq/', '/faq'],
    ['/x/../faq', '/faq'],
    ['/%66aq', '/faq'],
    ['/%2e/faq?q=1', '/faq?q=1'],
  ])('redirects a read of %s to %s', async (path, location) => {
    const res = await send('GET', path)
    expect(res.status).toBe(301)
    expect(res.headers.location).toBe(location)
  })

  it.each([
    '/FAQ',
    '/Contact',
    '/MERNRENDER',
    '/sitemap.xml.data',
    '/contact/.data',
    '/contact/_.data',
    '/.data',
  ])('answers %s with 404', async (path) => {
    expect((await send('GET', path)).status).toBe(404)
  })

  it('refuses a form posted through a path that names another origin, and stores nothing', async () => {
    const before = await messageCount()
    for (const path of ['//evil.example/contact', '//evil.example/contact.data']) {
      const res = await send('POST', path, {
        body: new URLSearchParams(contactFields()).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'http://evil.example',
          'x-forwarded-for': '198.51.100.1',
        },
      })
      expect(res.status, path).toBe(404)
    }
    expect(await messageCount()).toBe(before)
  })
})

describe('the contact limit counts where the message is accepted', () => {
  const spellings = [
    '/contact',
    '/contact.data',
    '/CONTACT',
    '/Contact.data',
    '/./contact',
    '//x/contact',
    '/contact/',
    '/%63ontact',
    '/x/../contact',
    '/contact?index',
  ]

  it('refuses every spelling of the page and the API once the limit is reached: nothing stored, nothing mailed', async () => {
    const client = '198.51.100.10'
    for (let i = 0; i < ACTION_LIMITS.contact.max; i++) {
      expect((await postForm('/contact', client, contactFields())).status).toBe(200)
    }
    expect((await postForm('/contact', client, contactFields())).status).toBe(429)
    const before = await messageCount()
    const mailed = sent.length
    for (const path of spellings) {
      const res = await postForm(path, client, contactFields())
      expect(res.status, path).toBeGreaterThanOrEqual(400)
      expect(res.status, path).toBeLessThan(500)
    }
    expect((await postApi(client, contactFields())).status).toBe(429)
    expect(await messageCount()).toBe(before)
    expect(sent.length).toBe(mailed)
  })

  it('counts the API call and the page form against one allowance per client', async () => {
    const client = '198.51.100.11'
    for (let i = 0; i < ACTION_LIMITS.contact.max; i++) {
      expect((await postApi(client, contactFields())).status).toBe(201)
    }
    const refused = await postForm('/contact', client, contactFields())
    expect(refused.status).toBe(429)
    expect(refused.body).toContain('Too many requests')
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  })
})

describe("the page form's token", () => {
  it('is on a page nobody keeps a copy of, each visitor getting their own', async () => {
    const page = await send('GET', '/contact')
    expect(page.headers['cache-control']).toBe('private, no-store')
    expect(await pageToken('198.51.100.20')).not.toBe(await pageToken('198.51.100.20'))
  })

  it('is required on the page: a post without one is kept as spam, with the usual answer', async () => {
    const fields = contactFields()
    const res = await postForm('/contact', '198.51.100.21', fields)
    expect(res.status).toBe(200)
    expect(res.body).toContain('Success, message sent!')
    expect(await spamOf(fields.subject)).toBe(true)
  })

  it('is good once: a replay, on this instance or another sharing the database, is spam', async () => {
    const formToken = await pageToken('198.51.100.22')
    clock = new Date(clock.getTime() + 5_000)
    const first = contactFields({ formToken })
    expect((await postForm('/contact', '198.51.100.22', first)).status).toBe(200)
    expect(await spamOf(first.subject)).toBe(false)

    const again = contactFields({ formToken })
    expect((await postForm('/contact', '198.51.100.23', again)).status).toBe(200)
    expect(await spamOf(again.subject)).toBe(true)

    // A second instance on the same database sees the first one's use.
    const otherDataDir = await mkdtemp(path.join(os.tmpdir(), 'site-test-'))
    const other = await buildApp({
      config: loadConfig({
        DATA_DIR: otherDataDir,
        LOG_LEVEL: 'silent',
        PUBLIC_URL: 'http://site.test',
        RATE_LIMIT_SCALE: '1',
        RESPONSE_CACHE_TTL_MS: '0',
      }),
      database: app.database,
      mailTransport: transport,
      now: () => clock,
      web: false,
      logger: false,
    })
    try {
      const replay = contactFields({ formToken })
      const res = await other.inject({
        method: 'POST',
        url: '/api/messages/contact',
        payload: replay,
      })
      expect(res.statusCode).toBe(201)
      expect(await spamOf(replay.subject)).toBe(true)
    } finally {
      await other.close()
      await rm(otherDataDir, { recursive: true, force: true })
    }
  })

  it('expires after 24 hours', async () => {
    const formToken = await pageToken('198.51.100.24')
    clock = new Date(clock.getTime() + CONTACT_TOKEN_MAX_AGE_MS + 1_000)
    const late = contactFields({ formToken })
    expect((await postForm('/contact', '198.51.100.24', late)).status).toBe(200)
    expect(await spamOf(late.subject)).toBe(true)
  })

  it('is still optional for API clients, which send none', async () => {
    const fields = contactFields()
    expect((await postApi('198.51.100.25', fields)).status).toBe(201)
    expect(await spamOf(fields.subject)).toBe(false)
  })
})
