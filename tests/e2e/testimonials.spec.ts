/**
 * Testimonials from asking to showing: the owner asks a client (from a message in the inbox, or
 * from the Testimonials screen), the client writes one through the mailed link (with JavaScript or
 * without), the owner approves, edits, reorders or deletes it, and approved ones show on the home
 * page and on their project's page with schema.org Review data.
 */
import path from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'
import sharp from 'sharp'
import { PAGE_FORM_MAX_BYTES, UPLOAD_MAX_BYTES } from '#common/constants.ts'
import type { Message } from '#common/schemas/messages.ts'
import { ROOT_DIR } from '#server/lib/paths.ts'
import type { AdminTestimonialList } from '#common/schemas/testimonials.ts'
import {
  adminHeaders,
  adminListPageOf,
  createWebsiteApi,
  deleteWebsiteApi,
  postContactApi,
  uniqueContact,
  uniqueId,
  uniqueWebsiteFields,
} from './support/api.ts'
import { E2E_BASE_URL } from './support/e2e-env.ts'
import {
  expect,
  expectNoA11yViolations,
  expectToast,
  jsonLdNodesOf,
  newNoJsPage,
  signInAsAdmin,
  test,
  waitForMailTo,
  waitUntilInteractive,
} from './support/fixtures.ts'

const PHOTO = path.join(ROOT_DIR, 'tests', 'fixtures', 'image.png')
const NOT_AN_IMAGE = path.join(ROOT_DIR, 'tests', 'fixtures', 'not-an-image.png')
const UPLOADED = /^\/uploads\/[a-f0-9]+\.webp$/
/** Noise keeps a generated PNG from compressing: it weighs more than a form's whole text. */
const NOISE = { type: 'gaussian', mean: 128, sigma: 40 } as const

interface Review {
  '@type': string
  reviewBody: string
  itemReviewed: Record<string, unknown>
  author: { '@type': string; name: string }
  reviewRating?: { ratingValue: number; bestRating: number }
}

/** The link in the request mail to `email`. */
async function mailedLink(email: string): Promise<string> {
  const mail = await waitForMailTo(email)
  expect(mail.subject).toMatch(/^Would you share a few words about working with /)
  const link = /https?:\/\/\S+\/testimonial\/[\w-]+/.exec(mail.text)?.[0]
  expect(link, mail.text).toBeDefined()
  expect(link!.startsWith(`${E2E_BASE_URL}/testimonial/`)).toBe(true)
  expect(mail.html).toContain(`href="${link}"`)
  return link!
}

async function requestApi(request: APIRequestContext, data: Record<string, unknown>) {
  const res = await request.post('/api/testimonials/requests', {
    headers: await adminHeaders(request),
    data,
  })
  expect(res.status(), await res.text()).toBe(201)
}

async function adminTestimonials(request: APIRequestContext) {
  const res = await request.get('/api/testimonials/admin', { headers: await adminHeaders(request) })
  expect(res.status()).toBe(200)
  return ((await res.json()) as AdminTestimonialList).testimonials
}

async function deleteByText(request: APIRequestContext, text: string) {
  const headers = await adminHeaders(request)
  for (const testimonial of await adminTestimonials(request)) {
    if (testimonial.text !== text) continue
    const res = await request.delete(`/api/testimonials/${testimonial._id}`, { headers })
    expect([200, 404]).toContain(res.status())
  }
}

/** The schema.org Reviews in the page's structured data. */
const reviewsIn = (page: Page) => jsonLdNodesOf<Review>(page, 'Review')

/** A testimonial shown on a public page: the figure holding its words. */
const figureWith = (page: Page, text: string) =>
  page.getByRole('figure').filter({ has: page.getByRole('blockquote').filter({ hasText: text }) })

/** An entry of the admin's Testimonials list. */
const adminEntry = (page: Page, text: string) =>
  page.getByRole('list', { name: 'Testimonials' }).getByRole('listitem').filter({ hasText: text })

async function fillTestimonial(
  page: Page,
  fields: { role: string; company: string; text: string; rating: string },
) {
  await page.getByLabel('Role', { exact: true }).fill(fields.role)
  await page.getByLabel('Company', { exact: true }).fill(fields.company)
  await page.getByLabel('Testimonial', { exact: true }).fill(fields.text)
  await page.getByRole('radio', { name: fields.rating }).check()
}

