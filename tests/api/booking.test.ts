/**
 * Booking a call: the availability settings, the free slots (weekly hours in the owner's zone
 * across daylight-saving changes, notice, horizon, buffer), booking, the manage link (read, move,
 * cancel) with the invitations each side gets, the owner's feed and list, and the inbox message.
 */
import { eq } from 'drizzle-orm'
import nodeIcal, { type VEvent } from 'node-ical'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { type BookingSettings } from '#common/schemas/booking-settings.ts'
import {
  AdminBookingsSchema,
  BookingCreatedSchema,
  BookingFeedSchema,
  BookingSlotsSchema,
  ManagedBookingResponseSchema,
} from '#common/schemas/booking.ts'
import { MessagesPageSchema } from '#common/schemas/messages.ts'
import { SiteSettingsSchema } from '#common/schemas/settings.ts'
import { bookings } from '#server/db/schema.ts'
import { asAdmin, asUser, expectError } from '#tests/helpers/auth.ts'
import { startSmtpServer, type CaughtMail, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'
import { ASYNC_WORK } from '#tests/helpers/wait.ts'
import { BOOKING_DEFAULTS } from '#common/site-defaults.ts'

const OWNER = 'owner@booking.test'
const SITE_EMAIL = 'hello@riverawebstudio.com'

let nowMs = Date.parse('2026-03-20T12:00:00Z')
let app: TestApp
let smtp: TestSmtpServer
let admin: Record<string, string>
let user: Record<string, string>
let visitorCount = 0

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await createTestApp({
    env: { SMTP_URL: smtp.url, OWNER_EMAIL: OWNER, RATE_LIMIT_SCALE: '0' },
    now: () => new Date(nowMs),
  })
  admin = (await asAdmin(app)).headers
  user = (await asUser(app)).headers
})
afterAll(async () => {
  await app.cleanup()
  await smtp.close()
})

const none = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] }

/** Saves booking settings over the defaults, switched on, and frees every slot booked before. */
async function saveBooking(patch: Partial<BookingSettings> = {}) {
  await app.database.db.update(bookings).set({ status: 'cancelled' })
  const res = await app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: admin,
    payload: {
      ...(await currentSettings()),
      booking: { ...BOOKING_DEFAULTS, enabled: true, ...patch },
    },
  })
  expect(res.statusCode).toBe(200)
}

async function currentSettings() {
  const res = await app.inject({ method: 'GET', url: '/api/settings', headers: admin })
  return SiteSettingsSchema.parse(res.json())
}

const getSlots = (query: string) =>
  app.inject({ method: 'GET', url: `/api/booking/slots?${query}` })

async function slotStarts(query: string) {
  const res = await getSlots(query)
  expect(res.statusCode).toBe(200)
  return BookingSlotsSchema.parse(res.json()).slots.map((s) => s.start)
}

function visitor() {
  visitorCount += 1
  return { name: `Visitor ${visitorCount}`, email: `visitor${visitorCount}@booking.test` }
}

const book = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/booking', payload })

async function bookOk(start: string, duration = 30, extra: Record<string, unknown> = {}) {
  const who = visitor()
  const res = await book({ start, duration, timeZone: 'Europe/Lisbon', ...who, ...extra })
  expect(res.statusCode).toBe(201)
  const { booking } = BookingCreatedSchema.parse(res.json())
  return { ...booking, ...who, token: booking.manageUrl.split('/').at(-1)! }
}

/** The calendar part of a mail: its method parameter and the event node-ical reads from it. */
function calendarOf(mail: CaughtMail) {
  const part = mail.parsed.attachments.find((a) => a.contentType === 'text/calendar')
  expect(part, 'a text/calendar part').toBeDefined()
  const contentType = part!.headers.get('content-type') as { params: Record<string, string> }
  const parsed = nodeIcal.sync.parseICS(part!.content.toString('utf8'))
  const event = Object.values(parsed).find((c) => c?.type === 'VEVENT') as VEvent
  const method = (parsed.vcalendar as { method?: string } | undefined)?.method
  return { method: contentType.params.method, calendarMethod: method, event }
}

/** The mail to `to` whose subject starts with `subject`, about booking `id`, once it arrived. */
const mailAbout = (to: string, id: string, subject: string) =>
  vi.waitFor(() => {
    const mail = smtp
      .mailsTo(to)
      .find(
        (m) =>
          m.subject.startsWith(subject) &&
          m.parsed.attachments.some((a) => a.content.toString('utf8').includes(`${id}@site.test`)),
      )
    if (!mail) throw new Error(`still waiting for "${subject}" to ${to} about ${id}`)
    return mail
  }, ASYNC_WORK)

const address = (value: unknown) =>
  String((value as { val?: string }).val ?? value)
    .replace(/^mailto:/i, '')
    .toLowerCase()

