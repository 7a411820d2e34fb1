/**
 * Property-based hostile input (fast-check) over every route the server registers: bodies, query
 * strings and path parameters, as the admin and anonymously. Arbitrary JSON, NUL characters and
 * lone surrogates, huge numbers, arrays for objects, prototype-pollution keys, broken encodings.
 * Whatever arrives: never a 5xx, never a crash, and every API error is JSON {message}.
 * The routes come from Fastify itself (an onRoute hook attached through its `fastify.initialization`
 * diagnostics channel, before buildApp registers anything), so a new route is fuzzed without anyone
 * listing it here.
 */
import { putFirstRunContent } from '#server/first-run/first-run.ts'
import { randomUUID } from 'node:crypto'
import diagnostics from 'node:diagnostics_channel'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { messages, users } from '#server/db/schema.ts'
import { RATE_LIMITS } from '#server/lib/rate-limits.ts'
import { asAdmin, authHeader } from '#tests/helpers/auth.ts'
import { makeMessage, makeUser, makeWebsite } from '#tests/helpers/factories.ts'
import { ensureBuild } from '#tests/helpers/build.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

/** Random inputs per route, role and kind of input, on top of the fixed hostile examples. */
const NUM_RUNS = 15
/** Random inputs for each probe of unknown paths and pages. */
const PROBE_RUNS = 50
/**
 * One fixed seed: every run tries the same inputs, so a red run is reproducible and a green run
 * stays green. Change it to explore other inputs, and keep any counterexample found as a case.
 */
fc.configureGlobal({ seed: 20261124 })

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
type Role = 'admin' | 'anonymous'
const ROLES: Role[] = ['admin', 'anonymous']

/** One method of one registered route. */
interface Target {
  method: Method
  url: string
  schema: { body?: unknown; querystring?: unknown }
  /** A body that passes validation, when known: one field at a time is swapped for hostile input. */
  valid?: Record<string, unknown>
}

const registered: RouteOptions[] = []
let targets: Target[] = []
let app: TestApp
let adminId: string
let fixtureParams: Record<string, string> = {}
let tried = 0
let serverErrors = 0
let nonJsonErrors = 0

const PASSWORD = 'Str0ng!Passw0rd'
const NUL = 'Hello\u0000World'
const LONE_SURROGATE = 'Hello\uD800World'
const OVERLONG_NUMBER = '9'.repeat(400)

/** Collects the routes of the next Fastify instance created (the app this file builds). */
function collectRoutesOfNextApp() {
  const onInit = (message: unknown) => {
    diagnostics.unsubscribe('fastify.initialization', onInit)
    const { fastify } = message as { fastify: FastifyInstance }
    fastify.addHook('onRoute', (route) => {
      registered.push(route)
    })
  }
  diagnostics.subscribe('fastify.initialization', onInit)
}

/**
 * Every method of every route. HEAD is left out: Fastify derives it from the GET route and runs the
 * GET handler. Routes with one shared handler and no parameters differ only in a fixed path (the
 * build's static files, one route per file): the first of them stands for all.
 */
function targetsOf(routes: RouteOptions[]): Target[] {
  const seenHandlers = new Set<unknown>()
  return routes
    .filter((route) => {
      if (paramsOf(route.url).length > 0) return true
      if (seenHandlers.has(route.handler)) return false
      seenHandlers.add(route.handler)
      return true
    })
    .flatMap((route) =>
      [route.method]
        .flat()
        .filter((method): method is Method => method !== 'HEAD' && method !== 'OPTIONS')
        .map((method) => ({
          method,
          url: route.url,
          schema: (route.schema ?? {}) as Target['schema'],
        })),
    )
}

