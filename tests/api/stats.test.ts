/**
 * Visit statistics: GET /api/stats, the visit on each message, the daily salt, retention and
 * roll-ups, several instances on one database, the weekly digest, and the bounds that hold
 * whatever arrives (top lists with "Other", distinct keys per day, new visitors per address). Views are handed to the
 * service as the web layer does (which requests count is tested in tests/system/visit-counting).
 */
import { parse as parseCsv } from 'csv-parse/sync'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MessagesPageSchema } from '#common/schemas/messages.ts'
import { STATS_TOP_LIMIT, StatsSchema, type StatsRange } from '#common/schemas/stats.ts'
import { pageViews, statsDaily, statsSalts, visits, type UserRow } from '#server/db/schema.ts'
import { deviceOf } from '#server/lib/countable-view.ts'
import type { MailTransport } from '#server/modules/mail/mail.transports.ts'
import { createMailService } from '#server/modules/mail/mail.service.ts'
import { createOutboxRepository } from '#server/modules/mail/outbox.repository.ts'
import { mailBrandOf } from '#server/modules/mail/templates/layout.ts'
import {
  createStatsRepository,
  DAY_KEYS_MAX,
  NEW_VISITORS_PER_ADDRESS_HOUR,
} from '#server/modules/stats/stats.repository.ts'
import {
  addDays,
  createStatsService,
  utcDay,
  visitorHash,
  type PendingView,
} from '#server/modules/stats/stats.service.ts'
import { asAdmin, asUser, authHeader, expectError } from '#tests/helpers/auth.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1'
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
const SITE_HOST = 'site.test'

const sent: { to: string; subject: string; text: string }[] = []
const transport: MailTransport = { send: async (mail) => void sent.push(mail) }
let clock = new Date('2026-03-10T10:00:00Z')
let app: TestApp
let adminUser: UserRow
let nextIp = 1

beforeAll(async () => {
  app = await createTestApp({ now: () => clock, mailTransport: transport })
  adminUser = (await asAdmin(app)).user
})
afterAll(() => app.cleanup())

/** The owner's Authorization header, signed at the test clock (which moves on by weeks). */
const admin = async () => authHeader(app, adminUser)

/** A new visitor address, so each test counts its own visitors. */
const newIp = () => `203.0.113.${nextIp++}`

function view(
  path: string,
  ip: string,
  {
    userAgent = DESKTOP,
    source = null,
    utm = {},
    at = clock,
  }: Partial<{
    userAgent: string
    source: string | null
    utm: Partial<PendingView['utm']>
    at: Date
  }> = {},
): PendingView {
  return {
    path,
    ip,
    at,
    userAgent,
    source,
    utm: { source: null, medium: null, campaign: null, ...utm },
    device: deviceOf(userAgent),
    country: null,
  }
}

const minutes = (n: number) => new Date(clock.getTime() + n * 60_000)

async function stats(range: StatsRange = '7d') {
  const res = await app.inject({
    method: 'GET',
    url: `/api/stats?range=${range}`,
    headers: await admin(),
  })
  expect(res.statusCode).toBe(200)
  return StatsSchema.parse(res.json())
}

/** A second instance's statistics over the same database. */
const secondInstance = () =>
  createStatsService({
    repo: createStatsRepository(app.database.db),
    siteHost: SITE_HOST,
    now: () => clock,
    log: app.log,
    mail: createMailService({
      transport,
      from: 'Site <no-reply@site.test>',
      senderName: async () => (await app.services.settings.get()).businessName,
      repo: createOutboxRepository(app.database.db),
      retryBaseMs: 30_000,
      now: () => clock,
      log: app.log,
    }),
    isDigestOn: async () => (await app.services.settings.get()).weeklyDigest,
    ownerEmail: async () => 'owner@site.test',
    messagesPerWeek: () => app.services.messages.trend(),
    dashboardUrl: 'http://site.test/admin/dashboard',
    brand: async () => mailBrandOf(await app.services.settings.get(), 'http://site.test'),
  })