describe('PUT /api/settings {booking}', () => {
  it('starts off, on weekdays 09:00 to 17:00 UTC, and hides the busy calendar from visitors', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/settings' })
    expect(SiteSettingsSchema.parse(res.json()).booking).toEqual(BOOKING_DEFAULTS)
    expect(BOOKING_DEFAULTS).toMatchObject({
      enabled: false,
      timeZone: 'UTC',
      durations: [20, 45],
      bufferMinutes: 10,
      minNoticeHours: 12,
      horizonDays: 30,
      location: '',
      busyCalendarUrl: null,
    })
    expect(BOOKING_DEFAULTS.weekly.mon).toEqual([{ start: '09:00', end: '17:00' }])
    expect(BOOKING_DEFAULTS.weekly.sat).toEqual([])

    await saveBooking({ busyCalendarUrl: 'http://127.0.0.1:9/secret-calendar.ics' })
    const anonymous = SiteSettingsSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/settings' })).json(),
    )
    expect(anonymous.booking.busyCalendarUrl).toBeNull()
    const asUserRead = SiteSettingsSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/settings', headers: user })).json(),
    )
    expect(asUserRead.booking.busyCalendarUrl).toBeNull()
    expect((await currentSettings()).booking.busyCalendarUrl).toBe(
      'http://127.0.0.1:9/secret-calendar.ics',
    )
    await saveBooking()
  })

  it.each([
    [
      { timeZone: 'Mars/Olympus_Mons' },
      /^booking\.timeZone: Booking time zone must be a time zone/,
    ],
    [{ durations: [] }, /^booking\.durations: Meeting lengths must list at least one/],
    [{ durations: [30, 30] }, /^booking\.durations: Meeting lengths list a length twice/],
    [{ durations: [2] }, /^booking\.durations\.0: Meeting length must be at least/],
    [
      { weekly: { ...none, mon: [{ start: '17:00', end: '09:00' }] } },
      /^booking\.weekly\.mon\.0: Monday hours must end after they start/,
    ],
    [
      { weekly: { ...none, tue: [{ start: '9am', end: '17:00' }] } },
      /^booking\.weekly\.tue\.0\.start: Tuesday start must be a time/,
    ],
    [
      {
        weekly: {
          ...none,
          wed: [
            { start: '09:00', end: '12:00' },
            { start: '11:00', end: '13:00' },
          ],
        },
      },
      /^booking\.weekly\.wed: Wednesday hours overlap/,
    ],
    [{ bufferMinutes: -5 }, /^booking\.bufferMinutes: Buffer must be at least 0/],
    [{ minNoticeHours: 1.5 }, /^booking\.minNoticeHours: Minimum notice must be a whole number/],
    [{ horizonDays: 0 }, /^booking\.horizonDays: Booking horizon must be at least 1/],
    [
      { busyCalendarUrl: 'webcal://calendar.example/me.ics' },
      /^booking\.busyCalendarUrl: Busy calendar address must be an http/,
    ],
  ])('answers 400 naming the field for %j', async (patch, message) => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin,
      payload: { ...(await currentSettings()), booking: { ...BOOKING_DEFAULTS, ...patch } },
    })
    expectError(res, 400, message)
  })
})