/** Bodies that pass validation, for routes with no GET twin to copy one from. */
const knownValidBodies = (ids: { websiteId: string; faqId: string }) => ({
  'POST /api/users/signin': { email: 'fuzz@example.com', password: PASSWORD },
  'POST /api/users/signup': { name: 'Fuzz', email: 'fuzz-signup@example.com', password: PASSWORD },
  'POST /api/users/forget-password': { email: 'fuzz@example.com' },
  'POST /api/users/reset-password': { password: PASSWORD, token: 'abc' },
  'PUT /api/users/profile': { name: 'Fuzz', email: 'fuzz-profile@example.com' },
  'POST /api/messages/contact': {
    fullName: 'Fuzz',
    email: 'fuzz@example.com',
    subject: 'Hi',
    message: 'Hello',
  },
  'POST /api/messages/reply': {
    email: 'fuzz@example.com',
    subject: 'Re: Hi',
    replyContent: 'Thanks',
  },
  // An id that names no message: the bulk change runs and touches nothing.
  'POST /api/messages/bulk': { ids: [randomUUID()], action: 'read' },
  'PUT /api/messages/:id': { read: true },
  'PUT /api/websites/order': { ids: [ids.websiteId] },
  'POST /api/faq': { question: 'Fuzz?', answer: 'Yes.' },
  'PUT /api/faq/:id': { question: 'Fuzz?', answer: 'Yes.' },
  'PUT /api/faq/order': { ids: [ids.faqId] },
})

beforeAll(async () => {
  await ensureBuild()
  collectRoutesOfNextApp()
  app = await createTestApp({
    web: true,
    // API_DOCS registers the optional /api/docs route, so it is fuzzed too.
    env: { RATE_LIMIT_SCALE: '0', API_DOCS: 'true' },
    // Replies that pass validation are "sent" nowhere: this file is about input, not mail.
    mailTransport: { send: async () => {} },
  })
  const admin = await asAdmin(app)
  adminId = admin.user.id
  const website = await makeWebsite(app)
  // The first-run FAQ and pages, as a started site has them.
  await putFirstRunContent(app.services)
  const faqs = await app.inject({ method: 'GET', url: '/api/faq' })
  const faqId = (faqs.json() as { faqs: { _id: string }[] }).faqs[0]!._id
  // A route's path parameters default to a real row (DELETE to a missing one, so that fixtures
  // stay); a parameter not named here gets a fresh id, which reaches the route's not-found path.
  fixtureParams = {
    '/api/users/:id': (await makeUser(app)).id,
    '/api/websites/:id': website.id,
    '/api/websites/slug/:slug': website.slug,
    '/api/messages/:id': (await makeMessage(app)).id,
    '/api/faq/:id': faqId,
    '/api/pages/:key': 'dns',
    '/uploads/:file': 'x.webp',
    '/*': 'contact',
  }
  const known: Record<string, Record<string, unknown>> = knownValidBodies({
    websiteId: website.id,
    faqId,
  })
  targets = targetsOf(registered)
  for (const target of targets.filter(hasBody)) {
    target.valid =
      known[`${target.method} ${target.url}`] ?? (await answerOfGetTwin(target, admin.headers))
  }
}, 240_000)

afterAll(async () => {
  console.log(
    `[fuzz] routes: ${targets.length}; hostile inputs tried: ${tried}; 5xx answers: ${serverErrors}; non-JSON API errors: ${nonJsonErrors}`,
  )
  await app?.cleanup()
})

/** What a GET of the same URL answers: for a PUT, the current row is a body that passes validation. */
async function answerOfGetTwin(target: Target, headers: Record<string, string>) {
  if (!targets.some((t) => t.method === 'GET' && t.url === target.url)) return undefined
  const res = await app.inject({ method: 'GET', url: resolveUrl(target), headers })
  const isJsonObject =
    res.statusCode === 200 && /^application\/json/.test(String(res.headers['content-type']))
  const body = isJsonObject ? (res.json() as unknown) : undefined
  return body && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : undefined
}

/** The admin's headers with a token made now: a route may have ended the admin's earlier sessions. */
async function headersFor(role: Role): Promise<Record<string, string>> {
  if (role === 'anonymous') return {}
  const [row] = await app.database.db.select().from(users).where(eq(users.id, adminId))
  return authHeader(app, row!)
}

const hasBody = (target: Target) => ['POST', 'PUT', 'PATCH'].includes(target.method)
const isApi = (url: string) => url.startsWith('/api/')
/** API and upload routes answer errors as JSON; the web app answers with pages. */
const answersJsonErrors = (target: Target) =>
  isApi(target.url) || target.url.startsWith('/uploads/')
const paramsOf = (url: string) => url.match(/:\w+|\*/g) ?? []
const label = (target: Target, role: Role) => `${target.method} ${target.url} (${role})`