describe('GET /api/stats', () => {
  it('answers 401 to a visitor, 403 to a user and 400 to an unknown range', async () => {
    const { headers: user } = await asUser(app)
    expectError(await app.inject({ method: 'GET', url: '/api/stats?range=7d' }), 401)
    expectError(await app.inject({ method: 'GET', url: '/api/stats?range=7d', headers: user }), 403)
    expectError(
      await app.inject({ method: 'GET', url: '/api/stats?range=8d', headers: await admin() }),
      400,
      'range: Range must be one of 7d, 30d or 365d',
    )
    expectError(await app.inject({ method: 'GET', url: '/api/stats', headers: await admin() }), 400)
  })

  it('gives one entry per day of the range, oldest first, ending today', async () => {
    for (const [range, days] of [
      ['7d', 7],
      ['30d', 30],
      ['365d', 365],
    ] as const) {
      const { series } = await stats(range)
      expect(series).toHaveLength(days)
      expect(series.at(-1)!.date).toBe(utcDay(clock))
      expect(series[0]!.date).toBe(addDays(utcDay(clock), -(days - 1)))
    }
  })

  it('counts visitors, visits, pages, sources, campaigns and devices', async () => {
    const before = await stats()
    const reader = newIp()
    const phone = newIp()
    // One visit of three pages from a search engine, then (after 31 minutes) a second visit.
    app.services.stats.record(view('/', reader, { source: 'www.google.com' }))
    app.services.stats.record(view('/portfolio', reader, { at: minutes(5) }))
    app.services.stats.record(view('/faq', reader, { at: minutes(10) }))
    app.services.stats.record(view('/faq', reader, { at: minutes(41) }))
    // A campaign visit on a phone.
    app.services.stats.record(
      view('/webdesign', phone, {
        userAgent: PHONE,
        utm: { source: 'newsletter', medium: 'email', campaign: 'spring' },
      }),
    )
    const after = await stats()
    expect(after.visitors - before.visitors).toBe(2)
    expect(after.pageviews - before.pageviews).toBe(5)
    expect(after.series.at(-1)!.pageviews - before.series.at(-1)!.pageviews).toBe(5)
    const page = (s: typeof after, path: string) => s.topPages.find((p) => p.path === path)
    expect((page(after, '/faq')?.pageviews ?? 0) - (page(before, '/faq')?.pageviews ?? 0)).toBe(2)
    expect((page(after, '/faq')?.visitors ?? 0) - (page(before, '/faq')?.visitors ?? 0)).toBe(1)
    expect(after.sources).toContainEqual({ source: 'www.google.com', visitors: 1 })
    expect(after.sources.map((s) => s.source)).toContain('Direct')
    expect(after.campaigns).toContainEqual({
      source: 'newsletter',
      medium: 'email',
      campaign: 'spring',
      visitors: 1,
    })
    expect(after.devices.find((d) => d.device === 'mobile')?.visitors).toBeGreaterThanOrEqual(1)
    const rows = await app.database.db.select().from(visits)
    expect(rows.filter((r) => r.landingPage === '/webdesign')).toHaveLength(1)
  })

  it('counts one visit once when two instances see its views', async () => {
    const ip = newIp()
    const other = secondInstance()
    const before = await stats()
    other.record(view('/about', ip, { at: minutes(2) }))
    app.services.stats.record(view('/dns', ip, { source: 'news.example' }))
    other.record(view('/faq', ip, { at: minutes(20) }))
    app.services.stats.record(view('/contact', ip, { at: minutes(12) }))
    // The later views are written first: the earlier instance still brings the landing page.
    await other.flush()
    await app.services.stats.flush()
    const after = await stats()
    expect(after.visitors - before.visitors).toBe(1)
    expect(after.pageviews - before.pageviews).toBe(4)
    const forVisitor = (await app.database.db.select().from(visits)).filter(
      (r) => r.source === 'news.example',
    )
    expect(forVisitor).toHaveLength(1)
    expect(forVisitor[0]).toMatchObject({ landingPage: '/dns', pageviews: 4 })
  })
})