describe('GET /api/booking/slots', () => {
  beforeEach(() => {
    nowMs = Date.parse('2026-03-20T12:00:00Z') // a Friday
  })

  it('answers 404 while booking is off', async () => {
    await saveBooking({ enabled: false })
    expectError(await getSlots('from=2026-03-23&to=2026-03-27'), 404)
    expectError(
      await book({ start: '2026-03-23T09:00:00Z', duration: 20, timeZone: 'UTC', ...visitor() }),
      404,
    )
  })

  it('gives the weekly hours stepped by the meeting length, later than the notice, within the horizon', async () => {
    await saveBooking({
      weekly: {
        ...none,
        mon: [{ start: '09:00', end: '11:00' }],
        wed: [{ start: '14:00', end: '15:00' }],
      },
      durations: [30, 45],
      bufferMinutes: 0,
      minNoticeHours: 12,
      horizonDays: 9,
    })
    expect(await slotStarts('from=2026-03-20&to=2026-04-05&duration=30')).toEqual([
      '2026-03-23T09:00:00.000Z',
      '2026-03-23T09:30:00.000Z',
      '2026-03-23T10:00:00.000Z',
      '2026-03-23T10:30:00.000Z',
      '2026-03-25T14:00:00.000Z',
      '2026-03-25T14:30:00.000Z',
      // Monday 30 March is past the 9-day horizon.
    ])
    const res = await getSlots('from=2026-03-23&to=2026-03-23&duration=45')
    expect(BookingSlotsSchema.parse(res.json())).toEqual({
      timeZone: 'UTC',
      duration: 45,
      slots: [
        { start: '2026-03-23T09:00:00.000Z', end: '2026-03-23T09:45:00.000Z' },
        { start: '2026-03-23T09:45:00.000Z', end: '2026-03-23T10:30:00.000Z' },
      ],
    })

    // Sunday 22:00: 12 hours of notice reach Monday 10:00, and a slot must start later than that.
    nowMs = Date.parse('2026-03-22T22:00:00Z')
    expect(await slotStarts('from=2026-03-23&to=2026-03-23&duration=30')).toEqual([
      '2026-03-23T10:30:00.000Z',
    ])
  })

  it('uses the first meeting length when none is asked for and refuses one not offered', async () => {
    await saveBooking({
      weekly: { ...none, mon: [{ start: '09:00', end: '10:00' }] },
      durations: [20, 45],
    })
    const res = await getSlots('from=2026-03-23&to=2026-03-23')
    expect(BookingSlotsSchema.parse(res.json()).duration).toBe(20)
    expectError(await getSlots('from=2026-03-23&to=2026-03-23&duration=30'), 400, /^duration: /)
  })

  it('covers at most 62 days and answers 400 naming the field for bad dates', async () => {
    await saveBooking({ horizonDays: 365 })
    expect((await getSlots('from=2026-04-01&to=2026-06-01')).statusCode).toBe(200)
    expectError(
      await getSlots('from=2026-04-01&to=2026-06-02'),
      400,
      /^to: Slots cover at most 62 days/,
    )
    expectError(await getSlots('from=2026-04-05&to=2026-04-01'), 400, /^to: /)
    expectError(await getSlots('from=2026-02-30&to=2026-03-01'), 400, /^from: /)
    expectError(await getSlots('to=2026-03-01'), 400, /^from: /)
  })

  it('keeps the buffer free before and after a booking', async () => {
    await saveBooking({
      weekly: { ...none, mon: [{ start: '09:00', end: '12:00' }] },
      durations: [30],
      bufferMinutes: 15,
      minNoticeHours: 0,
    })
    await bookOk('2026-03-23T10:00:00.000Z')
    expect(await slotStarts('from=2026-03-23&to=2026-03-23&duration=30')).toEqual([
      '2026-03-23T09:00:00.000Z',
      // 09:30 would end right at the call's start, and 10:30 start right at its end: within the buffer.
      '2026-03-23T11:00:00.000Z',
      '2026-03-23T11:30:00.000Z',
    ])
  })

  it('keeps 09:00 to 17:00 local on the days Europe/Berlin changes its clocks', async () => {
    nowMs = Date.parse('2026-03-01T00:00:00Z')
    await saveBooking({
      timeZone: 'Europe/Berlin',
      weekly: { ...none, sun: [{ start: '09:00', end: '17:00' }] },
      durations: [60],
      bufferMinutes: 0,
      minNoticeHours: 0,
      horizonDays: 365,
    })
    // Summer time starts on 29 March (UTC+2 from then), and ends on 25 October.
    for (const [day, first, last] of [
      ['2026-03-22', '08:00', '15:00'],
      ['2026-03-29', '07:00', '14:00'],
      ['2026-10-25', '08:00', '15:00'],
    ]) {
      const starts = await slotStarts(`from=${day}&to=${day}&duration=60`)
      expect(starts).toHaveLength(8)
      expect([starts[0], starts.at(-1)]).toEqual([
        `${day}T${first}:00.000Z`,
        `${day}T${last}:00.000Z`,
      ])
    }
  })

  it('gives New York hours across its clock changes, with no doubled or missing hour', async () => {
    nowMs = Date.parse('2026-03-01T00:00:00Z')
    await saveBooking({
      timeZone: 'America/New_York',
      weekly: {
        ...none,
        sun: [
          { start: '00:30', end: '03:30' },
          { start: '09:00', end: '17:00' },
        ],
      },
      durations: [60],
      bufferMinutes: 0,
      minNoticeHours: 0,
      horizonDays: 365,
    })
    // 8 March, 02:00 EST jumps to 03:00 EDT: 02:30 never happens.
    expect(await slotStarts('from=2026-03-08&to=2026-03-08&duration=60')).toEqual([
      '2026-03-08T05:30:00.000Z', // 00:30 EST
      '2026-03-08T06:30:00.000Z', // 01:30 EST
      ...Array.from(
        { length: 8 },
        (_, i) => `2026-03-08T${String(13 + i).padStart(2, '0')}:00:00.000Z`,
      ),
    ])
    // 1 November, 02:00 EDT falls back to 01:00 EST: 01:30 is offered once.
    const fallBack = await slotStarts('from=2026-11-01&to=2026-11-01&duration=60')
    expect(fallBack.slice(0, 3)).toEqual([
      '2026-11-01T04:30:00.000Z', // 00:30 EDT
      '2026-11-01T05:30:00.000Z', // 01:30 EDT
      '2026-11-01T07:30:00.000Z', // 02:30 EST
    ])
    expect(fallBack.slice(3)).toEqual(
      Array.from(
        { length: 8 },
        (_, i) => `2026-11-01T${String(14 + i).padStart(2, '0')}:00:00.000Z`,
      ),
    )
  })
})

