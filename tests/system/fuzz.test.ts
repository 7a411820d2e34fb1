/**
 * Property-based hostile input (fast-check) over every endpoint's body, query and params: arbitrary
 * JSON, unicode and NUL characters, huge numbers, arrays for objects, prototype-pollution keys,
 * broken encodings. Whatever arrives: never a 5xx, never a crash, and every error is JSON {message}.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messages } from '#server/db/schema.ts'
import { RATE_LIMITS } from '#server/plugins/rate-limit.ts'
import { asAdmin, authHeader } from '#tests/helpers/auth.ts'
import { makeMessage, makeUser, makeWebsite } from '#tests/helpers/factories.ts'
import { ensureBuild } from '#tests/helpers/server-process.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const NUM_RUNS = 50
/**
 * One fixed seed: every run tries the same inputs, so a red run is reproducible and a green run
 * stays green. Change it to explore other inputs, and keep any counterexample found as a case.
 */
fc.configureGlobal({ seed: 20261124 })

let app: TestApp
let admin: Record<string, string>
let websiteId: string
let messageId: string
let victimId: string
let tried = 0
let serverErrors = 0
let nonJsonErrors = 0

beforeAll(async () => {
  await ensureBuild()
  app = await createTestApp({
    web: true,
    env: { RATE_LIMIT_SCALE: '0' },
    // Replies that pass validation are "sent" nowhere: this file is about input, not mail.
    mailTransport: { send: async () => {} },
  })
  admin = (await asAdmin(app)).headers
  websiteId = (await makeWebsite(app)).id
  messageId = (await makeMessage(app)).id
  victimId = (await makeUser(app)).id
}, 240_000)

afterAll(async () => {
  console.log(
    `[fuzz] hostile inputs tried: ${tried}; 5xx answers: ${serverErrors}; non-JSON API errors: ${nonJsonErrors}`,
  )
  await app?.cleanup()
})

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
type Role = 'visitor' | 'user' | 'admin'

interface Endpoint {
  method: Method
  /** `:id` and friends are replaced by the fuzzed or real parameter. */
  path: string
  role: Role
  fields?: string[]
  /** A body that passes validation: one field at a time is swapped for hostile input. */
  valid?: Record<string, unknown>
}

const PASSWORD = 'Str0ng!Passw0rd'

const ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    path: '/api/users/signin',
    role: 'visitor',
    fields: ['email', 'password'],
    valid: { email: 'fuzz@example.com', password: PASSWORD },
  },
  {
    method: 'POST',
    path: '/api/users/signup',
    role: 'visitor',
    fields: ['name', 'email', 'password', 'isAdmin'],
    valid: { name: 'Fuzz', email: 'fuzz-signup@example.com', password: PASSWORD },
  },
  {
    method: 'POST',
    path: '/api/users/forget-password',
    role: 'visitor',
    fields: ['email'],
    valid: { email: 'fuzz@example.com' },
  },
  {
    method: 'POST',
    path: '/api/users/reset-password',
    role: 'visitor',
    fields: ['password', 'token'],
    valid: { password: PASSWORD, token: 'abc' },
  },
  {
    method: 'PUT',
    path: '/api/users/profile',
    role: 'user',
    fields: ['name', 'email', 'password', 'isAdmin'],
    valid: { name: 'Fuzz', email: 'fuzz-profile@example.com' },
  },
  { method: 'GET', path: '/api/users/admin', role: 'admin' },
  { method: 'GET', path: '/api/users/:userId', role: 'admin' },
  {
    method: 'PUT',
    path: '/api/users/:userId',
    role: 'admin',
    fields: ['_id', 'name', 'email', 'isAdmin'],
    valid: { name: 'Victim', email: 'fuzz-victim@example.com', isAdmin: false },
  },
  { method: 'DELETE', path: '/api/users/:missingId', role: 'admin' },
  { method: 'GET', path: '/api/summary/summary', role: 'admin' },
  { method: 'GET', path: '/api/messages', role: 'admin' },
  { method: 'GET', path: '/api/messages/admin', role: 'admin' },
  { method: 'DELETE', path: '/api/messages/:missingId', role: 'admin' },
  {
    method: 'POST',
    path: '/api/messages/contact',
    role: 'visitor',
    fields: ['fullName', 'email', 'subject', 'message'],
    valid: { fullName: 'Fuzz', email: 'fuzz@example.com', subject: 'Hi', message: 'Hello' },
  },
  {
    method: 'POST',
    path: '/api/messages/reply',
    role: 'admin',
    fields: ['email', 'subject', 'replyContent', 'messageId'],
    valid: { email: 'fuzz@example.com', subject: 'Re: Hi', replyContent: 'Thanks' },
  },
  { method: 'GET', path: '/api/websites/search', role: 'visitor' },
  { method: 'GET', path: '/api/websites/admin', role: 'admin' },
  { method: 'GET', path: '/api/websites/:websiteId', role: 'visitor' },
  { method: 'GET', path: '/api/websites/slug/:slug', role: 'visitor' },
  { method: 'POST', path: '/api/websites', role: 'admin', fields: ['name', 'slug'] },
  {
    method: 'PUT',
    path: '/api/websites/:websiteId',
    role: 'admin',
    fields: [
      '_id',
      'name',
      'slug',
      'image',
      'language',
      'languageDescription',
      'description',
      'link',
    ],
    valid: {
      name: 'Fuzz site',
      slug: 'fuzz-site',
      image: '/images/default.jpg',
      language: 'React',
      languageDescription: 'MERN',
      description: 'A site',
      link: 'https://example.com',
    },
  },
  { method: 'DELETE', path: '/api/websites/:missingId', role: 'admin' },
  { method: 'POST', path: '/api/upload', role: 'admin', fields: ['image'] },
  { method: 'GET', path: '/uploads/:file', role: 'visitor' },
  { method: 'GET', path: '/api/health', role: 'visitor' },
  { method: 'GET', path: '/api/docs', role: 'visitor' },
]

const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'isAdmin',
  'toString',
  'hasOwnProperty',
  '$where',
  '',
]

const hostileString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b@example.com',
    '\uD800',
    '\uFFFF\uFFFE',
    '\u202Eevil',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    '../../../../etc/passwd',
    '%00',
    '%ff%fe',
    'x'.repeat(10_000),
    '𝕏'.repeat(3_000),
    ' ',
    '',
    'Hello\u0000World',
    '\u0000',
  ),
  // Valid-looking values, so some bodies pass validation and reach the database.
  fc.emailAddress(),
  fc.constantFrom(
    'Str0ng!Passw0rd',
    'https://example.com/a',
    'new-slug',
    '/images/default.jpg',
    'Hello',
  ),
)

const hostileNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -0, 2 ** 64),
)

const leaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null))
const value = fc.oneof(
  { depthSize: 'small' },
  leaf,
  fc.array(leaf, { maxLength: 5 }),
  fc.dictionary(fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 8 })), leaf, {
    maxKeys: 4,
  }),
)

/** A body: arbitrary JSON, or an object with the endpoint's own fields (and hostile extras). */
const bodyFor = (fields: string[] = [], valid?: Record<string, unknown>) =>
  fc.oneof(
    ...(valid
      ? [
          fc
            .tuple(fc.constantFrom(...fields, ...HOSTILE_KEYS.slice(0, 3)), value)
            .map(([key, v]) => ({ ...valid, [key]: v })),
        ]
      : []),
    fc.jsonValue({ maxDepth: 3 }),
    fc.array(value, { maxLength: 4 }),
    fc.record(
      Object.fromEntries([...fields, ...HOSTILE_KEYS.slice(0, 4)].map((key) => [key, value])),
      { requiredKeys: [] },
    ),
    fc.record(Object.fromEntries(fields.map((key) => [key, hostileString])), {
      requiredKeys: fields,
    }),
  )