test('the owner asks the sender of a message, the client writes a testimonial, and once approved it shows on the home page', async ({
  page,
  request,
  browser,
}) => {
  const message = await postContactApi(request, uniqueContact('Testimonial'))
  const text = `Clear plans, a fast site and calls from new customers (${uniqueId()}).`
  try {
    await signInAsAdmin(page, request)
    await test.step('request it from the inbox', async () => {
      await expect(async () => {
        const listPage = await adminListPageOf<Message>(
          request,
          'messages',
          (m) => m._id === message._id,
        )
        await page.goto(`/admin/messages?page=${listPage}`)
        await page
          .getByRole('button', { name: `Reply to ${message.fullName}` })
          .click({ timeout: 2_000 })
      }).toPass()
      const panel = page.getByRole('region', { name: 'Reply Email to the sender' })
      await panel.getByRole('button', { name: 'Request a testimonial' }).click()
      await expectToast(page, `Testimonial request sent to ${message.email}`)
      await panel.getByRole('button', { name: 'Close' }).click()
    })

    const link = await mailedLink(message.email)
    const client = await browser.newContext({ baseURL: E2E_BASE_URL })
    try {
      const form = await client.newPage()
      await test.step('the client writes it', async () => {
        const response = await form.goto(link)
        expect(response?.status()).toBe(200)
        await waitUntilInteractive(form)
        await expect(form.getByRole('heading', { level: 1 })).toHaveText('Write a testimonial')
        await expect(form.getByText(`Hello ${message.fullName},`)).toBeVisible()
        await expect(form.getByLabel('Name', { exact: true })).toHaveValue(message.fullName)
        await expectNoA11yViolations(form)
        await fillTestimonial(form, {
          role: 'Owner',
          company: 'Corner Bakery',
          text,
          rating: '5 out of 5',
        })
        await form.getByLabel('Photo or logo').setInputFiles(PHOTO)
        await form.getByRole('button', { name: 'Send testimonial' }).click()
        await expect(form.getByRole('heading', { level: 1 })).toHaveText('Thank you!')
        await expect(form.getByRole('main').getByRole('status')).toContainText(
          'Thank you! Your testimonial was sent.',
        )
      })

      await test.step('the link works once', async () => {
        const again = await form.goto(link)
        expect(again?.status()).toBe(410)
        await expect(form.getByRole('heading', { level: 1 })).toHaveText(
          'This link is no longer valid',
        )
        await expect(form.getByText('This testimonial link was already used')).toBeVisible()
        await expectNoA11yViolations(form)
      })
    } finally {
      await client.close()
    }

    await test.step('pending, it is nowhere public', async () => {
      await page.goto('/')
      await expect(page.getByRole('heading', { level: 2, name: 'Recent work' })).toBeVisible()
      await expect(figureWith(page, text)).toHaveCount(0)
      expect((await reviewsIn(page)).map((review) => review.reviewBody)).not.toContain(text)
    })

    await test.step('the owner approves it', async () => {
      await page.goto('/admin/testimonials')
      const entry = adminEntry(page, text)
      await expect(entry.getByText('Pending', { exact: true })).toBeVisible()
      await expect(entry).toContainText(message.email)
      await expect(
        entry.getByRole('img', { name: `Portrait or logo of ${message.fullName}` }),
      ).toBeVisible()
      await entry
        .getByRole('button', { name: `Approve the testimonial from ${message.fullName}` })
        .click()
      await expectToast(page, 'Testimonial approved')
      await expect(entry.getByText('Approved', { exact: true })).toBeVisible()
    })

    await test.step('it shows on the home page with its Review data', async () => {
      await page.goto('/')
      const figure = figureWith(page, text)
      await expect(figure).toBeVisible()
      await expect(figure.locator('figcaption')).toHaveText(
        `${message.fullName}, Owner, Corner Bakery`,
      )
      await expect(figure.getByText('Rated 5 out of 5')).toBeAttached()
      const photo = figure.getByRole('img', { name: `Portrait or logo of ${message.fullName}` })
      await photo.scrollIntoViewIfNeeded()
      await expect(photo).toBeVisible()
      expect(await photo.getAttribute('src')).toMatch(UPLOADED)
      // Round, and loaded: a real image, not a broken one.
      expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
      await expect(photo).toHaveCSS('border-radius', /px|%/)
      const review = (await reviewsIn(page)).find((r) => r.reviewBody === text)
      expect(review).toMatchObject({
        itemReviewed: { '@type': 'ProfessionalService' },
        author: { '@type': 'Person', name: message.fullName },
        reviewRating: { ratingValue: 5, bestRating: 5 },
      })
    })
  } finally {
    await deleteByText(request, text)
  }
})

