/**
 * Booking a call: a visitor in New York books a time shown on their own clocks while the owner's
 * hours are in Berlin, with and without JavaScript; the manage page moves and cancels the call; the
 * pages fit a phone and a laptop and pass the accessibility scan. The free times come from the
 * site's own slots API, so the expectations follow the clock the server runs on.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import type { AdminBookings, BookingCreated, BookingSlots } from '#common/schemas/booking.ts'
import type { SiteSettings } from '#common/schemas/settings.ts'
import {
  formatDay,
  formatShortDay,
  formatTime,
  zonedParts,
  type Slot,
} from '#app/features/booking/booking-time.ts'
import { adminHeaders, uniqueContact, uniqueId } from './support/api.ts'
import { e2eNow } from './support/e2e-env.ts'
import {
  chooseUnlistedOption,
  expect,
  expectNoA11yViolations,
  expectToast,
  newNoJsPage,
  screenshotBoth,
  signInAsAdmin,
  test,
  waitUntilInteractive,
} from './support/fixtures.ts'

const OWNER_ZONE = 'Europe/Berlin'
const VISITOR_ZONE = 'America/New_York'
const DURATION = 30
const EVERY_DAY = [{ start: '07:00', end: '21:00' }]

// Each test books its own slot of the shared calendar: one at a time, so two never take the same.
test.describe.configure({ mode: 'serial' })

async function openBooking(request: APIRequestContext) {
  const headers = await adminHeaders(request)
  const current = await request.get('/api/settings', { headers })
  expect(current.status()).toBe(200)
  const settings = (await current.json()) as SiteSettings
  const res = await request.put('/api/settings', {
    headers,
    data: {
      ...settings,
      booking: {
        enabled: true,
        timeZone: OWNER_ZONE,
        durations: [DURATION, 60],
        weekly: {
          mon: EVERY_DAY,
          tue: EVERY_DAY,
          wed: EVERY_DAY,
          thu: EVERY_DAY,
          fri: EVERY_DAY,
          sat: EVERY_DAY,
          sun: EVERY_DAY,
        },
        bufferMinutes: 0,
        minNoticeHours: 2,
        horizonDays: 40,
        location: 'https://meet.example.com/alex',
        busyCalendarUrl: null,
      },
    },
  })
  expect(res.status(), await res.text()).toBe(200)
}

const dateIn = (days: number) => new Date(e2eNow() + days * 86_400_000).toISOString().slice(0, 10)

/** The free slots of the next three weeks, as the API lists them. */
async function freeSlots(request: APIRequestContext): Promise<Slot[]> {
  const res = await request.get(
    `/api/booking/slots?from=${dateIn(0)}&to=${dateIn(20)}&duration=${DURATION}`,
  )
  expect(res.status(), await res.text()).toBe(200)
  const { slots } = (await res.json()) as BookingSlots
  expect(slots.length).toBeGreaterThan(10)
  return slots
}

/** A free slot a few days ahead (so not today's, which the notice may take), the `nth` of its day. */
async function slotAhead(request: APIRequestContext, nth: number): Promise<Slot> {
  const slots = await freeSlots(request)
  const day = zonedParts(slots[0]!.start, VISITOR_ZONE).date
  const later = slots.filter((slot) => zonedParts(slot.start, VISITOR_ZONE).date > day)
  return later[nth]!
}

/** The visitor's calendar: to the slot's month, its day, and its time button, in `zone`. */
async function pickSlot(page: Page, slot: Slot, zone: string) {
  const { date } = zonedParts(slot.start, zone)
  // Exact: "Thursday, December 3" is the start of "Thursday, December 31".
  const day = page.getByRole('link', { name: dayLinkName(date), exact: true })
  // A choice swaps the picker in place: look at it only once the swap is done.
  const settled = () => expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await settled()
  // The month shown may be the one before the slot's.
  if (!(await day.isVisible())) {
    await page.getByRole('link', { name: 'Next month' }).click()
    await settled()
  }
  await day.click()
  await expect(
    page.getByRole('heading', { level: 2, name: formatShortDay(date), exact: true }),
  ).toBeVisible()
  await page.getByRole('button', { name: formatTime(slot.start, zone), exact: true }).click()
}