describe('POST /api/booking', () => {
  beforeAll(async () => {
    nowMs = Date.parse('2026-03-20T12:00:00Z')
    await saveBooking({
      timeZone: 'Europe/Berlin',
      weekly: {
        ...none,
        mon: [{ start: '09:00', end: '12:00' }],
        tue: [{ start: '09:00', end: '12:00' }],
      },
      durations: [30, 45],
      bufferMinutes: 0,
      minNoticeHours: 0,
      location: 'https://meet.example/rivera',
    })
  })
  beforeEach(() => {
    nowMs = Date.parse('2026-03-20T12:00:00Z')
  })

  it('books a free slot: 201 with the manage link, and the slot is taken', async () => {
    const who = visitor()
    const res = await book({
      start: '2026-03-23T08:00:00.000Z',
      duration: 30,
      timeZone: 'America/Chicago',
      message: 'About a new shop',
      projectType: 'New website',
      ...who,
    })
    expect(res.statusCode).toBe(201)
    const { booking } = BookingCreatedSchema.parse(res.json())
    expect(booking).toEqual({
      _id: expect.any(String),
      start: '2026-03-23T08:00:00.000Z',
      end: '2026-03-23T08:30:00.000Z',
      status: 'confirmed',
      manageUrl: expect.stringMatching(/^http:\/\/site\.test\/booking\/[\w-]{20,}$/),
    })
    expect(await slotStarts('from=2026-03-23&to=2026-03-23&duration=30')).not.toContain(
      '2026-03-23T08:00:00.000Z',
    )
    expectError(
      await book({
        start: '2026-03-23T08:00:00.000Z',
        duration: 30,
        timeZone: 'UTC',
        ...visitor(),
      }),
      409,
    )
    // Overlapping it with the other length is refused too.
    expectError(
      await book({
        start: '2026-03-23T08:00:00.000Z',
        duration: 45,
        timeZone: 'UTC',
        ...visitor(),
      }),
      409,
    )
  })

  it('answers 409 for a start that is not one of the free slots', async () => {
    for (const start of [
      '2026-03-23T08:10:00.000Z', // not on the grid
      '2026-03-24T11:30:00.000Z', // after the day's hours (12:30 in Berlin)
      '2026-03-20T13:00:00.000Z', // a Friday: no hours
      '2026-03-16T08:00:00.000Z', // in the past
    ])
      expectError(await book({ start, duration: 30, timeZone: 'UTC', ...visitor() }), 409)
  })

  it.each([
    [{ timeZone: 'Somewhere/Else' }, /^timeZone: Time zone must be a time zone name/],
    [{ timeZone: undefined }, /^timeZone: Time zone is required/],
    [{ email: 'not-an-address' }, /^email: /],
    [{ name: '  ' }, /^name: Name is required/],
    [{ start: 'next monday' }, /^start: Start must be a date and time/],
    [{ duration: 25 }, /^duration: Duration must be one of 30, 45/],
    [{ projectType: 'A castle' }, /^projectType: Project type must be one of the listed options/],
    [{ budget: 'Millions' }, /^budget: /],
  ])('answers 400 naming the field for %j', async (patch, message) => {
    const res = await book({
      start: '2026-03-24T08:00:00.000Z',
      duration: 30,
      timeZone: 'UTC',
      ...visitor(),
      ...patch,
    })
    expectError(res, 400, message)
  })

  it('mails the visitor and the owner a calendar invitation (METHOD REQUEST)', async () => {
    const booked = await bookOk('2026-03-24T08:30:00.000Z', 30, { timeZone: 'America/Chicago' })
    for (const to of [booked.email, OWNER]) {
      const mail = await mailAbout(to, booked._id, 'Call booked')
      expect(mail.text).toContain(booked.manageUrl)
      const { method, calendarMethod, event } = calendarOf(mail)
      expect(method).toBe('REQUEST')
      expect(calendarMethod).toBe('REQUEST')
      expect(event.uid).toBe(`${booked._id}@site.test`)
      expect(Number(event.sequence)).toBe(0)
      expect(new Date(event.start).toISOString()).toBe('2026-03-24T08:30:00.000Z')
      expect(new Date(event.end!).toISOString()).toBe('2026-03-24T09:00:00.000Z')
      expect(address(event.organizer)).toBe(SITE_EMAIL)
      const attendees = [event.attendee].flat()
      expect(attendees.map(address)).toEqual([booked.email])
      expect(event.location).toBe('https://meet.example/rivera')
    }
    // The visitor reads the time in their own zone: 03:30 in Chicago.
    expect((await mailAbout(booked.email, booked._id, 'Call booked')).text).toContain(
      '03:30–04:00 (America/Chicago)',
    )
    expect((await mailAbout(OWNER, booked._id, 'Call booked')).text).toContain(
      '09:30–10:00 (Europe/Berlin)',
    )
  })

  it('puts the call in the inbox at stage "call" with its time', async () => {
    const booked = await bookOk('2026-03-24T09:00:00.000Z', 30, { message: 'Looking forward' })
    const res = await app.inject({
      method: 'GET',
      url: '/api/messages/admin?stage=call',
      headers: admin,
    })
    const { messages } = MessagesPageSchema.parse(res.json())
    const message = messages.find((m) => m.email === booked.email)
    expect(message).toMatchObject({
      fullName: booked.name,
      stage: 'call',
      subject: 'Call booked: Tuesday 24 March 2026, 10:00–10:30 (Europe/Berlin)',
    })
    expect(message!.message).toContain('Looking forward')
    // The owner was told by the invitation: no contact notification as well.
    await mailAbout(OWNER, booked._id, 'Call booked')
    expect(await app.services.messages.queuePendingNotifications()).toBe(0)
    expect(smtp.mailsTo(OWNER).filter((m) => m.subject.startsWith('New contact'))).toEqual([])
  })

  it('carries the lead source of the visit into the inbox, as a contact message does', async () => {
    const ip = '203.0.113.77'
    const userAgent =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
    for (const [path, minutesAgo] of [
      ['/', 6],
      ['/book', 4],
    ] as const)
      app.services.stats.record({
        path,
        ip,
        at: new Date(nowMs - minutesAgo * 60_000),
        userAgent,
        source: path === '/' ? 'www.linkedin.com' : null,
        utm:
          path === '/'
            ? { source: 'linkedin', medium: 'social', campaign: 'spring' }
            : { source: null, medium: null, campaign: null },
        device: 'desktop',
        country: null,
      })
    const who = visitor()
    const res = await app.inject({
      method: 'POST',
      url: '/api/booking',
      payload: { start: '2026-03-24T09:30:00.000Z', duration: 30, timeZone: 'UTC', ...who },
      headers: { 'user-agent': userAgent },
      remoteAddress: ip,
    })
    expect(res.statusCode).toBe(201)
    const inbox = MessagesPageSchema.parse(
      (
        await app.inject({ method: 'GET', url: '/api/messages/admin?stage=call', headers: admin })
      ).json(),
    )
    expect(inbox.messages.find((m) => m.email === who.email)?.visit).toEqual({
      landingPage: '/',
      source: 'www.linkedin.com',
      campaign: { source: 'linkedin', medium: 'social', campaign: 'spring' },
      pagesSeen: 2,
      device: 'desktop',
    })
  })

  it('takes one of two concurrent posts for one slot, whatever their order', async () => {
    const payload = { start: '2026-03-24T10:00:00.000Z', duration: 30, timeZone: 'UTC' }
    const results = await Promise.all([
      book({ ...payload, ...visitor() }),
      book({ ...payload, ...visitor() }),
    ])
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409])
  })

  it('relies on a database constraint: an overlapping confirmed row is refused even when written directly', async () => {
    const booked = await bookOk('2026-03-24T10:30:00.000Z')
    const [inquiry] = await app.database.db
      .select({ messageId: bookings.messageId })
      .from(bookings)
      .where(eq(bookings.id, booked._id))
    const row = {
      token: `direct-${booked._id}`,
      startAt: new Date('2026-03-24T10:45:00Z'),
      endAt: new Date('2026-03-24T11:15:00Z'),
      blockedUntil: new Date('2026-03-24T11:15:00Z'),
      durationMinutes: 30,
      timeZone: 'UTC',
      location: '',
      messageId: inquiry!.messageId,
    }
    await expect(app.database.db.insert(bookings).values(row)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23P01' }),
    })
    // A cancelled row holds no time.
    await app.database.db.insert(bookings).values({ ...row, status: 'cancelled' })
  })
})

