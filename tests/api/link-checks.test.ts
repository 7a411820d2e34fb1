/**
 * Portfolio link checks through the API and the schedule, against local HTTP and HTTPS servers
 * this file starts: "Check now", the admin list's health, the dashboard's list, the history, the
 * owner's e-mails on a state change, and what public pages may show.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  LinkCheckAttentionSchema,
  LinkCheckDetailsSchema,
  LinkCheckResponseSchema,
} from '#common/schemas/link-checks.ts'
import { WebsitesAdminPageSchema } from '#common/schemas/websites.ts'
import { linkChecks } from '#server/db/schema.ts'
import { asAdmin, asUser, authHeader, expectError } from '#tests/helpers/auth.ts'
import { makeWebsite } from '#tests/helpers/factories.ts'
import { makeCertificate, startLinkTargets, type LinkTargets } from '#tests/helpers/link-targets.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const OWNER = 'owner@links.test'
const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
const START = new Date()
const CERT_EXPIRY = new Date(START.getTime() + 10 * DAY_MS + 12 * HOUR_MS)

let offsetMs = 0
const clock = () => new Date(START.getTime() + offsetMs)

let app: TestApp
let smtp: TestSmtpServer
let web: LinkTargets
let secure: LinkTargets
let adminUser: Awaited<ReturnType<typeof asAdmin>>['user']
let user: Record<string, string>

beforeAll(async () => {
  const certificate = await makeCertificate(CERT_EXPIRY)
  ;[smtp, web, secure] = await Promise.all([
    startSmtpServer(),
    startLinkTargets(),
    startLinkTargets(certificate),
  ])
  app = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      OWNER_EMAIL: OWNER,
      LINK_CHECK_INTERVAL_HOURS: '6',
      LINK_CHECK_ALLOW_PRIVATE: 'true',
    },
    now: clock,
    linkChecks: { timeoutMs: 300, ca: certificate.cert },
  })
  adminUser = (await asAdmin(app)).user
  user = (await asUser(app)).headers
})
afterAll(async () => {
  await app.cleanup()
  await Promise.all([smtp.close(), web.close(), secure.close()])
})

/** A fresh token at the clock's time (tests move the clock past a token's life). */
const admin = () => authHeader(app, adminUser)

const checkNow = async (id: string) => {
  const res = await app.inject({
    method: 'POST',
    url: `/api/websites/${id}/check`,
    headers: await admin(),
  })
  expect(res.statusCode).toBe(200)
  return LinkCheckResponseSchema.parse(res.json()).health
}

const mailsAbout = (name: string) =>
  smtp.mailsTo(OWNER).filter((mail) => mail.subject.endsWith(`: ${name}`))

/** Moves the injected clock one schedule period on and runs a round, as each instance's timer does. */
const nextRound = async () => {
  offsetMs += 6 * HOUR_MS
  return app.services.linkChecks.runDue()
}

describe('POST /api/websites/{id}/check', () => {
  it('answers 401 to a visitor, 403 to a user and 404 for an unknown website', async () => {
    const site = await makeWebsite(app, { link: web.url('/ok') })
    const url = `/api/websites/${site.id}/check`
    expectError(await app.inject({ method: 'POST', url }), 401)
    expectError(await app.inject({ method: 'POST', url, headers: user }), 403)
    expectError(
      await app.inject({
        method: 'POST',
        url: `/api/websites/${UNKNOWN_ID}/check`,
        headers: await admin(),
      }),
      404,
      'Website not found',
    )
  })

  it('checks a working link: ok, status, final URL, time, no certificate over http', async () => {
    const site = await makeWebsite(app, { link: web.url('/ok') })
    const health = await checkNow(site.id)
    expect(health).toMatchObject({
      ok: true,
      status: 200,
      finalUrl: web.url('/ok'),
      tlsDaysLeft: null,
      error: null,
      checkedAt: clock().toISOString(),
    })
    expect(health.ms).toEqual(expect.any(Number))
  })

  it('reports a 500, a redirect loop and a timeout as not ok, with the reason', async () => {
    const failing = await makeWebsite(app, { link: web.url('/fail') })
    expect(await checkNow(failing.id)).toMatchObject({
      ok: false,
      status: 500,
      error: 'The site answered 500 Internal Server Error',
    })
    const looping = await makeWebsite(app, { link: web.url('/loop-a') })
    expect(await checkNow(looping.id)).toMatchObject({
      ok: false,
      error: `Redirect loop at ${web.url('/loop-a')}`,
    })
    const slow = await makeWebsite(app, { link: web.url('/slow') })
    expect(await checkNow(slow.id)).toMatchObject({
      ok: false,
      status: null,
      error: 'No answer within 300 ms',
    })
  })

  it('fails a page without the keyword the owner set (PUT /api/websites/{id}/check)', async () => {
    const site = await makeWebsite(app, { link: web.url('/parked') })
    const put = await app.inject({
      method: 'PUT',
      url: `/api/websites/${site.id}/check`,
      headers: await admin(),
      payload: { keyword: 'Harbour Pixel' },
    })
    expect(put.statusCode).toBe(200)
    expect(put.json()).toEqual({ keyword: 'Harbour Pixel' })
    expect(await checkNow(site.id)).toMatchObject({
      ok: false,
      status: 200,
      error: 'The page does not contain "Harbour Pixel"',
    })
    expectError(
      await app.inject({
        method: 'PUT',
        url: `/api/websites/${site.id}/check`,
        headers: await admin(),
        payload: { keyword: 'x'.repeat(201) },
      }),
      400,
      /Keyword must be at most 200 characters/,
    )
  })

  it('reports the certificate days left over https and mails the owner once', async () => {
    const site = await makeWebsite(app, { link: secure.url('/ok') })
    const expected = Math.floor((CERT_EXPIRY.getTime() - clock().getTime()) / DAY_MS)
    expect(await checkNow(site.id)).toMatchObject({
      ok: true,
      status: 200,
      tlsDaysLeft: expected,
    })
    await checkNow(site.id)
    const mails = mailsAbout(site.name)
    expect(mails.map((m) => m.subject)).toEqual([`Certificate expiring: ${site.name}`])
    expect(mails[0]!.text).toContain(`expires in ${expected} days`)
  })

  it('answers 400 for a website without a link', async () => {
    const site = await makeWebsite(app, { link: '' })
    expectError(
      await app.inject({
        method: 'POST',
        url: `/api/websites/${site.id}/check`,
        headers: await admin(),
      }),
      400,
      'This website has no link to check',
    )
  })
})