/** The route's URL with each parameter filled: with `param` when given, else a real value. */
function resolveUrl(target: Target, param?: string) {
  const real =
    target.method === 'DELETE' && target.url !== '/*'
      ? randomUUID()
      : (fixtureParams[target.url] ?? randomUUID())
  return target.url.replace(/:\w+|\*/g, param ?? real)
}

function fieldsOf(target: Target): string[] {
  const body = target.schema.body
  const shape = body instanceof z.ZodObject ? Object.keys(body.shape) : []
  return [...new Set([...shape, ...Object.keys(target.valid ?? {})])]
}

/** The keys the route's query schema reads; any key for a route that reads none. */
function queryKeysOf(target: Target): string[] {
  const query = target.schema.querystring
  return query instanceof z.ZodObject ? Object.keys(query.shape) : ['q']
}

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
    NUL,
    LONE_SURROGATE,
    '\uDC00',
    '\uDE00\uD83D',
    'a\uDBFFb',
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
    { type: 'application/json', text: '{"name":"\\ud800","email":"\\u0000"}' },
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
  'q=%00',
  'q=%ED%A0%80',
  `page=${OVERLONG_NUMBER}`,
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
    '%ED%A0%80',
    'a'.repeat(5_000),
    '-1',
    '0',
    'null',
    'undefined',
  ),
)