describe('GET, cancel and reschedule /api/booking/:token', () => {
  beforeAll(async () => {
    nowMs = Date.parse('2026-03-20T12:00:00Z')
    await saveBooking({
      timeZone: 'UTC',
      weekly: { ...none, wed: [{ start: '13:00', end: '17:00' }] },
      durations: [60],
      bufferMinutes: 0,
      minNoticeHours: 0,
      location: 'Studio, 12 Harbour Street',
    })
  })

  it('shows the booking behind its link, and 404 for an unknown one', async () => {
    const booked = await bookOk('2026-03-25T13:00:00.000Z', 60, { timeZone: 'Asia/Tokyo' })
    const res = await app.inject({ method: 'GET', url: `/api/booking/${booked.token}` })
    expect(res.statusCode).toBe(200)
    expect(ManagedBookingResponseSchema.parse(res.json()).booking).toEqual({
      _id: booked._id,
      start: '2026-03-25T13:00:00.000Z',
      end: '2026-03-25T14:00:00.000Z',
      duration: 60,
      status: 'confirmed',
      name: booked.name,
      location: 'Studio, 12 Harbour Street',
      timeZone: 'Asia/Tokyo',
      ownerTimeZone: 'UTC',
      ownerName: 'Alex Rivera',
      manageUrl: booked.manageUrl,
      isChangeable: true,
    })
    expectError(await app.inject({ method: 'GET', url: '/api/booking/no-such-token' }), 404)
  })

  it('moves it to a free slot with the same UID and SEQUENCE + 1, and frees the old one', async () => {
    const booked = await bookOk('2026-03-25T14:00:00.000Z', 60)
    await mailAbout(booked.email, booked._id, 'Call booked')
    const res = await app.inject({
      method: 'POST',
      url: `/api/booking/${booked.token}/reschedule`,
      payload: { start: '2026-04-01T15:00:00.000Z' },
    })
    expect(res.statusCode).toBe(200)
    expect(ManagedBookingResponseSchema.parse(res.json()).booking).toMatchObject({
      _id: booked._id,
      start: '2026-04-01T15:00:00.000Z',
      end: '2026-04-01T16:00:00.000Z',
      status: 'confirmed',
    })
    for (const to of [booked.email, OWNER]) {
      const moved = await mailAbout(to, booked._id, 'Call moved')
      const { method, event } = calendarOf(moved)
      expect(method).toBe('REQUEST')
      expect(event.uid).toBe(`${booked._id}@site.test`)
      expect(Number(event.sequence)).toBe(1)
      expect(new Date(event.start).toISOString()).toBe('2026-04-01T15:00:00.000Z')
    }
    const starts = await slotStarts('from=2026-03-25&to=2026-04-01&duration=60')
    expect(starts).toContain('2026-03-25T14:00:00.000Z')
    expect(starts).not.toContain('2026-04-01T15:00:00.000Z')
  })

  it("shows the call's current time in the inbox after a move, and that it is cancelled after a cancel", async () => {
    const booked = await bookOk('2026-04-15T13:00:00.000Z', 60, { message: 'About my shop' })
    const inquiry = async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/api/messages/admin?q=${encodeURIComponent(booked.email)}`,
        headers: admin,
      })
      const found = MessagesPageSchema.parse(res.json()).messages.find(
        (m) => m.email === booked.email,
      )
      expect(found).toBeDefined()
      return found!
    }
    expect((await inquiry()).subject).toBe(
      'Call booked: Wednesday 15 April 2026, 13:00–14:00 (UTC)',
    )

    const moved = await app.inject({
      method: 'POST',
      url: `/api/booking/${booked.token}/reschedule`,
      payload: { start: '2026-04-15T16:00:00.000Z' },
    })
    expect(moved.statusCode).toBe(200)
    const afterMove = await inquiry()
    expect(afterMove.subject).toBe('Call booked: Wednesday 15 April 2026, 16:00–17:00 (UTC)')
    expect(afterMove.message.split('\n')[0]).toBe(
      `${booked.name} booked a 60-minute call: Wednesday 15 April 2026, 16:00–17:00 (UTC).`,
    )
    expect(afterMove.message).not.toContain('13:00')
    expect(afterMove.message).toContain('About my shop')

    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/booking/${booked.token}/cancel`,
    })
    expect(cancelled.statusCode).toBe(200)
    expect((await inquiry()).subject).toBe(
      'Call cancelled: Wednesday 15 April 2026, 16:00–17:00 (UTC)',
    )
  })

  it('lists the times a booking can move to, its own time and buffer no obstacle', async () => {
    await saveBooking({
      timeZone: 'UTC',
      weekly: { ...none, wed: [{ start: '13:00', end: '17:00' }] },
      durations: [60],
      bufferMinutes: 15,
      minNoticeHours: 0,
      location: 'Studio, 12 Harbour Street',
    })
    const booked = await bookOk('2026-04-08T14:00:00.000Z', 60)
    const day = 'from=2026-04-08&to=2026-04-08'
    expect(await slotStarts(day)).toEqual(['2026-04-08T16:00:00.000Z'])
    expect(await slotStarts(`${day}&token=${booked.token}`)).toEqual([
      '2026-04-08T13:00:00.000Z',
      '2026-04-08T14:00:00.000Z',
      '2026-04-08T15:00:00.000Z',
      '2026-04-08T16:00:00.000Z',
    ])
    expectError(await getSlots(`${day}&token=unknown`), 404)
    const moved = await app.inject({
      method: 'POST',
      url: `/api/booking/${booked.token}/reschedule`,
      payload: { start: '2026-04-08T15:00:00.000Z' },
    })
    expect(moved.statusCode).toBe(200)
    await saveBooking({
      timeZone: 'UTC',
      weekly: { ...none, wed: [{ start: '13:00', end: '17:00' }] },
      durations: [60],
      bufferMinutes: 0,
      minNoticeHours: 0,
      location: 'Studio, 12 Harbour Street',
    })
  })

  it('refuses a move to a time that is not free (409)', async () => {
    const first = await bookOk('2026-03-25T15:00:00.000Z', 60)
    const second = await bookOk('2026-03-25T16:00:00.000Z', 60)
    const moveTo = (start: string) =>
      app.inject({
        method: 'POST',
        url: `/api/booking/${second.token}/reschedule`,
        payload: { start },
      })
    expectError(await moveTo(first.start), 409)
    expectError(await moveTo('2026-03-25T16:30:00.000Z'), 409)
    expectError(await moveTo('soon'), 400, /^start: /)
    // Its own time is free to it.
    expect((await moveTo(second.start)).statusCode).toBe(200)
  })

  it('cancels it: CANCEL to both with the same UID and SEQUENCE + 1, the slot is free again, and it cannot be moved', async () => {
    const booked = await bookOk('2026-04-01T13:00:00.000Z', 60)
    await mailAbout(booked.email, booked._id, 'Call booked')
    const res = await app.inject({ method: 'POST', url: `/api/booking/${booked.token}/cancel` })
    expect(res.statusCode).toBe(200)
    expect(ManagedBookingResponseSchema.parse(res.json()).booking).toMatchObject({
      status: 'cancelled',
      isChangeable: false,
    })
    for (const to of [booked.email, OWNER]) {
      const mail = await mailAbout(to, booked._id, 'Call cancelled')
      const { method, calendarMethod, event } = calendarOf(mail)
      expect(method).toBe('CANCEL')
      expect(calendarMethod).toBe('CANCEL')
      expect(event.uid).toBe(`${booked._id}@site.test`)
      expect(Number(event.sequence)).toBe(1)
    }
    expect(await slotStarts('from=2026-04-01&to=2026-04-01&duration=60')).toContain(
      '2026-04-01T13:00:00.000Z',
    )
    expectError(
      await app.inject({
        method: 'POST',
        url: `/api/booking/${booked.token}/reschedule`,
        payload: { start: '2026-04-01T14:00:00.000Z' },
      }),
      409,
    )
    expectError(
      await app.inject({ method: 'POST', url: `/api/booking/${booked.token}/cancel` }),
      409,
    )
    expectError(await app.inject({ method: 'POST', url: '/api/booking/unknown-token/cancel' }), 404)
  })
})