describe('private addresses', () => {
  it('are not fetched without LINK_CHECK_ALLOW_PRIVATE, and the health says why', async () => {
    const strict = await createTestApp({ env: { LINK_CHECK_INTERVAL_HOURS: '6' } })
    try {
      const headers = (await asAdmin(strict)).headers
      const site = await makeWebsite(strict, { link: web.url('/ok?private') })
      const before = web.totalHits()
      const res = await strict.inject({
        method: 'POST',
        url: `/api/websites/${site.id}/check`,
        headers,
      })
      expect(res.statusCode).toBe(200)
      expect(LinkCheckResponseSchema.parse(res.json()).health).toMatchObject({
        ok: false,
        status: null,
        error: expect.stringMatching(/^Not checked: 127\.0\.0\.1 resolves to a loopback address/),
      })
      expect(web.totalHits()).toBe(before)
    } finally {
      await strict.cleanup()
    }
  })
})

describe('the schedule', () => {
  it('mails once after two failures in a row, and once on recovery', async () => {
    const path = `/toggle-${Math.random().toString(36).slice(2)}`
    const site = await makeWebsite(app, { link: web.url(path) })
    web.setStatus(path, 503)
    await nextRound()
    expect(web.hits(path)).toBe(1)
    expect(mailsAbout(site.name)).toEqual([])
    await nextRound()
    expect(mailsAbout(site.name).map((m) => m.subject)).toEqual([
      `Portfolio link failing: ${site.name}`,
    ])
    expect(mailsAbout(site.name)[0]!.text).toContain('The site answered 503 Service Unavailable')
    await nextRound()
    expect(web.hits(path)).toBe(3)
    expect(mailsAbout(site.name)).toHaveLength(1)
    web.setStatus(path, 200)
    await nextRound()
    expect(mailsAbout(site.name).map((m) => m.subject)).toEqual([
      `Portfolio link failing: ${site.name}`,
      `Portfolio link working again: ${site.name}`,
    ])
    await nextRound()
    expect(mailsAbout(site.name)).toHaveLength(2)
  })

  it('checks each published link once per period, drafts never', async () => {
    const path = `/once-${Math.random().toString(36).slice(2)}`
    const draftPath = `${path}-draft`
    await makeWebsite(app, { link: web.url(path) })
    await makeWebsite(app, { link: web.url(draftPath), published: false })
    await app.services.linkChecks.runDue()
    await app.services.linkChecks.runDue()
    expect(web.hits(path)).toBe(1)
    offsetMs += 5 * HOUR_MS
    await app.services.linkChecks.runDue()
    expect(web.hits(path)).toBe(1)
    offsetMs += HOUR_MS
    await app.services.linkChecks.runDue()
    expect(web.hits(path)).toBe(2)
    expect(web.hits(draftPath)).toBe(0)
  })

  it('never checks a demo entry from npm run seed, until the owner saves it', async () => {
    const path = `/demo-${Math.random().toString(36).slice(2)}`
    const demo = await makeWebsite(app, { link: web.url(path), isSample: true })
    await app.services.linkChecks.runDue()
    await nextRound()
    expect(web.hits(path)).toBe(0)

    const current = await app.inject({ method: 'GET', url: `/api/websites/${demo.id}` })
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/websites/${demo.id}`,
      headers: await admin(),
      payload: current.json(),
    })
    expect(saved.statusCode).toBe(200)
    await app.services.linkChecks.runDue()
    expect(web.hits(path)).toBe(1)
  })

  it('checks a changed link at the next round, without waiting for the period', async () => {
    const site = await makeWebsite(app, { link: web.url('/ok?before') })
    await app.services.linkChecks.runDue()
    const changed = `/changed-${Math.random().toString(36).slice(2)}`
    await app.inject({
      method: 'PUT',
      url: `/api/websites/${site.id}`,
      headers: await admin(),
      payload: {
        name: site.name,
        slug: site.slug,
        image: site.image,
        language: site.language,
        languageDescription: site.languageDescription,
        description: site.description,
        link: web.url(changed),
      },
    })
    await app.services.linkChecks.runDue()
    expect(web.hits(changed)).toBe(1)
  })
})

describe('GET /api/websites/admin', () => {
  it('carries each entry’s last check, null before the first', async () => {
    const checked = await makeWebsite(app, { link: web.url('/ok'), position: -1_000_000 })
    const unchecked = await makeWebsite(app, { link: web.url('/ok'), position: -1_000_001 })
    await checkNow(checked.id)
    const res = await app.inject({
      method: 'GET',
      url: '/api/websites/admin',
      headers: await admin(),
    })
    const { websites } = WebsitesAdminPageSchema.parse(res.json())
    expect(websites.find((w) => w._id === checked.id)?.health).toMatchObject({
      ok: true,
      status: 200,
    })
    expect(websites.find((w) => w._id === unchecked.id)?.health).toBeNull()
  })
})

describe('GET /api/websites/checks', () => {
  it('lists published entries that fail or whose certificate expires soon', async () => {
    const fine = await makeWebsite(app, { link: web.url('/ok') })
    const broken = await makeWebsite(app, { link: web.url('/fail') })
    const expiring = await makeWebsite(app, { link: secure.url('/ok') })
    await Promise.all([fine, broken, expiring].map((w) => checkNow(w.id)))
    expectError(
      await app.inject({ method: 'GET', url: '/api/websites/checks', headers: user }),
      403,
    )
    const res = await app.inject({
      method: 'GET',
      url: '/api/websites/checks',
      headers: await admin(),
    })
    const ids = LinkCheckAttentionSchema.parse(res.json()).websites.map((w) => w._id)
    expect(ids).toContain(broken.id)
    expect(ids).toContain(expiring.id)
    expect(ids).not.toContain(fine.id)
  })
})

describe('GET /api/websites/{id}/check', () => {
  it('keeps a daily roll-up: checks, failures, median and worst time', async () => {
    const path = `/history-${Math.random().toString(36).slice(2)}`
    const site = await makeWebsite(app, { link: web.url(path) })
    await checkNow(site.id)
    web.setStatus(path, 500)
    await checkNow(site.id)
    web.setStatus(path, 200)
    await checkNow(site.id)
    const res = await app.inject({
      method: 'GET',
      url: `/api/websites/${site.id}/check`,
      headers: await admin(),
    })
    const details = LinkCheckDetailsSchema.parse(res.json())
    expect(details.health).toMatchObject({ ok: true })
    expect(details.days).toHaveLength(1)
    const [day] = details.days
    expect(day).toMatchObject({
      date: clock().toISOString().slice(0, 10),
      checks: 3,
      failures: 1,
    })
    expect(day!.worstMs).toBeGreaterThanOrEqual(day!.medianMs!)
  })

  it('drops days older than 90 days', async () => {
    const site = await makeWebsite(app, { link: web.url('/ok?old') })
    await checkNow(site.id)
    offsetMs += 91 * DAY_MS
    await app.services.linkChecks.runDue()
    const res = await app.inject({
      method: 'GET',
      url: `/api/websites/${site.id}/check`,
      headers: await admin(),
    })
    const { days } = LinkCheckDetailsSchema.parse(res.json())
    expect(days.map((d) => d.date)).toEqual([clock().toISOString().slice(0, 10)])
  })
})

describe('public health', () => {
  it('shows a recent success only, and only once the owner switches it on', async () => {
    const up = await makeWebsite(app, { link: web.url('/ok?public') })
    const down = await makeWebsite(app, { link: web.url('/fail') })
    await checkNow(up.id)
    await checkNow(down.id)
    const ids = [up.id, down.id]
    expect(await app.services.linkChecks.publicHealthOf(ids)).toEqual({})
    await app.services.settings.update({
      ...(await app.services.settings.get()),
      showLinkHealth: true,
    })
    const shown = await app.services.linkChecks.publicHealthOf(ids)
    expect(Object.keys(shown)).toEqual([up.id])
    expect(shown[up.id]).toEqual({ checkedAt: clock().toISOString(), ms: expect.any(Number) })
    offsetMs += 8 * DAY_MS
    expect(await app.services.linkChecks.publicHealthOf(ids)).toEqual({})
    const [row] = await app.database.db
      .select()
      .from(linkChecks)
      .where(eq(linkChecks.websiteId, up.id))
    expect(row?.ok).toBe(true)
  })
})