/** "9:00 AM – 9:30 AM": whole, since "1:00 PM" alone is a part of "11:00 PM". */
const timeRange = (slot: Slot, zone: string) =>
  `${formatTime(slot.start, zone)} – ${formatTime(slot.end, zone)}`

/** "Thursday, December 3": a free day's link as the calendar names it. */
const dayLinkName = (date: string) => formatDay(date).replace(/, \d{4}$/, '')

function visitor() {
  const id = uniqueId()
  return { name: `Robin Booker ${id}`, email: `booker-${id}@example.com` }
}

async function fillDetails(page: Page, person: { name: string; email: string }) {
  await page.getByLabel('Name', { exact: true }).fill(person.name)
  await page.getByLabel('Email', { exact: true }).fill(person.email)
  await page.getByLabel('Message (optional)').fill('A new shop for my bakery.')
  await page.getByRole('button', { name: 'Confirm booking' }).click()
}

async function expectConfirmation(page: Page, slot: Slot, zone: string) {
  await expect(page.getByRole('heading', { level: 1, name: /Your call is booked/ })).toBeVisible()
  const main = page.getByRole('main')
  await expect(main).toContainText(formatDay(zonedParts(slot.start, zone).date))
  await expect(main).toContainText(timeRange(slot, zone))
  await expect(main).toContainText('An invitation is on its way')
  await expect(main).toContainText('https://meet.example.com/alex')
  await expect(page.getByRole('link', { name: 'Manage your booking' })).toHaveAttribute(
    'href',
    /\/booking\/[\w-]+$/,
  )
}

async function upcoming(request: APIRequestContext) {
  const res = await request.get('/api/booking/admin?upcoming=true', {
    headers: await adminHeaders(request),
  })
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as AdminBookings).bookings
}

async function bookApi(request: APIRequestContext, slot: Slot) {
  const person = visitor()
  const res = await request.post('/api/booking', {
    data: { start: slot.start, duration: DURATION, timeZone: VISITOR_ZONE, ...person },
  })
  expect(res.status(), await res.text()).toBe(201)
  return { ...person, ...((await res.json()) as BookingCreated).booking }
}

test.beforeAll(async ({ request }) => {
  await openBooking(request)
})

test.describe('a visitor in New York', () => {
  test.use({ timezoneId: VISITOR_ZONE })

  test('books a time shown on their own clocks, and the owner sees the same instant', async ({
    page,
    request,
  }) => {
    const slot = await slotAhead(request, 0)
    const person = visitor()
    await page.goto('/book')
    await waitUntilInteractive(page)
    // The page finds the visitor's zone and shows the times in it.
    await expect(page.getByLabel('Time zone')).toHaveValue(VISITOR_ZONE)
    await expect(page.getByText(/Times in America\/New York/)).toBeVisible()
    await pickSlot(page, slot, VISITOR_ZONE)
    await fillDetails(page, person)
    await expectConfirmation(page, slot, VISITOR_ZONE)

    const booked = (await upcoming(request)).find((booking) => booking.email === person.email)
    expect(booked?.start).toBe(slot.start)
    expect(booked?.timeZone).toBe(VISITOR_ZONE)

    // The owner's Booking screen lists it at the same instant, on Berlin's clocks.
    await signInAsAdmin(page, request)
    await page.goto('/admin/booking')
    const row = page.getByRole('listitem').filter({ hasText: person.name })
    await expect(row).toContainText(formatTime(slot.start, OWNER_ZONE))
    await expect(row).toContainText(formatDay(zonedParts(slot.start, OWNER_ZONE).date))
  })

  test('is told when the time was taken meanwhile and sees the fresh times', async ({
    page,
    request,
  }) => {
    const slot = await slotAhead(request, 2)
    await page.goto('/book')
    await waitUntilInteractive(page)
    await expect(page.getByLabel('Time zone')).toHaveValue(VISITOR_ZONE)
    await pickSlot(page, slot, VISITOR_ZONE)
    await bookApi(request, slot)
    await fillDetails(page, visitor())
    await expect(page.getByRole('alert')).toContainText('That time was just taken')
    await expect(
      page.getByRole('button', { name: formatTime(slot.start, VISITOR_ZONE), exact: true }),
    ).toHaveCount(0)
  })
})