describe('the visit on a contact message', () => {
  const payload = {
    fullName: 'Ada Client',
    email: 'ada@example.com',
    subject: 'A new website',
    message: 'Hello, I would like a quote for a website.',
  }
  const contact = (ip: string, userAgent: string) =>
    app.inject({
      method: 'POST',
      url: '/api/messages/contact',
      payload,
      headers: { 'user-agent': userAgent },
      remoteAddress: ip,
    })
  const inbox = async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/messages/admin',
      headers: await admin(),
    })
    return MessagesPageSchema.parse(res.json()).messages
  }

  it('is recorded when the message is saved, shown to the owner and exported', async () => {
    const ip = newIp()
    const before = await stats()
    app.services.stats.record(
      view('/', ip, {
        userAgent: PHONE,
        source: 'www.linkedin.com',
        utm: { source: 'linkedin', medium: 'social', campaign: 'launch' },
      }),
    )
    app.services.stats.record(view('/portfolio', ip, { userAgent: PHONE, at: minutes(1) }))
    app.services.stats.record(view('/contact', ip, { userAgent: PHONE, at: minutes(2) }))
    clock = minutes(5)
    const res = await contact(ip, PHONE)
    expect(res.statusCode).toBe(201)
    // The sender's answer does not carry it.
    expect(res.json().visit).toBeNull()
    const [message] = await inbox()
    expect(message!.visit).toEqual({
      landingPage: '/',
      source: 'www.linkedin.com',
      campaign: { source: 'linkedin', medium: 'social', campaign: 'launch' },
      pagesSeen: 3,
      device: 'mobile',
    })
    const after = await stats()
    expect(after.conversions.messages - before.conversions.messages).toBe(1)
    expect(after.conversions.rate).toBeGreaterThan(0)
    expect(after.conversions.rate).toBeLessThanOrEqual(1)

    const csv = await app.inject({
      method: 'GET',
      url: '/api/messages/export.csv',
      headers: await admin(),
    })
    const [header, first] = parseCsv(csv.body) as string[][]
    const cell = (name: string) => first![header!.indexOf(name)]
    expect(cell('Landing page')).toBe('/')
    expect(cell('Source')).toBe('www.linkedin.com')
    expect(cell('Campaign')).toBe('linkedin / social / launch')
    expect(cell('Pages seen')).toBe('3')
    expect(cell('Device')).toBe('mobile')
  })

  it('is null for a sender without a counted visit, or whose visit ended', async () => {
    expect((await contact(newIp(), DESKTOP)).statusCode).toBe(201)
    expect((await inbox())[0]!.visit).toBeNull()
    const ip = newIp()
    app.services.stats.record(view('/', ip))
    clock = minutes(31)
    expect((await contact(ip, DESKTOP)).statusCode).toBe(201)
    expect((await inbox())[0]!.visit).toBeNull()
  })

  it('conversion rate is visitors who wrote over visitors', async () => {
    const result = await stats()
    const converted = (await app.database.db.select().from(visits)).filter((v) => v.messages > 0)
    expect(result.conversions.rate).toBeCloseTo(converted.length / result.visitors, 5)
  })
})