test('a photo over the limit is refused as it is chosen, before a byte is sent, and the words stay', async ({
  page,
  request,
}) => {
  const email = `client-${uniqueId()}@example.com`
  const text = `Kept while the photo is changed (${uniqueId()}).`
  await requestApi(request, { name: 'Large Photo Client', email })
  const link = await mailedLink(email)
  const posts: string[] = []
  page.on('request', (sent) => {
    if (sent.method() === 'POST') posts.push(sent.url())
  })
  await page.goto(link)
  await fillTestimonial(page, { role: '', company: 'Big Files Ltd', text, rating: '5 out of 5' })
  const photo = page.getByLabel('Photo or logo')
  // Three times the limit: more than the server reads of a page's form before refusing it whole.
  await photo.setInputFiles({
    name: 'phone.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.alloc(3 * UPLOAD_MAX_BYTES),
  })
  await expect(photo).toHaveAccessibleDescription(/The image must be at most 5 MB/)
  await expect(photo).toHaveAttribute('aria-invalid', 'true')
  await page.getByRole('button', { name: 'Send testimonial' }).click()
  await expect(photo).toBeFocused()
  await expect(page.getByRole('heading', { name: 'Write a testimonial' })).toBeVisible()
  await expect(page.getByLabel('Testimonial', { exact: true })).toHaveValue(text)

  await photo.setInputFiles(PHOTO)
  await expect(photo).not.toHaveAttribute('aria-invalid')
  await expect(photo).not.toHaveAccessibleDescription(/at most 5 MB: choose a smaller one/)
  await expectNoA11yViolations(page)
  expect(posts).toEqual([])
})

test('with JavaScript a file that is no image comes back on the photo field, the words kept', async ({
  page,
  request,
}) => {
  const email = `client-${uniqueId()}@example.com`
  const text = `Kept beside a refused photo (${uniqueId()}).`
  await requestApi(request, { name: 'Scripted Photo Client', email })
  await page.goto(await mailedLink(email))
  await waitUntilInteractive(page)
  await fillTestimonial(page, { role: '', company: 'Odd Files Ltd', text, rating: '4 out of 5' })
  const photo = page.getByLabel('Photo or logo')
  await photo.setInputFiles(NOT_AN_IMAGE)
  const refused = page.waitForResponse((r) => r.request().method() === 'POST')
  await page.getByRole('button', { name: 'Send testimonial' }).click()
  expect((await refused).status()).toBe(400)
  await expect(page.getByRole('alert')).toContainText('Testimonial not sent')
  await expect(photo).toHaveAccessibleDescription(
    /Only JPEG, PNG, WebP, GIF or AVIF images are allowed/,
  )
  await expect(photo).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Testimonial', { exact: true })).toHaveValue(text)
  expect((await adminTestimonials(request)).some((t) => t.text === text)).toBe(false)
})