test('books without JavaScript, choosing the zone from the select', async ({
  browser,
  request,
}) => {
  const slot = await slotAhead(request, 4)
  const person = visitor()
  const { context, page } = await newNoJsPage(browser)
  try {
    await page.goto('/book')
    // Without JavaScript the page starts on the owner's zone.
    await expect(page.getByLabel('Time zone')).toHaveValue(OWNER_ZONE)
    await page.getByLabel('Time zone').selectOption(VISITOR_ZONE)
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page.getByLabel('Time zone')).toHaveValue(VISITOR_ZONE)
    await pickSlot(page, slot, VISITOR_ZONE)
    // A field the server refuses (a name of spaces passes the browser's own check) is named beside
    // it, and the rest is kept.
    await page.getByLabel('Name', { exact: true }).fill('   ')
    await page.getByLabel('Email', { exact: true }).fill(person.email)
    await page.getByRole('button', { name: 'Confirm booking' }).click()
    await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('Name is required')).toBeVisible()
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(person.email)
    await fillDetails(page, person)
    await expectConfirmation(page, slot, VISITOR_ZONE)
    const booked = (await upcoming(request)).find((booking) => booking.email === person.email)
    expect(booked?.start).toBe(slot.start)
  } finally {
    await context.close()
  }
})

test.describe('an answer the owner no longer lists', () => {
  test.use({ timezoneId: VISITOR_ZONE })
  const NOT_LISTED = 'Project type must be one of the listed options'

  async function sendUnlisted(page: Page, slot: Slot, zone: string) {
    await pickSlot(page, slot, zone)
    const person = visitor()
    await page.getByLabel('Name', { exact: true }).fill(person.name)
    await page.getByLabel('Email', { exact: true }).fill(person.email)
    await chooseUnlistedOption(page.getByLabel('Project type (optional)'), 'A castle')
    await page.getByRole('button', { name: 'Confirm booking' }).click()
    const field = page.getByLabel('Project type (optional)')
    await expect(field).toHaveAccessibleDescription(NOT_LISTED)
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(person.email)
    return person
  }

  test('is refused on its field by the service, with JavaScript', async ({ page, request }) => {
    const slot = await slotAhead(request, 6)
    await page.goto('/book')
    await waitUntilInteractive(page)
    await expect(page.getByLabel('Time zone')).toHaveValue(VISITOR_ZONE)
    const person = await sendUnlisted(page, slot, VISITOR_ZONE)
    await expect(page.getByLabel('Project type (optional)')).toBeFocused()
    expect((await upcoming(request)).some((booking) => booking.email === person.email)).toBe(false)
  })

  test('is refused on its field by the service, without JavaScript', async ({
    browser,
    request,
  }) => {
    const slot = await slotAhead(request, 6)
    const { context, page } = await newNoJsPage(browser)
    try {
      await page.goto('/book')
      const person = await sendUnlisted(page, slot, OWNER_ZONE)
      expect((await upcoming(request)).some((booking) => booking.email === person.email)).toBe(
        false,
      )
    } finally {
      await context.close()
    }
  })
})