/** The properties every answer to hostile input must have. */
function expectSafeAnswer(res: LightMyRequestResponse, label: string, isApiAnswer = true) {
  tried += 1
  if (res.statusCode >= 500) serverErrors += 1
  const isJson = /^application\/json/.test(String(res.headers['content-type']))
  if (isApiAnswer && res.statusCode >= 400 && !isJson) nonJsonErrors += 1
  expect(res.statusCode, `${label} -> ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(
    500,
  )
  // Outside /api (e.g. /uploads/...), a URL the router cannot match is a page: the HTML 404 page.
  if (res.statusCode >= 400 && isApiAnswer) {
    expect(res.headers['content-type'], label).toMatch(/^application\/json/)
    const body = JSON.parse(res.body) as unknown
    expect(body, label).toEqual({ message: expect.any(String) })
    expect(res.body, label).not.toMatch(/\bat .+\.(ts|js|mjs):\d+/)
  }
}

/** The fixed cases each route gets first: every field of its valid body in turn is hostile. */
const bodyExamples = (target: Target) =>
  fieldsOf(target).flatMap((field) =>
    [NUL, LONE_SURROGATE, ['a list'], { an: 'object' }, 2 ** 64].map((value) => ({
      ...target.valid,
      [field]: value,
    })),
  )

/** A number past a double's range: JSON.parse makes it Infinity, which JSON.stringify cannot write. */
const overlongNumberExamples = (target: Target) =>
  fieldsOf(target).map((field) => ({
    type: 'application/json',
    text: JSON.stringify({ ...target.valid, [field]: 0 }).replace(
      `"${field}":0`,
      `"${field}":${OVERLONG_NUMBER}`,
    ),
  }))

const queryExamples = (target: Target) =>
  queryKeysOf(target).flatMap((key) => [
    `${key}=%00`,
    `${key}=%ED%A0%80`,
    `${key}=${OVERLONG_NUMBER}`,
    `${key}=1&${key}=2`,
    `${key}[a]=1`,
  ])

const PARAM_EXAMPLES = ['%00', 'a%00b', '%ED%A0%80', OVERLONG_NUMBER, '%F0%9F%98']

describe('the routes fuzzed', () => {
  it('are read from Fastify: API routes, uploads, the web app and the optional docs', () => {
    const urls = targets.map((t) => `${t.method} ${t.url}`)
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'PUT /api/pages/:key',
        'GET /api/messages/export.csv',
        'GET /uploads/:file',
        'GET /api/docs',
        'POST /*',
      ]),
    )
    // Copied or known valid bodies, so hostile fields reach the services and the database.
    const withValidBody = targets.filter((t) => t.valid).map((t) => `${t.method} ${t.url}`)
    expect(withValidBody).toEqual(
      expect.arrayContaining(['PUT /api/pages/:key', 'PUT /api/settings', 'PUT /api/websites/:id']),
    )
  })
})

describe.each(ROLES)('every registered route, %s', (role) => {
  it('survives hostile JSON bodies', async () => {
    for (const target of targets.filter(hasBody)) {
      const headers = await headersFor(role)
      const examples = bodyExamples(target)
      await fc.assert(
        fc.asyncProperty(bodyFor(fieldsOf(target), target.valid), async (body: unknown) => {
          const res = await app.inject({
            method: target.method,
            url: resolveUrl(target),
            headers: { ...headers, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          })
          const sent = JSON.stringify(body)?.slice(0, 200)
          expectSafeAnswer(res, `${label(target, role)} body ${sent}`, answersJsonErrors(target))
        }),
        {
          numRuns: examples.length + NUM_RUNS,
          examples: examples.map((body): [unknown] => [body]),
        },
      )
    }
  })

  it('survives broken payloads, over-long numbers and foreign content types', async () => {
    for (const target of targets.filter(hasBody)) {
      const headers = await headersFor(role)
      const examples = overlongNumberExamples(target)
      await fc.assert(
        fc.asyncProperty(rawPayload, async ({ type, text }) => {
          const res = await app.inject({
            method: target.method,
            url: resolveUrl(target),
            headers: { ...headers, 'content-type': type },
            payload: text,
          })
          const sent = `${type} ${JSON.stringify(text.slice(0, 100))}`
          expectSafeAnswer(res, `${label(target, role)} ${sent}`, answersJsonErrors(target))
        }),
        { numRuns: examples.length + NUM_RUNS, examples: examples.map((raw) => [raw]) },
      )
    }
  })

  it('survives hostile query strings', async () => {
    for (const target of targets) {
      const headers = await headersFor(role)
      const examples = queryExamples(target)
      await fc.assert(
        fc.asyncProperty(fc.oneof(queryString, rawQuery), async (query) => {
          const res = await app.inject({
            method: target.method,
            url: `${resolveUrl(target)}?${query}`,
            headers: hasBody(target) ? { ...headers, 'content-type': 'application/json' } : headers,
            payload: hasBody(target) ? JSON.stringify(target.valid ?? {}) : undefined,
          })
          expectSafeAnswer(res, `${label(target, role)} ?${query}`, answersJsonErrors(target))
        }),
        { numRuns: examples.length + NUM_RUNS, examples: examples.map((query) => [query]) },
      )
    }
  })

  it('survives hostile path parameters', async () => {
    for (const target of targets.filter((t) => paramsOf(t.url).length > 0)) {
      const headers = await headersFor(role)
      await fc.assert(
        fc.asyncProperty(paramValue, async (param) => {
          const res = await app.inject({
            method: target.method,
            url: resolveUrl(target, param),
            headers: hasBody(target) ? { ...headers, 'content-type': 'application/json' } : headers,
            payload: hasBody(target) ? JSON.stringify(target.valid ?? {}) : undefined,
          })
          const sent = `param ${param.slice(0, 100)}`
          expectSafeAnswer(res, `${label(target, role)} ${sent}`, isApi(target.url))
        }),
        {
          numRuns: PARAM_EXAMPLES.length + NUM_RUNS,
          examples: PARAM_EXAMPLES.map((param) => [param]),
        },
      )
    }
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
      { numRuns: PROBE_RUNS },
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
      { numRuns: PROBE_RUNS },
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
      { numRuns: PROBE_RUNS },
    )
  })

  it('keeps working after all of it, with no polluted prototype and no admin made by a body', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health' })
    expect(health.statusCode).toBe(200)
    const admin = await headersFor('admin')
    const listed = await app.inject({ method: 'GET', url: '/api/messages', headers: admin })
    expect(listed.statusCode).toBe(200)
    // The fuzzed contact posts may push it out of the newest-first list: look it up directly.
    const messageId = fixtureParams['/api/messages/:id']!
    const [kept] = await app.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.id, messageId))
    expect(kept?.id).toBe(messageId)
    expect((Object.prototype as Record<string, unknown>).isAdmin).toBeUndefined()
    // Only the admin's own edit of the fixture user may make another admin; no sign-up can.
    const admins = await app.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.isAdmin, true))
    const allowed = [adminId, fixtureParams['/api/users/:id']]
    expect(admins.map((a) => a.id).filter((id) => !allowed.includes(id))).toEqual([])
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