test('the testimonial form works with JavaScript off', async ({ browser, request }) => {
  const email = `client-${uniqueId()}@example.com`
  const text = `Sent without JavaScript (${uniqueId()}).`
  await requestApi(request, { name: 'No Script Client', email })
  const link = await mailedLink(email)
  const { context, page } = await newNoJsPage(browser)
  try {
    expect((await page.goto(link))?.status()).toBe(200)
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('No Script Client')
    await page.getByRole('button', { name: 'Send testimonial' }).click()
    await expect(page.getByRole('alert')).toContainText('Testimonial not sent')
    await expect(page.getByLabel('Testimonial', { exact: true })).toHaveAccessibleDescription(
      /Testimonial is required/,
    )

    await fillTestimonial(page, { role: '', company: 'Quiet Co', text, rating: '3 out of 5' })
    // A file that is no image: the form comes back with the photo field's message.
    await page.getByLabel('Photo or logo').setInputFiles(NOT_AN_IMAGE)
    const refused = page.waitForResponse((r) => r.request().method() === 'POST')
    await page.getByRole('button', { name: 'Send testimonial' }).click()
    expect((await refused).status()).toBe(400)
    await expect(page.getByRole('alert')).toContainText('Testimonial not sent')
    await expect(page.getByLabel('Photo or logo')).toHaveAccessibleDescription(
      /Only JPEG, PNG, WebP, GIF or AVIF images are allowed/,
    )
    await expect(page.getByLabel('Testimonial', { exact: true })).toHaveValue(text)

    // A file over the upload limit: refused by the same check, named the same way.
    await page.getByRole('radio', { name: '3 out of 5' }).check()
    await page.getByLabel('Photo or logo').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(UPLOAD_MAX_BYTES + 1024),
    })
    await page.getByRole('button', { name: 'Send testimonial' }).click()
    await expect(page.getByLabel('Photo or logo')).toHaveAccessibleDescription(
      /The image must be at most \d+ MB/,
    )

    // A real photo far larger than a form's text: the page takes it.
    const portrait = await sharp({
      create: { width: 400, height: 400, channels: 3, background: '#0f766e', noise: NOISE },
    })
      .png()
      .toBuffer()
    expect(portrait.length).toBeGreaterThan(PAGE_FORM_MAX_BYTES)
    await page.getByRole('radio', { name: '3 out of 5' }).check()
    await page.getByLabel('Photo or logo').setInputFiles({
      name: 'portrait.png',
      mimeType: 'image/png',
      buffer: portrait,
    })
    await page.getByRole('button', { name: 'Send testimonial' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you!')

    const stored = (await adminTestimonials(request)).find((t) => t.text === text)
    expect(stored).toMatchObject({
      name: 'No Script Client',
      company: 'Quiet Co',
      rating: 3,
      status: 'pending',
      email,
      photo: expect.stringMatching(UPLOADED),
    })
    expect((await page.goto(link))?.status()).toBe(410)
  } finally {
    await context.close()
    await deleteByText(request, text)
  }
})