test.describe('the manage page', () => {
  test.use({ timezoneId: VISITOR_ZONE })

  test('moves the call to another time, then cancels it', async ({ page, request }) => {
    const [first, second] = [await slotAhead(request, 6), await slotAhead(request, 8)]
    const booking = await bookApi(request, first!)
    await page.goto(new URL(booking.manageUrl).pathname)
    await waitUntilInteractive(page)
    await expect(page.getByText('Confirmed')).toBeVisible()
    await expect(page.getByRole('main')).toContainText(timeRange(first!, VISITOR_ZONE))

    await page.getByRole('link', { name: 'Reschedule' }).click()
    await pickSlot(page, second!, VISITOR_ZONE)
    await page.getByRole('button', { name: 'Confirm new time' }).click()
    await expect(page.getByText('Your call is moved')).toBeVisible()
    await expect(page.getByRole('main')).toContainText(timeRange(second!, VISITOR_ZONE))
    const moved = (await upcoming(request)).find((b) => b._id === booking._id)
    expect(moved?.start).toBe(second!.start)

    await page.getByRole('link', { name: 'Cancel booking' }).click()
    await expect(page.getByRole('heading', { name: 'Cancel this call?' })).toBeVisible()
    await page.getByRole('button', { name: 'Yes, cancel the call' }).click()
    await expect(page.getByText('Your call is cancelled.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Book a new call' })).toHaveAttribute(
      'href',
      '/book',
    )
    expect((await upcoming(request)).some((b) => b._id === booking._id)).toBe(false)
  })

  test('cancels without JavaScript too', async ({ browser, request }) => {
    const booking = await bookApi(request, await slotAhead(request, 10))
    const { context, page } = await newNoJsPage(browser)
    try {
      await page.goto(new URL(booking.manageUrl).pathname)
      await page.getByRole('link', { name: 'Cancel booking' }).click()
      await page.getByRole('button', { name: 'Yes, cancel the call' }).click()
      await expect(page.getByText('Your call is cancelled.')).toBeVisible()
      await expect(page.getByText('Cancelled', { exact: true })).toBeVisible()
    } finally {
      await context.close()
    }
  })

  test('answers 404 to a wrong link', async ({ page }) => {
    const response = await page.goto('/booking/no-such-booking-token')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Booking not found' })).toBeVisible()
  })
})

test.describe('the booking pages', () => {
  test.use({ timezoneId: VISITOR_ZONE })

  for (const width of [390, 1366]) {
    test(`fit a ${width} px screen without scrolling sideways`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 900 })
      const booking = await bookApi(request, await slotAhead(request, 12))
      for (const path of [
        '/book',
        new URL(booking.manageUrl).pathname,
        `${new URL(booking.manageUrl).pathname}?step=reschedule`,
      ]) {
        await page.goto(path)
        await waitUntilInteractive(page)
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        )
        expect(overflow, path).toBeLessThanOrEqual(0)
      }
    })
  }

  test('pass the accessibility scan', async ({ page, request }) => {
    const booking = await bookApi(request, await slotAhead(request, 14))
    const manage = new URL(booking.manageUrl).pathname
    const chosen = await slotAhead(request, 16)
    const details = `/book?timeZone=${encodeURIComponent(VISITOR_ZONE)}&day=${zonedParts(chosen.start, VISITOR_ZONE).date}&start=${encodeURIComponent(chosen.start)}`
    for (const path of [
      '/book',
      details,
      manage,
      `${manage}?step=reschedule`,
      `${manage}?step=cancel`,
    ]) {
      await test.step(path, async () => {
        await page.goto(path)
        await waitUntilInteractive(page)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expectNoA11yViolations(page)
      })
    }
    await page.goto('/book')
    await screenshotBoth(page, 'public-book')
    await page.goto(manage)
    await screenshotBoth(page, 'public-booking-manage')
  })
})

