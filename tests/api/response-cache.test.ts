/**
 * The in-process cache of public responses (server/plugins/response-cache.ts). Rows are written
 * straight to the database here on purpose: that is the one kind of write the cache cannot see, so
 * it shows when an answer came from the cache. The portfolio's public reads are also kept by its
 * service until a change (server/lib/content-changes.ts), so where an uncached read must see such
 * a row, the row is an FAQ entry, whose list is read from the database each time.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BookingCreatedSchema, BookingSlotsSchema } from '#common/schemas/booking.ts'
import { FaqListSchema } from '#common/schemas/faq.ts'
import { SiteSettingsSchema } from '#common/schemas/settings.ts'
import { WebsiteSearchPageSchema } from '#common/schemas/websites.ts'
import { faqs } from '#server/db/schema.ts'
import { asAdmin, bearer, signIn } from '#tests/helpers/auth.ts'
import { makeWebsite } from '#tests/helpers/factories.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'
import { BOOKING_DEFAULTS } from '#common/site-defaults.ts'

const TTL_MS = 10_000
let app: TestApp
let admin: Record<string, string>
let clock = new Date('2026-01-01T00:00:00Z').getTime()

beforeAll(async () => {
  app = await createTestApp({
    env: { RESPONSE_CACHE_TTL_MS: String(TTL_MS) },
    now: () => new Date(clock),
  })
  admin = (await asAdmin(app)).headers
})
afterAll(() => app.cleanup())

const search = async (headers: Record<string, string> = {}) => {
  const res = await app.inject({ method: 'GET', url: '/api/websites/search?page=1', headers })
  expect(res.statusCode).toBe(200)
  return { res, body: WebsiteSearchPageSchema.parse(res.json()) }
}
const names = (body: { websites: { name: string }[] }) => body.websites.map((w) => w.name)
const questions = async (headers: Record<string, string> = {}) => {
  const res = await app.inject({ method: 'GET', url: '/api/faq', headers })
  expect(res.statusCode).toBe(200)
  return FaqListSchema.parse(res.json()).faqs.map((f) => f.question)
}
const addQuestionBehindTheCache = (question: string) =>
  app.database.db.insert(faqs).values({ question, answer: 'Yes.', position: 1000 })

describe('GET /api/websites/search through the response cache', () => {
  it('answers a repeated anonymous read from the cache, with the same ETag', async () => {
    await makeWebsite(app, { name: 'Cached one' })
    const first = await search()
    await makeWebsite(app, { name: 'Written behind the cache' }, { isAnnounced: false })
    const second = await search()
    expect(names(second.body)).toEqual(names(first.body))
    expect(names(second.body)).not.toContain('Written behind the cache')
    expect(second.res.headers.etag).toBe(first.res.headers.etag)
    expect(second.res.headers['cache-control']).toBe(first.res.headers['cache-control'])
  })

  it('repeats every header of the render, the security headers among them', async () => {
    const first = await search()
    const second = await search()
    expect(names(second.body)).toEqual(names(first.body))
    for (const name of [
      'content-security-policy',
      'x-frame-options',
      'x-content-type-options',
      'strict-transport-security',
      'referrer-policy',
      'cross-origin-resource-policy',
      'content-type',
    ]) {
      expect(second.res.headers[name], name).toBeTruthy()
      expect(second.res.headers[name], name).toBe(first.res.headers[name])
    }
  })

  it('never answers a request with credentials from the cache', async () => {
    // The FAQ list: its service reads the database on every call, so only the cache can hide a row.
    expect(await questions()).not.toContain('Asked behind the cache')
    await addQuestionBehindTheCache('Asked behind the cache')
    expect(await questions()).not.toContain('Asked behind the cache')
    expect(await questions({ authorization: admin.authorization! })).toContain(
      'Asked behind the cache',
    )
  })

  it('answers 304 when the client already holds the cached version', async () => {
    const { res } = await search()
    const again = await app.inject({
      method: 'GET',
      url: '/api/websites/search?page=1',
      headers: { 'if-none-match': String(res.headers.etag) },
    })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
  })

  it('stays warm through writes that change no public content: sign-up, sign-in, profile, contact, a new draft', async () => {
    await search()
    await makeWebsite(app, { name: 'Behind the visitors' }, { isAnnounced: false })
    const email = `visitor-${Date.now()}@example.com`
    const password = 'Visit0r!Passw0rd'
    const signedUp = await app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: { name: 'Visitor', email, password },
    })
    expect(signedUp.statusCode, signedUp.body).toBe(201)
    const signedIn = await signIn(app, email, password)
    expect(signedIn.statusCode).toBe(200)
    const visitor = bearer((signedIn.json() as { token: string }).token)
    const profile = await app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: visitor,
      payload: { name: 'Visitor Renamed', email },
    })
    expect(profile.statusCode, profile.body).toBe(200)
    const contact = await app.inject({
      method: 'POST',
      url: '/api/messages/contact',
      payload: { fullName: 'V', email, subject: 'Hello', message: 'A question' },
    })
    expect(contact.statusCode).toBe(201)
    const draft = await app.inject({ method: 'POST', url: '/api/websites', headers: admin })
    expect(draft.statusCode).toBe(201)
    expect(names((await search()).body)).not.toContain('Behind the visitors')
  })

  it('stays warm through a booking, its move and its cancel: no cached page shows bookings', async () => {
    // Opening the booking page is a change to the public content (the settings): made first.
    const current = SiteSettingsSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/settings', headers: admin })).json(),
    )
    const opened = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin,
      payload: { ...current, booking: { ...BOOKING_DEFAULTS, enabled: true } },
    })
    expect(opened.statusCode, opened.body).toBe(200)
    await search()
    await makeWebsite(app, { name: 'Behind the bookings' }, { isAnnounced: false })
    const slots = BookingSlotsSchema.parse(
      (
        await app.inject({
          method: 'GET',
          url: '/api/booking/slots?from=2026-01-05&to=2026-01-05&duration=20',
        })
      ).json(),
    ).slots
    const booked = await app.inject({
      method: 'POST',
      url: '/api/booking',
      payload: {
        start: slots[0]!.start,
        duration: 20,
        timeZone: 'UTC',
        name: 'Cache Visitor',
        email: 'cache-visitor@example.com',
      },
    })
    expect(booked.statusCode, booked.body).toBe(201)
    const manage = new URL(BookingCreatedSchema.parse(booked.json()).booking.manageUrl).pathname
    const moved = await app.inject({
      method: 'POST',
      url: `/api${manage}/reschedule`,
      payload: { start: slots[1]!.start },
    })
    expect(moved.statusCode, moved.body).toBe(200)
    const cancelled = await app.inject({ method: 'POST', url: `/api${manage}/cancel` })
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect(names((await search()).body)).not.toContain('Behind the bookings')
  })

  it('is emptied by a change to the public content', async () => {
    const [website] = (await search({ authorization: admin.authorization! })).body.websites
    const updated = await app.inject({
      method: 'PUT',
      url: `/api/websites/${website!._id}`,
      headers: admin,
      payload: { ...website, name: 'Renamed by the owner' },
    })
    expect(updated.statusCode, updated.body).toBe(200)
    const { body } = await search()
    expect(names(body)).toContain('Renamed by the owner')
  })

  it('is not emptied by a refused write', async () => {
    await search()
    await makeWebsite(app, { name: 'Behind a refused write' }, { isAnnounced: false })
    const refused = await app.inject({ method: 'POST', url: '/api/websites' })
    expect(refused.statusCode).toBe(401)
    expect(names((await search()).body)).not.toContain('Behind a refused write')
  })

  it('refreshes an entry once its time is up', async () => {
    await questions()
    await addQuestionBehindTheCache('Asked before the time was up')
    expect(await questions()).not.toContain('Asked before the time was up')
    clock += TTL_MS
    expect(await questions()).toContain('Asked before the time was up')
  })

  it('serves a cached answer compressed in the encoding the client prefers', async () => {
    const plain = (await search()).res.body
    const get = (encoding: string) =>
      app.inject({
        method: 'GET',
        url: '/api/websites/search?page=1',
        headers: { 'accept-encoding': encoding },
      })
    const br = await get('gzip, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toContain('accept-encoding')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain)
    const gz = await get('gzip, br;q=0')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain)
  })

  it('keeps private answers out of it', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/health' })
    expect(first.headers['cache-control']).toBe('private, no-store')
    expect(first.headers.etag).toBeUndefined()
  })
})