/** A raw payload: broken JSON, prototype pollution in JSON text, or wrong content types. */
const rawPayload = fc.oneof(
  fc.constantFrom(
    { type: 'application/json', text: '{"__proto__":{"isAdmin":true},"email":"a@b.c"}' },
    { type: 'application/json', text: '{"constructor":{"prototype":{"isAdmin":true}}}' },
    { type: 'application/json', text: '{"email": "a@b.c",' },
    { type: 'application/json', text: '' },
    { type: 'application/json', text: 'null' },
    { type: 'application/json', text: '1e999999' },
    { type: 'application/json; charset=utf-16', text: '{}' },
    { type: 'text/plain', text: 'hello' },
    { type: 'application/x-www-form-urlencoded', text: 'email=a%40b.c&password=x' },
    { type: 'multipart/form-data', text: '--x\r\n\r\n' },
    {
      type: 'multipart/form-data; boundary=x',
      text: '--x\r\nContent-Disposition: form-data; name="image"; filename="../../a.png"\r\n\r\nGIF89a\r\n--x--',
    },
    {
      type: 'application/xml',
      text: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
    },
  ),
  fc.string({ unit: 'binary', maxLength: 200 }).map((text) => ({ type: 'application/json', text })),
)

/** Percent-encodes every UTF-8 byte (lone surrogates become U+FFFD, as in a real client). */
const percentEncode = (text: string) =>
  Array.from(Buffer.from(text, 'utf8'), (byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')

const queryValue = fc.oneof(
  hostileString,
  fc.constantFrom(
    '1',
    '0',
    '-1',
    '1.5',
    '1e309',
    '99999999999999999999',
    'NaN',
    'Infinity',
    '0x10',
    '[]',
    '{}',
  ),
)
/** A query string, sometimes with the same key twice (which arrives as an array). */
const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constant('page'), fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 6 })),
      queryValue,
    ),
    {
      maxLength: 4,
    },
  )
  .map((pairs) => pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&'))
const rawQuery = fc.constantFrom(
  'page=%ff',
  'page=%00',
  'page[]=1&page[]=2',
  'page[__proto__][x]=1',
  '%%%',
  'page=%E0%A4%A',
  '&&&=',
)

const paramValue = fc.oneof(
  hostileString.map(percentEncode),
  fc.uuid().map(String),
  fc.constantFrom(
    '..%2F..%2Fpackage.json',
    '%2e%2e',
    '%00',
    '%ff',
    'a'.repeat(5_000),
    '-1',
    '0',
    'null',
    'undefined',
  ),
)

async function headersFor(role: Role): Promise<Record<string, string>> {
  if (role === 'admin') return admin
  if (role === 'user') return authHeader(app, await makeUser(app))
  return {}
}

function resolvePath(path: string, param?: string) {
  return path
    .replace(':userId', param ?? victimId)
    .replace(':websiteId', param ?? websiteId)
    .replace(':missingId', param ?? randomUUID())
    .replace(':slug', param ?? 'some-slug')
    .replace(':file', param ?? 'x.webp')
}

/** The properties every answer to hostile input must have. */
function expectSafeAnswer(res: LightMyRequestResponse, label: string, isApi = true) {
  tried += 1
  if (res.statusCode >= 500) serverErrors += 1
  const isJson = /^application\/json/.test(String(res.headers['content-type']))
  if (isApi && res.statusCode >= 400 && !isJson) nonJsonErrors += 1
  expect(res.statusCode, `${label} -> ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(
    500,
  )
  // Outside /api (e.g. /uploads/...), a URL the router cannot match is a page: the HTML 404 page.
  if (res.statusCode >= 400 && isApi) {
    expect(res.headers['content-type'], label).toMatch(/^application\/json/)
    const body = JSON.parse(res.body) as unknown
    expect(body, label).toEqual({ message: expect.any(String) })
    expect(res.body, label).not.toMatch(/\bat .+\.(ts|js|mjs):\d+/)
  }
}

const hasBody = (e: Endpoint) => e.method === 'POST' || e.method === 'PUT'

describe.each(ENDPOINTS)('$method $path', (endpoint) => {
  it.runIf(hasBody(endpoint))('survives hostile JSON bodies', async () => {
    const headers = await headersFor(endpoint.role)
    await fc.assert(
      fc.asyncProperty(bodyFor(endpoint.fields, endpoint.valid), async (body) => {
        const res = await app.inject({
          method: endpoint.method,
          url: resolvePath(endpoint.path),
          headers: { ...headers, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        })
        expectSafeAnswer(
          res,
          `${endpoint.method} ${endpoint.path} body ${JSON.stringify(body)?.slice(0, 200)}`,
        )
      }),
      { numRuns: NUM_RUNS },
    )
  })

  it.runIf(hasBody(endpoint))('survives broken payloads and foreign content types', async () => {
    const headers = await headersFor(endpoint.role)
    await fc.assert(
      fc.asyncProperty(rawPayload, async ({ type, text }) => {
        const res = await app.inject({
          method: endpoint.method,
          url: resolvePath(endpoint.path),
          headers: { ...headers, 'content-type': type },
          payload: text,
        })
        expectSafeAnswer(
          res,
          `${endpoint.method} ${endpoint.path} ${type} ${JSON.stringify(text.slice(0, 100))}`,
        )
      }),
      { numRuns: Math.min(NUM_RUNS, 30) },
    )
  })

  it('survives hostile query strings', async () => {
    const headers = await headersFor(endpoint.role)
    await fc.assert(
      fc.asyncProperty(fc.oneof(queryString, rawQuery), async (query) => {
        const res = await app.inject({
          method: endpoint.method,
          url: `${resolvePath(endpoint.path)}?${query}`,
          headers: hasBody(endpoint) ? { ...headers, 'content-type': 'application/json' } : headers,
          payload: hasBody(endpoint) ? '{}' : undefined,
        })
        expectSafeAnswer(res, `${endpoint.method} ${endpoint.path}?${query}`)
      }),
      { numRuns: NUM_RUNS },
    )
  })

  it.runIf(endpoint.path.includes(':'))('survives hostile path parameters', async () => {
    const headers = await headersFor(endpoint.role)
    await fc.assert(
      fc.asyncProperty(paramValue, async (param) => {
        const res = await app.inject({
          method: endpoint.method,
          url: resolvePath(endpoint.path, param),
          headers: hasBody(endpoint) ? { ...headers, 'content-type': 'application/json' } : headers,
          payload: hasBody(endpoint) ? '{}' : undefined,
        })
        expectSafeAnswer(
          res,
          `${endpoint.method} ${endpoint.path} param ${param.slice(0, 100)}`,
          endpoint.path.startsWith('/api/'),
        )
      }),
      { numRuns: NUM_RUNS },
    )
  })
})

describe('unknown and malformed paths', () => {
  it('answers JSON 404 for any unknown /api path', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(paramValue, { minLength: 1, maxLength: 4 }),
        fc.constantFrom<Method>('GET', 'POST', 'PUT', 'DELETE'),
        async (segments, method) => {
          const url = `/api/zz-${segments.join('/')}`
          // Dot segments (`%2e%2e`) are resolved by the client's URL parser before sending: a path
          // that climbs out of /api is a page path by then.
          fc.pre(new URL(url, 'http://localhost').pathname.startsWith('/api/'))
          const res = await app.inject({ method, url })
          expectSafeAnswer(res, `${method} ${url.slice(0, 200)}`)
          // A segment with broken percent-encoding is a malformed URL (400), anything else unknown (404).
          expect([400, 404]).toContain(res.statusCode)
          if (res.statusCode === 400) expect(res.json()).toEqual({ message: 'Malformed URL' })
        },
      ),
      { numRuns: NUM_RUNS },
    )
  })

  it('never answers 5xx to hostile page URLs (server-rendered pages)', async () => {
    const pages = ['/portfolio', '/website/:slug', '/reset-password/:slug', '/contact', '/']
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...pages),
        fc.oneof(queryString, rawQuery),
        paramValue,
        async (page, query, param) => {
          const url = `${page.replace(':slug', param)}?${query}`
          const res = await app.inject({ method: 'GET', url })
          tried += 1
          if (res.statusCode >= 500) serverErrors += 1
          expect(res.statusCode, `GET ${url} -> ${res.statusCode}`).toBeLessThan(500)
        },
      ),
      { numRuns: NUM_RUNS },
    )
  })

  it('never answers 5xx to hostile page form posts (documents and data requests)', async () => {
    const pages = ['/contact', '/contact.data']
    const contactFields = ['fullName', 'email', 'subject', 'message', ...HOSTILE_KEYS.slice(0, 3)]
    const urlencoded = fc
      .dictionary(fc.constantFrom(...contactFields), hostileString, { maxKeys: 6 })
      .map((fields) => ({
        type: 'application/x-www-form-urlencoded',
        text: new URLSearchParams(fields).toString(),
      }))
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...pages),
        fc.oneof(rawPayload, urlencoded),
        async (page, { type, text }) => {
          const res = await app.inject({
            method: 'POST',
            url: page,
            headers: { 'content-type': type },
            payload: text,
          })
          tried += 1
          if (res.statusCode >= 500) serverErrors += 1
          const label = `POST ${page} ${type} ${JSON.stringify(text.slice(0, 100))}`
          expect(res.statusCode, `${label} -> ${res.statusCode}`).toBeLessThan(500)
        },
      ),
      { numRuns: NUM_RUNS },
    )
  })

  it('keeps working after all of it, with no polluted prototype and no admin made by a body', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health' })
    expect(health.statusCode).toBe(200)
    const listed = await app.inject({ method: 'GET', url: '/api/messages', headers: admin })
    expect(listed.statusCode).toBe(200)
    // The fuzzed contact posts may push it out of the newest-first list: look it up directly.
    const [kept] = await app.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.id, messageId))
    expect(kept?.id).toBe(messageId)
    expect((Object.prototype as Record<string, unknown>).isAdmin).toBeUndefined()
    const users = await app.inject({ method: 'GET', url: '/api/users/admin', headers: admin })
    const admins = (users.json() as { users: { isAdmin: boolean }[] }).users.filter(
      (u) => u.isAdmin,
    )
    expect(admins).toHaveLength(1)
  })
})

describe('unknown /api paths while the web app is served', () => {
  it('answers every one from the API not-found handler: JSON 404, then its rate limit', async () => {
    const scale = 0.05
    const served = await createTestApp({
      web: true,
      env: { RATE_LIMIT_SCALE: String(scale) },
      now: () => new Date('2030-01-01T00:00:00Z'),
    })
    try {
      const allowed = Math.max(1, Math.round(RATE_LIMITS.notFound.max * scale))
      const methods: Method[] = ['GET', 'POST', 'PUT', 'DELETE']
      for (let i = 0; i < allowed; i++) {
        const url = i === 0 ? '/api' : `/api/zz-unknown-${i}?page=1`
        const res = await served.inject({ method: methods[i % methods.length], url })
        expect(res.statusCode, url).toBe(404)
        expect(res.json()).toEqual({ message: expect.stringContaining('Not found') })
      }
      const limited = await served.inject({ method: 'POST', url: '/api/zz-unknown-over' })
      expect(limited.statusCode).toBe(429)
      expect(limited.json()).toEqual({ message: expect.stringContaining('Too many requests') })
      // Pages stay outside the API's not-found limit.
      expect((await served.inject({ method: 'GET', url: '/zz-unknown-page' })).statusCode).toBe(404)
    } finally {
      await served.cleanup()
    }
  })
})