describe('GET /api/booking/admin and the feed', () => {
  beforeAll(async () => {
    nowMs = Date.parse('2026-03-20T12:00:00Z')
    await saveBooking({
      timeZone: 'UTC',
      weekly: { ...none, thu: [{ start: '09:00', end: '12:00' }] },
      durations: [60],
      bufferMinutes: 0,
      minNoticeHours: 0,
    })
  })

  it('lists the upcoming calls soonest first for the admin only', async () => {
    const later = await bookOk('2026-03-26T11:00:00.000Z', 60)
    const sooner = await bookOk('2026-03-26T09:00:00.000Z', 60)
    const res = await app.inject({
      method: 'GET',
      url: '/api/booking/admin?upcoming=true',
      headers: admin,
    })
    expect(res.statusCode).toBe(200)
    const ids = AdminBookingsSchema.parse(res.json()).bookings.map((b) => b._id)
    expect(ids.indexOf(sooner._id)).toBeLessThan(ids.indexOf(later._id))
    expect(ids).toContain(later._id)
    nowMs = Date.parse('2026-03-26T10:30:00Z')
    const afterFirst = AdminBookingsSchema.parse(
      (
        await app.inject({ method: 'GET', url: '/api/booking/admin?upcoming=true', headers: admin })
      ).json(),
    ).bookings.map((b) => b._id)
    expect(afterFirst).toContain(later._id)
    expect(afterFirst).not.toContain(sooner._id)
    expectError(await app.inject({ method: 'GET', url: '/api/booking/admin' }), 401)
    expectError(await app.inject({ method: 'GET', url: '/api/booking/admin', headers: user }), 403)
  })

  it('gives the admin a secret feed address; the feed lists confirmed bookings, a wrong key 404', async () => {
    nowMs = Date.parse('2026-03-20T12:00:00Z')
    expectError(await app.inject({ method: 'GET', url: '/api/booking/feed' }), 401)
    expectError(await app.inject({ method: 'GET', url: '/api/booking/feed', headers: user }), 403)
    const res = await app.inject({ method: 'GET', url: '/api/booking/feed', headers: admin })
    const { url } = BookingFeedSchema.parse(res.json())
    expect(url).toMatch(/^http:\/\/site\.test\/api\/booking\/feed\/[\w-]{20,}\.ics$/)
    const again = BookingFeedSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/booking/feed', headers: admin })).json(),
    )
    expect(again.url).toBe(url)

    const booked = await bookOk('2026-03-26T10:00:00.000Z', 60)
    const path = new URL(url).pathname
    const feed = await app.inject({ method: 'GET', url: path })
    expect(feed.statusCode).toBe(200)
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/)
    const events = Object.values(nodeIcal.sync.parseICS(feed.body)).filter(
      (c) => c?.type === 'VEVENT',
    )
    expect(events.map((e) => (e as VEvent).uid)).toContain(`${booked._id}@site.test`)

    expectError(await app.inject({ method: 'GET', url: `${path.slice(0, -8)}xxxx.ics` }), 404)
    expectError(await app.inject({ method: 'GET', url: '/api/booking/feed/nothing' }), 404)

    const rotated = BookingFeedSchema.parse(
      (
        await app.inject({ method: 'POST', url: '/api/booking/feed/rotate', headers: admin })
      ).json(),
    )
    expect(rotated.url).not.toBe(url)
    expectError(await app.inject({ method: 'GET', url: path }), 404)
    expect(
      (await app.inject({ method: 'GET', url: new URL(rotated.url).pathname })).statusCode,
    ).toBe(200)
  })
})