describe('the daily salt and retention', () => {
  it('rotates the salt at midnight UTC and deletes it 48 hours later', async () => {
    clock = new Date('2026-04-01T23:50:00Z')
    const ip = newIp()
    app.services.stats.record(view('/', ip))
    await app.services.stats.flush()
    const [first] = await app.database.db.select().from(visits).where(eq(visits.day, '2026-04-01'))
    // Across midnight the visit goes on (the day before's salt is still there) ...
    clock = new Date('2026-04-02T00:10:00Z')
    app.services.stats.record(view('/faq', ip))
    await app.services.stats.flush()
    expect(
      await app.database.db.select().from(visits).where(eq(visits.day, '2026-04-02')),
    ).toHaveLength(0)
    // ... and a visit later that day is another visitor: a new salt.
    clock = new Date('2026-04-02T12:00:00Z')
    app.services.stats.record(view('/', ip))
    await app.services.stats.maintain()
    const [second] = await app.database.db.select().from(visits).where(eq(visits.day, '2026-04-02'))
    expect(second!.visitor).not.toBe(first!.visitor)
    const salts = async () =>
      (await app.database.db.select().from(statsSalts)).map((s) => s.day).sort()
    expect(await salts()).toEqual(['2026-04-01', '2026-04-02'])

    clock = new Date('2026-04-03T00:00:01Z')
    await app.services.stats.maintain()
    expect(await salts()).toEqual(['2026-04-02'])
    // No salt left recomputes the first day's visitor from the same IP and browser.
    const left = await app.database.db.select().from(statsSalts)
    for (const { salt } of left)
      expect(visitorHash({ salt, ip, userAgent: DESKTOP, siteHost: SITE_HOST })).not.toBe(
        first!.visitor,
      )
  })

  it('deletes raw visits after 30 days and keeps the daily roll-ups', async () => {
    clock = new Date('2026-05-04T09:00:00Z')
    const ip = newIp()
    app.services.stats.record(view('/portfolio', ip, { source: 'old.example' }))
    app.services.stats.record(view('/about', ip, { at: minutes(3) }))
    await app.services.stats.flush()
    const day = utcDay(clock)
    const onDay = async () => (await stats('365d')).series.find((d) => d.date === day)
    expect(await onDay()).toEqual({ date: day, visitors: 1, pageviews: 2 })

    clock = new Date('2026-06-02T12:00:00Z')
    await app.services.stats.maintain()
    // 29 days on: still raw.
    expect(await app.database.db.select().from(visits).where(eq(visits.day, day))).toHaveLength(1)
    clock = new Date('2026-06-03T00:30:00Z')
    await app.services.stats.maintain()
    expect(await app.database.db.select().from(visits).where(eq(visits.day, day))).toHaveLength(0)
    expect(await onDay()).toEqual({ date: day, visitors: 1, pageviews: 2 })
    const year = await stats('365d')
    expect(year.sources).toContainEqual({ source: 'old.example', visitors: 1 })
  })
})

describe('the weekly digest', () => {
  it('is off by default, then sent once a week whichever instance runs', async () => {
    clock = new Date('2026-06-08T08:00:00Z') // a Monday
    const other = secondInstance()
    expect(await app.services.stats.sendWeeklyDigest()).toBe(false)
    await app.services.settings.update({
      ...(await app.services.settings.get()),
      weeklyDigest: true,
    })
    sent.length = 0
    const results = [
      await other.sendWeeklyDigest(),
      await app.services.stats.sendWeeklyDigest(),
      await other.sendWeeklyDigest(),
    ]
    expect(results.filter(Boolean)).toHaveLength(1)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.subject).toMatch(
      /^Your site's week from 2026-06-01: \d+ visitors, \d+ messages$/,
    )
    expect(sent[0]!.text).toContain('Conversion rate')
    expect(sent[0]!.text).toContain('Top sources')

    clock = new Date('2026-06-15T08:00:00Z')
    expect(await app.services.stats.sendWeeklyDigest()).toBe(true)
    expect(sent).toHaveLength(2)
  })

  it('is tried again when the mail fails', async () => {
    clock = new Date('2026-06-22T08:00:00Z')
    const failing = createStatsService({
      repo: createStatsRepository(app.database.db),
      siteHost: SITE_HOST,
      now: () => clock,
      log: app.log,
      mail: { send: async () => Promise.reject(new Error('SMTP down')) },
      isDigestOn: async () => true,
      ownerEmail: async () => 'owner@site.test',
      messagesPerWeek: () => app.services.messages.trend(),
      dashboardUrl: 'http://site.test/admin/dashboard',
      brand: async () => mailBrandOf(await app.services.settings.get(), 'http://site.test'),
    })
    await expect(failing.sendWeeklyDigest()).rejects.toThrow('SMTP down')
    expect(await app.services.stats.sendWeeklyDigest()).toBe(true)
  })
})

