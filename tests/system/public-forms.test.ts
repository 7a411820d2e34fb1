/**
 * The public pages' forms on the production build, posted as a browser without JavaScript posts
 * them: each counts against its API door's own allowance, and a refusal keeps its status and
 * headers (a 429's Retry-After) and puts a refused field's message on that field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BookingSlotsSchema } from '#common/schemas/booking.ts'
import { SiteSettingsSchema } from '#common/schemas/settings.ts'
import { ACTION_LIMITS } from '#server/lib/rate-limits.ts'
import { asAdmin } from '#tests/helpers/auth.ts'
import { ensureBuild } from '#tests/helpers/build.ts'
import { newClientIp } from '#tests/helpers/client-ip.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'
import { BOOKING_DEFAULTS } from '#common/site-defaults.ts'

const NOW = new Date('2026-03-02T08:00:00Z') // a Monday
const DURATION = 45

let app: TestApp
let start: string

beforeAll(async () => {
  await ensureBuild()
  // Real limits, on a fixed clock.
  app = await createTestApp({ web: true, env: { RATE_LIMIT_SCALE: '1' }, now: () => NOW })
  const admin = (await asAdmin(app)).headers
  const current = SiteSettingsSchema.parse(
    (await app.inject({ method: 'GET', url: '/api/settings', headers: admin })).json(),
  )
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: admin,
    payload: {
      ...current,
      booking: { ...BOOKING_DEFAULTS, enabled: true, durations: [DURATION] },
      inquiry: { ...current.inquiry, projectTypes: ['New website', 'Redesign'] },
    },
  })
  expect(saved.statusCode, saved.body).toBe(200)
  const slots = await app.inject({
    method: 'GET',
    url: `/api/booking/slots?from=2026-03-03&to=2026-03-06&duration=${DURATION}`,
  })
  start = BookingSlotsSchema.parse(slots.json()).slots[0]!.start
}, 240_000)
afterAll(() => app?.cleanup())

/** Posts a page's form as a browser without JavaScript does: urlencoded, from the page's origin. */
const postForm = (url: string, client: string, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url,
    remoteAddress: client,
    headers: {
      accept: 'text/html',
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'http://localhost:80',
      host: 'localhost:80',
    },
    payload: new URLSearchParams(fields).toString(),
  })

const bookForm = (fields: Record<string, string>) => ({
  start,
  duration: String(DURATION),
  timeZone: 'UTC',
  name: 'Robin Booker',
  email: 'robin@example.com',
  ...fields,
})

/** The page's booking form after a post with the time chosen. */
const bookPath = () => `/book?${new URLSearchParams({ start, duration: String(DURATION) })}`

describe('POST /book', () => {
  it('answers 429 with Retry-After past the attempts the API door allows, counted with it', async () => {
    const client = newClientIp()
    const { max } = ACTION_LIMITS.bookingAttempts
    for (let i = 0; i < max; i++) {
      // Half through the API, half through the page: one allowance. A name of spaces is refused.
      const res =
        i % 2 === 0
          ? await app.inject({
              method: 'POST',
              url: '/api/booking',
              remoteAddress: client,
              payload: { ...bookForm({ name: ' ' }), duration: DURATION },
            })
          : await postForm(bookPath(), client, bookForm({ name: ' ' }))
      expect(res.statusCode, res.body).toBe(400)
    }
    const refused = await postForm(bookPath(), client, bookForm({}))
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.body).toContain('Too many requests, please try again in')
  })

  it("puts the service's refusal of an answer on its field", async () => {
    const refused = await postForm(bookPath(), newClientIp(), bookForm({ projectType: 'A castle' }))
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toMatch(
      /<select[^>]*name="projectType"[^>]*aria-invalid="true"|<select[^>]*aria-invalid="true"[^>]*name="projectType"/,
    )
    expect(refused.body).toContain('Project type must be one of the listed options')
    expect(refused.body).not.toContain('projectType: ')
  })
})