test('the owner cancels a call from the Booking screen, and saving the screen keeps the hours', async ({
  page,
  request,
}) => {
  const booking = await bookApi(request, await slotAhead(request, 18))
  const before = ((await (await request.get('/api/settings')).json()) as SiteSettings).booking
  await signInAsAdmin(page, request)
  await page.goto('/admin/booking')
  await expect(page.getByRole('heading', { level: 1, name: 'Booking' })).toBeVisible()
  await expect(page.getByLabel('Time zone')).toHaveValue(OWNER_ZONE)
  await expect(page.getByLabel('Feed address')).toHaveValue(/\/api\/booking\/feed\/[\w-]+\.ics$/)

  await page.getByRole('button', { name: `Cancel the call with ${booking.name}` }).click()
  await page
    .getByRole('dialog')
    .getByRole('button', { name: 'Cancel the call', exact: true })
    .click()
  await expectToast(page, 'Call cancelled')
  await expect(page.getByText(booking.email)).toHaveCount(0)
  expect((await upcoming(request)).some((b) => b._id === booking._id)).toBe(false)

  await page.getByRole('button', { name: 'Save booking settings' }).click()
  await expectToast(page, 'Booking settings saved successfully')
  const after = ((await (await request.get('/api/settings')).json()) as SiteSettings).booking
  expect(after).toEqual(before)
})

test('the contact confirmation offers a call while booking is on', async ({ browser }) => {
  const contact = uniqueContact('Booker')
  const { context, page } = await newNoJsPage(browser)
  try {
    await page.goto('/contact')
    const form = page.getByRole('form', { name: 'Contact form' })
    await form.getByLabel('Full name').fill(contact.fullName)
    await form.getByLabel('Email').fill(contact.email)
    await form.getByLabel('Subject').fill(contact.subject)
    await form.getByLabel('Message').fill(contact.message)
    await form.getByRole('button', { name: 'Send message' }).click()
    await expect(form.getByRole('link', { name: 'Book a call' })).toHaveAttribute('href', '/book')
    await form.getByRole('link', { name: 'Book a call' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Book a call' })).toBeVisible()
    await expect(page.getByLabel('Time zone')).toBeVisible()
  } finally {
    await context.close()
  }
})

test("the Booking screen's Copy to all gives a day's hours only to the days that are on", async ({
  page,
  request,
}) => {
  await signInAsAdmin(page, request)
  await page.goto('/admin/booking')
  const hours = page.getByRole('group', { name: 'Weekly hours' })
  await hours.getByRole('checkbox', { name: 'Sunday' }).uncheck()
  await expect(hours.getByRole('listitem').filter({ hasText: 'Sunday' })).toContainText(
    'Unavailable',
  )
  await hours.getByLabel('Monday block 1 from').fill('10:00')
  await hours.getByLabel('Monday block 1 to').fill('12:30')
  await hours.getByRole('button', { name: 'Copy to all days that are on, from Monday' }).click()

  for (const day of ['Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
    await expect(hours.getByLabel(`${day} block 1 from`)).toHaveValue('10:00')
    await expect(hours.getByLabel(`${day} block 1 to`)).toHaveValue('12:30')
  }
  // The day set unavailable stays off.
  await expect(hours.getByRole('checkbox', { name: 'Sunday' })).not.toBeChecked()
  await expect(hours.getByLabel('Sunday block 1 from')).toHaveCount(0)
  await expect(hours.getByRole('listitem').filter({ hasText: 'Sunday' })).toContainText(
    'Unavailable',
  )
})

test('a message longer than a few words stays until it is dismissed; a brief one closes by itself', async ({
  page,
  request,
}) => {
  await page.clock.install()
  await signInAsAdmin(page, request)
  await page.goto('/admin/booking')
  await expect(page.getByLabel('Feed address')).toHaveValue(/\.ics$/)

  await page.getByRole('button', { name: 'Save booking settings' }).click()
  const brief = page.getByText('Booking settings saved successfully', { exact: true })
  await expect(brief).toBeVisible()
  await page.clock.runFor(2_000)
  await expect(brief).toHaveCount(0)

  await page.getByRole('button', { name: 'Make a new address' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Make a new address' }).click()
  const lasting = page.getByText('New feed address made; the old one no longer works', {
    exact: true,
  })
  await expect(lasting).toBeVisible()
  await page.clock.runFor(60_000)
  await expect(lasting).toBeVisible()
  await page.getByRole('button', { name: 'Dismiss' }).click()
  await expect(lasting).toHaveCount(0)
})