describe('bounded statistics', () => {
  /** The n-th address of a block no other test uses. */
  const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
  let next = 1
  const newAddress = () => address(next++)
  const onDay = async (day: string) => (await stats()).series.find((d) => d.date === day)!

  it('lists at most 20 pages, sources and campaigns, the top 19 and one row named Other summing the rest', async () => {
    clock = new Date('2026-09-01T10:00:00Z')
    // One source, campaign and page with the most visitors, then 29 with one each.
    for (let i = 0; i < 3; i++)
      app.services.stats.record(
        view('/popular', newAddress(), {
          source: 'popular.example',
          utm: { source: 'popular', medium: 'email', campaign: 'top' },
        }),
      )
    for (let i = 0; i < 29; i++)
      app.services.stats.record(
        view(`/page-${i}`, newAddress(), {
          source: `site-${i}.example`,
          utm: { source: `news-${i}`, medium: 'email', campaign: `c-${i}` },
        }),
      )
    const result = await stats()
    expect(result.visitors).toBe(32)
    // 30 values: the top 19 are named, the other 11 (one visitor each) are summed.
    for (const list of [result.topPages, result.sources, result.campaigns]) {
      expect(list.length).toBeLessThanOrEqual(STATS_TOP_LIMIT)
      expect(list).toHaveLength(20)
    }
    expect(result.topPages[0]).toEqual({ path: '/popular', visitors: 3, pageviews: 3 })
    expect(result.topPages.at(-1)).toEqual({ path: 'Other', visitors: 11, pageviews: 11 })
    expect(result.sources[0]).toEqual({ source: 'popular.example', visitors: 3 })
    expect(result.sources.at(-1)).toEqual({ source: 'Other', visitors: 11 })
    expect(result.campaigns[0]).toEqual({
      source: 'popular',
      medium: 'email',
      campaign: 'top',
      visitors: 3,
    })
    expect(result.campaigns.at(-1)).toEqual({
      source: 'Other',
      medium: 'Other',
      campaign: 'Other',
      visitors: 11,
    })
    expect(result.sources.filter((s) => s.source === 'Other')).toHaveLength(1)
    for (const list of [result.topPages, result.sources, result.campaigns])
      expect(list.slice(1, -1).every((row) => row.visitors === 1)).toBe(true)
  })

  it('lists every page, source and campaign, with no Other row, when there are 20', async () => {
    clock = new Date('2026-08-10T10:00:00Z')
    for (let i = 0; i < STATS_TOP_LIMIT; i++)
      app.services.stats.record(
        view(`/twenty-${i}`, newAddress(), {
          source: `twenty-${i}.example`,
          utm: { source: `twenty-${i}`, medium: 'email', campaign: 'twenty' },
        }),
      )
    const result = await stats()
    expect(result.visitors).toBe(STATS_TOP_LIMIT)
    expect(result.topPages.map((p) => p.path).sort()).toEqual(
      Array.from({ length: STATS_TOP_LIMIT }, (_, i) => `/twenty-${i}`).sort(),
    )
    expect(result.sources).toHaveLength(STATS_TOP_LIMIT)
    expect(result.campaigns).toHaveLength(STATS_TOP_LIMIT)
    for (const list of [result.topPages, result.sources, result.campaigns])
      expect(list.every((row) => row.visitors === 1)).toBe(true)
  })

  it('stores a fixed number of distinct sources, campaigns and pages a day, the later ones as Other', async () => {
    clock = new Date('2026-09-03T10:00:00Z')
    const day = utcDay(clock)
    for (let i = 0; i < DAY_KEYS_MAX + 5; i++)
      app.services.stats.record(
        view(`/odd-${i}`, newAddress(), {
          source: `referrer-${i}.example`,
          utm: { campaign: `campaign-${i}` },
        }),
      )
    const result = await stats()
    const rows = await app.database.db.select().from(visits).where(eq(visits.day, day))
    expect(rows).toHaveLength(DAY_KEYS_MAX + 5)
    expect(new Set(rows.map((r) => r.source)).size).toBe(DAY_KEYS_MAX + 1)
    expect(rows.filter((r) => r.source === 'Other')).toHaveLength(5)
    expect(new Set(rows.map((r) => r.utmCampaign)).size).toBe(DAY_KEYS_MAX + 1)
    expect(rows.filter((r) => r.utmCampaign === 'Other')).toHaveLength(5)
    const paths = await app.database.db
      .selectDistinct({ path: pageViews.path })
      .from(pageViews)
      .innerJoin(visits, eq(visits.id, pageViews.visitId))
      .where(eq(visits.day, day))
    expect(paths).toHaveLength(DAY_KEYS_MAX + 1)
    // Every view still counts, and the lists stay short.
    expect((await onDay(day)).pageviews).toBe(DAY_KEYS_MAX + 5)
    expect(result.sources).toHaveLength(STATS_TOP_LIMIT)
    expect(result.sources.at(-1)!.source).toBe('Other')
  })

  it('counts at most 10 new visitors an hour from one address, on any instance, and every view', async () => {
    clock = new Date('2026-09-08T10:00:00Z')
    const day = utcDay(clock)
    const other = secondInstance()
    const flood = newAddress()
    const browser = (n: number) => `${DESKTOP} Flood/${n}`
    for (let i = 0; i < 400; i++)
      (i % 2 ? other : app.services.stats).record(
        view('/', flood, { userAgent: browser(i), at: new Date(clock.getTime() + i * 5_000) }),
      )
    await other.flush()
    expect(await onDay(day)).toMatchObject({
      visitors: NEW_VISITORS_PER_ADDRESS_HOUR,
      pageviews: 400,
    })
    // Another address is counted on its own.
    const neighbour = newAddress()
    for (let i = 0; i < 3; i++)
      app.services.stats.record(view('/', neighbour, { userAgent: browser(i), at: minutes(40) }))
    expect(await onDay(day)).toMatchObject({
      visitors: NEW_VISITORS_PER_ADDRESS_HOUR + 3,
      pageviews: 403,
    })
    // The next hour, the address counts new visitors again.
    clock = new Date('2026-09-08T11:05:00Z')
    for (let i = 0; i < 20; i++)
      other.record(view('/faq', flood, { userAgent: browser(1_000 + i), at: minutes(i) }))
    await other.flush()
    expect(await onDay(day)).toMatchObject({
      visitors: 2 * NEW_VISITORS_PER_ADDRESS_HOUR + 3,
      pageviews: 423,
    })
  })

  it('rolls up at most a fixed number of keys a day, whatever the raw visits hold', async () => {
    clock = new Date('2026-10-01T10:00:00Z')
    const day = utcDay(clock)
    // Stored as they came, as before the caps at writing existed.
    await app.database.db.insert(visits).values(
      Array.from({ length: DAY_KEYS_MAX + 50 }, (_, i) => ({
        visitor: `raw-visitor-${i}`,
        day,
        startedAt: clock,
        lastSeenAt: clock,
        landingPage: '/',
        source: `raw-${i}.example`,
        device: 'desktop',
        pageviews: 1,
      })),
    )
    clock = new Date('2026-10-02T10:00:00Z')
    await app.services.stats.maintain()
    const rolled = await app.database.db
      .select()
      .from(statsDaily)
      .where(and(eq(statsDaily.day, day), eq(statsDaily.kind, 'source')))
    expect(rolled).toHaveLength(DAY_KEYS_MAX + 1)
    expect(rolled.find((r) => r.key === 'Other')?.visitors).toBe(50)
    const { sources } = await stats()
    expect(sources).toHaveLength(STATS_TOP_LIMIT)
    expect(sources.at(-1)).toEqual({
      source: 'Other',
      visitors: DAY_KEYS_MAX + 50 - (STATS_TOP_LIMIT - 1),
    })
  })
})