describe('the reminder', () => {
  it('goes to both sides once, 24 hours before the call', async () => {
    nowMs = Date.parse('2026-03-20T12:00:00Z')
    await saveBooking({
      timeZone: 'UTC',
      weekly: { ...none, fri: [{ start: '09:00', end: '10:00' }] },
      durations: [60],
      bufferMinutes: 0,
      minNoticeHours: 0,
    })
    const booked = await bookOk('2026-03-27T09:00:00.000Z', 60)
    await mailAbout(booked.email, booked._id, 'Call booked')
    nowMs = Date.parse('2026-03-26T08:59:00Z')
    expect(await app.services.booking.sendDueReminders()).toBe(0)
    nowMs = Date.parse('2026-03-26T09:00:00Z')
    expect(await app.services.booking.sendDueReminders()).toBe(1)
    expect(await app.services.booking.sendDueReminders()).toBe(0)
    for (const to of [booked.email, OWNER]) {
      const reminders = smtp.mailsTo(to).filter((m) => m.subject.startsWith('Reminder'))
      expect(reminders).toHaveLength(1)
      expect(reminders[0]!.text).toContain(
        `Friday 27 March 2026, 09:00–10:00 (${to === OWNER ? 'UTC' : 'Europe/Lisbon'})`,
      )
      expect(reminders[0]!.parsed.attachments).toEqual([])
    }
  })
})