test('the owner requests one about a project, then edits, reorders, hides and deletes it', async ({
  page,
  request,
  browser,
}) => {
  const website = await createWebsiteApi(request, uniqueWebsiteFields('Testimonial Project'))
  const email = `client-${uniqueId()}@example.com`
  const text = `The new booking page paid for itself (${uniqueId()}).`
  const edited = `${text} Edited.`
  try {
    await signInAsAdmin(page, request)
    await page.goto('/admin/testimonials')
    await expect(page.getByRole('heading', { level: 1, name: 'Testimonials' })).toBeVisible()
    const requestForm = page.getByRole('form', { name: 'Request a testimonial' })
    await requestForm.getByRole('button', { name: 'Send Request' }).click()
    await expect(requestForm.getByLabel('Client name')).toHaveAccessibleDescription(
      'Name is required',
    )
    await requestForm.getByLabel('Client name').fill('Project Client')
    await requestForm.getByLabel('Client e-mail').fill(email)
    await requestForm.getByLabel('Portfolio entry').selectOption({ label: website.name })
    await requestForm.getByRole('button', { name: 'Send Request' }).click()
    await expectToast(page, `Testimonial request sent to ${email}`)
    await expect(requestForm.getByLabel('Client name')).toHaveValue('')

    const client = await newNoJsPage(browser)
    try {
      await client.page.goto(await mailedLink(email))
      await fillTestimonial(client.page, {
        role: 'Manager',
        company: 'Project Co',
        text,
        rating: 'No rating',
      })
      await client.page.getByRole('button', { name: 'Send testimonial' }).click()
      await expect(client.page.getByRole('heading', { level: 1 })).toHaveText('Thank you!')
    } finally {
      await client.context.close()
    }

    await page.reload()
    const entry = adminEntry(page, text)
    await expect(entry).toContainText(`About ${website.name}`)
    const who = 'the testimonial from Project Client'

    await test.step('edit its words', async () => {
      await entry.getByRole('button', { name: `Edit ${who}` }).click()
      await entry.getByLabel('Testimonial', { exact: true }).fill(edited)
      await entry.getByRole('button', { name: 'Save Testimonial' }).click()
      await expectToast(page, 'Testimonial updated successfully')
    })
    const editedEntry = adminEntry(page, edited)
    await expect(editedEntry.getByRole('button', { name: `Edit ${who}` })).toBeVisible()
    const entryPhoto = editedEntry.getByRole('img', { name: 'Portrait or logo of Project Client' })

    await test.step('add a photo in the editor, then remove it', async () => {
      await expect(entryPhoto).toHaveCount(0)
      await editedEntry.getByRole('button', { name: `Edit ${who}` }).click()
      await editedEntry.getByLabel('Add a photo').setInputFiles(PHOTO)
      await expect(editedEntry.getByRole('button', { name: 'Remove photo' })).toBeVisible()
      await editedEntry.getByRole('button', { name: 'Save Testimonial' }).click()
      await expectToast(page, 'Testimonial updated successfully')
      await expect(entryPhoto).toBeVisible()
      const stored = (await adminTestimonials(request)).find((t) => t.text === edited)
      expect(stored?.photo).toMatch(UPLOADED)

      await editedEntry.getByRole('button', { name: `Edit ${who}` }).click()
      await editedEntry.getByRole('button', { name: 'Remove photo' }).click()
      await editedEntry.getByRole('button', { name: 'Save Testimonial' }).click()
      await expectToast(page, 'Testimonial updated successfully')
      await expect(entryPhoto).toHaveCount(0)
      expect((await adminTestimonials(request)).find((t) => t.text === edited)?.photo).toBeNull()
    })

    await test.step('approve it: it shows on its project page', async () => {
      await editedEntry.getByRole('button', { name: `Approve ${who}` }).click()
      await expectToast(page, 'Testimonial approved')
      const projectPage = await browser.newPage({ baseURL: E2E_BASE_URL })
      try {
        await projectPage.goto(`/website/${website.slug}`)
        await expect(figureWith(projectPage, edited)).toBeVisible()
        await expect(
          projectPage.getByRole('heading', { level: 2, name: 'What the client says' }),
        ).toBeVisible()
        const review = (await reviewsIn(projectPage)).find((r) => r.reviewBody === edited)
        expect(review?.itemReviewed).toMatchObject({ '@type': 'CreativeWork', name: website.name })
        expect(review).not.toHaveProperty('reviewRating')
      } finally {
        await projectPage.close()
      }
    })

    await test.step('move it up one place', async () => {
      // Positions, not indexes: other tests may add or delete testimonials meanwhile, which
      // renumbers nobody; a move gives every testimonial its place in the new order.
      const positionOf = async () =>
        (await adminTestimonials(request)).find((t) => t.text === edited)!.position
      const before = await positionOf()
      await editedEntry.getByRole('button', { name: `Move up: ${who}` }).click()
      await expectToast(page, 'Moved up')
      expect(await positionOf()).toBeLessThan(before)
    })

    await test.step('hide it', async () => {
      await editedEntry.getByRole('button', { name: `Hide ${who}` }).click()
      await expectToast(page, 'Testimonial hidden')
      await expect(editedEntry.getByText('Hidden', { exact: true })).toBeVisible()
    })

    await test.step('delete it, after confirming', async () => {
      await editedEntry.getByRole('button', { name: `Delete ${who}` }).click()
      const dialog = page.getByRole('dialog', { name: 'Are you sure to delete?' })
      await dialog.getByRole('button', { name: 'Delete' }).click()
      await expectToast(page, 'Testimonial deleted successfully')
      await expect(editedEntry).toHaveCount(0)
    })
  } finally {
    await deleteByText(request, edited)
    await deleteByText(request, text)
    await deleteWebsiteApi(request, website._id)
  }
})

test('the owner follows a request and sends a new link, and the old one stops working', async ({
  page,
  request,
}) => {
  const id = uniqueId()
  const name = `Resend Client ${id}`
  const email = `resend-${id}@example.com`
  await requestApi(request, { name, email })
  const oldLink = await mailedLink(email)

  await signInAsAdmin(page, request)
  await page.goto('/admin/testimonials')
  const sent = page.getByRole('list', { name: 'Requests sent' }).getByRole('listitem').filter({
    hasText: email,
  })
  await expect(sent).toContainText(/Waiting, link works until/)
  await expectNoA11yViolations(page)
  await sent.getByRole('button', { name: `Resend a new link to ${name}` }).click()
  await expectToast(page, `A new link was sent to ${email}`)

  await expect.poll(async () => (await mailedLink(email)) !== oldLink).toBe(true)
  await page.goto(oldLink)
  await expect(page.getByRole('main')).toContainText('This testimonial link is not valid')
})