describe('running figures', () => {
  const contact = (ip: string, userAgent: string) =>
    app.inject({
      method: 'POST',
      url: '/api/messages/contact',
      payload: {
        fullName: 'Ada Client',
        email: 'ada@example.com',
        subject: 'A new website',
        message: 'Hello, I would like a quote for a website.',
      },
      headers: { 'user-agent': userAgent },
      remoteAddress: ip,
    })
  const figures = ({ range: _, series: __, ...rest }: Awaited<ReturnType<typeof stats>>) => rest

  it('give the figures the roll-up of the raw visits gives, a visit changed by a later write included', async () => {
    clock = new Date('2026-11-10T10:00:00Z')
    const reader = newIp()
    const phone = newIp()
    const other = secondInstance()
    // The later views (direct) are written first; the earlier ones bring the source and campaign.
    other.record(view('/about', reader, { at: minutes(2) }))
    other.record(view('/faq', reader, { at: minutes(20) }))
    app.services.stats.record(
      view('/dns', reader, {
        source: 'news.example',
        utm: { source: 'news', medium: 'email', campaign: 'autumn' },
      }),
    )
    app.services.stats.record(view('/contact', reader, { at: minutes(12) }))
    await other.flush()
    await app.services.stats.flush()
    // The same visitor's second visit, from another source.
    app.services.stats.record(view('/faq', reader, { source: 'search.example', at: minutes(60) }))
    app.services.stats.record(view('/', phone, { userAgent: PHONE }))
    app.services.stats.record(view('/faq', phone, { userAgent: PHONE, at: minutes(1) }))
    clock = minutes(3)
    expect((await contact(phone, PHONE)).statusCode).toBe(201)
    expect((await contact(phone, PHONE)).statusCode).toBe(201)

    const running = await stats()
    expect(running.series.at(-1)).toEqual({ date: '2026-11-10', visitors: 2, pageviews: 7 })
    expect(figures(running)).toEqual({
      visitors: 2,
      pageviews: 7,
      topPages: [
        { path: '/faq', visitors: 2, pageviews: 3 },
        { path: '/', visitors: 1, pageviews: 1 },
        { path: '/about', visitors: 1, pageviews: 1 },
        { path: '/contact', visitors: 1, pageviews: 1 },
        { path: '/dns', visitors: 1, pageviews: 1 },
      ],
      sources: [
        { source: 'news.example', visitors: 1 },
        { source: 'Direct', visitors: 1 },
        { source: 'search.example', visitors: 1 },
      ],
      campaigns: [{ source: 'news', medium: 'email', campaign: 'autumn', visitors: 1 }],
      devices: [
        { device: 'desktop', visitors: 1 },
        { device: 'mobile', visitors: 1 },
      ],
      countries: [],
      conversions: { messages: 2, rate: 0.5 },
    })

    clock = new Date('2026-11-11T10:00:00Z')
    await app.services.stats.maintain()
    const rolled = await stats()
    expect(rolled.series.at(-2)).toEqual(running.series.at(-1))
    expect(figures(rolled)).toEqual(figures(running))
  })

  it("answer for days not rolled up yet without reading the day's raw visits", async () => {
    clock = new Date('2026-11-20T10:00:00Z')
    for (const ip of [newIp(), newIp(), newIp()]) {
      app.services.stats.record(view('/', ip, { source: 'friend.example' }))
      app.services.stats.record(view('/portfolio', ip, { at: minutes(1) }))
    }
    const before = await stats()
    expect(before).toMatchObject({ visitors: 3, pageviews: 6 })
    // Taken away behind the server's back: the figures do not change.
    await app.database.db.delete(visits).where(eq(visits.day, utcDay(clock)))
    expect(await stats()).toEqual(before)
  })
})