describe('POST /api/booking limits', () => {
  it('takes at most 3 bookings from one address in an hour (429 after)', async () => {
    const limited = await createTestApp({
      env: { RATE_LIMIT_SCALE: '1' },
      now: () => new Date(Date.parse('2026-03-20T12:00:00Z')),
    })
    try {
      const headers = (await asAdmin(limited)).headers
      const current = SiteSettingsSchema.parse(
        (await limited.inject({ method: 'GET', url: '/api/settings', headers })).json(),
      )
      const hours = [{ start: '09:00', end: '17:00' }]
      await limited.inject({
        method: 'PUT',
        url: '/api/settings',
        headers,
        payload: {
          ...current,
          booking: {
            ...BOOKING_DEFAULTS,
            enabled: true,
            weekly: { ...none, mon: hours },
            durations: [60],
            bufferMinutes: 0,
          },
        },
      })
      const post = (hour: number) =>
        limited.inject({
          method: 'POST',
          url: '/api/booking',
          remoteAddress: '198.51.100.7',
          payload: {
            start: `2026-03-23T${String(hour).padStart(2, '0')}:00:00.000Z`,
            duration: 60,
            timeZone: 'UTC',
            ...visitor(),
          },
        })
      // A refused post (a time not free) does not use up the allowance.
      expectError(await post(3), 409)
      for (const hour of [9, 10, 11]) expect((await post(hour)).statusCode).toBe(201)
      expectError(await post(12), 429, /^Too many/)
    } finally {
      await limited.cleanup()
    }
  })
})
