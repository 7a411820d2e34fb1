import path from 'node:path'
import type { Page } from '@playwright/test'
import { IMAGE_THUMB_WIDTH } from '#common/constants.ts'
import type { Website } from '#common/schemas/websites.ts'
import { slugify } from '#common/slugs.ts'
import {
  adminListPageOf,
  createWebsiteApi,
  deleteWebsiteApi,
  uniqueWebsiteFields,
} from './support/api.ts'
import { expect, signInAsAdmin, test, expectToast } from './support/fixtures.ts'

const SAMPLE_IMAGE = path.resolve('tests/fixtures/image.png')

/** Opens the admin websites list on the page that holds `name` (lists are shared by parallel specs). */
async function openWebsitesListAt(
  page: Page,
  request: Parameters<typeof adminListPageOf>[0],
  name: string,
) {
  await expect(async () => {
    const listPage = await adminListPageOf<Website>(request, 'websites', (w) => w.name === name)
    expect(listPage).toBeDefined()
    await page.goto(`/admin/websites?page=${listPage}`)
    await expect(websiteRow(page, name)).toBeVisible({ timeout: 2_000 })
  }).toPass()
}

const websiteRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) })

test('the dashboard shows the four cards and the chart of websites by language description', async ({
  page,
  request,
}) => {
  await signInAsAdmin(page, request)
  // Hold the chart library until its loading text has been seen.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/pie-chart-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })

  await page.goto('/admin/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Website Dashboard' })).toBeVisible()
  // The four cards are the first list of figures; this year's invoice figures follow once there are invoices.
  const figures = page.getByRole('main').locator('dl').first()
  const cards = figures.getByRole('term')
  await expect(cards).toHaveText(['Users', 'Total Websites', 'Website Stack', 'Messages'])
  const values = figures.getByRole('definition')
  await expect(values).toHaveText([/^\d+$/, /^\d+$/, /^\d+$/, /^\d+$/, /^\d+ unread$/])
  const totalWebsites = Number(await values.nth(1).textContent())
  expect(totalWebsites).toBeGreaterThanOrEqual(6)

  // The messages chart loads on its own: look inside the websites chart's region only.
  const stack = page.getByRole('region', { name: 'Websites by language description' })
  await expect(stack.getByText('Loading Chart....')).toBeVisible()
  release()
  const chart = page.getByRole('img', { name: /^Pie chart of websites by language description\./ })
  await expect(chart).toBeVisible()
  await expect(stack.getByText('Loading Chart....')).toBeHidden()
  const box = await chart.boundingBox()
  expect(box?.height).toBeGreaterThan(300)
  // The seeded entries' stacks are in the chart's description and its legend.
  await expect(chart).toHaveAccessibleName(/Next\.js: \d+/)
  await expect(
    page.getByRole('main').getByRole('listitem').filter({ hasText: 'Next.js' }),
  ).toBeVisible()
})

test('an admin creates a website with an uploaded image, edits it, sees it public and deletes it', async ({
  page,
  request,
}) => {
  await signInAsAdmin(page, request)
  const fields = uniqueWebsiteFields('Harbour Books')

  await test.step('create: confirmation, then the edit page of the new draft', async () => {
    await page.goto('/admin/websites')
    await expect(page.getByRole('heading', { level: 1, name: /^Websites \(\d+\)$/ })).toBeVisible()
    await page.getByRole('button', { name: 'Create Website' }).click()
    const dialog = page.getByRole('dialog', { name: 'Are you sure to create?' })
    await expect(dialog).toBeVisible()
    // Cancel first: nothing is created.
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL('/admin/websites')

    await page.getByRole('button', { name: 'Create Website' }).click()
    await dialog.getByRole('button', { name: 'Create' }).click()
    await expect(page).toHaveURL(/\/admin\/website\/[0-9a-f-]{36}$/)
    await expectToast(page, 'Website created successfully')
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Website' })).toBeVisible()
    await expect(page.getByLabel('Name')).toHaveValue('New Website')
    await expect(page.getByLabel('Slug')).toHaveValue(/^new-website(-\d+)?$/)
    await expect(page.getByLabel('Language', { exact: true })).toHaveValue('New Language')
    await expect(page.getByLabel('Image path')).toHaveValue('/images/default.jpg')
  })

  await test.step('upload an image: progress, then the preview of the stored file', async () => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/upload', async (route) => {
      await held
      await route.continue()
    })
    await page.getByLabel('Upload an image').setInputFiles(SAMPLE_IMAGE)
    const progress = page.getByRole('progressbar', {
      name: /Uploading\.\.\.|Processing the image\.\.\./,
    })
    await expect(progress).toBeVisible()
    await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled()
    release()
    await expectToast(page, 'Image uploaded successfully')
    await expect(progress).toBeHidden()
    await expect(page.getByLabel('Image path')).toHaveValue(/^\/uploads\/[\w.-]+$/)
    const preview = page.getByRole('img', { name: 'Preview of the website screenshot' })
    await expect(preview).toHaveAttribute('src', /^\/uploads\//)
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0)
    await page.unroute('**/api/upload')
  })

  await test.step('fill the fields and save', async () => {
    await page.getByLabel('Name').fill(fields.name)
    // A new draft's slug follows its name as it is typed.
    await expect(page.getByLabel('Slug')).toHaveValue(slugify(fields.name, 'new-website'))
    await page.getByLabel('Slug').fill(fields.slug)
    await page.getByLabel('Language', { exact: true }).fill(fields.language)
    await page.getByLabel('Language description').fill(fields.languageDescription)
    await page.getByLabel('Link').fill(fields.link)
    await page.getByLabel('Description', { exact: true }).fill(fields.description)
    await page.getByRole('button', { name: 'Publish' }).click()
    await expectToast(page, 'Website updated successfully')
    await expect(page).toHaveURL('/admin/websites')
  })

  await test.step('the table lists it with its thumbnail and slug link', async () => {
    await openWebsitesListAt(page, request, fields.name)
    const row = websiteRow(page, fields.name)
    await expect(
      row.getByRole('cell', { name: fields.languageDescription, exact: true }),
    ).toBeVisible()
    await expect(row.getByRole('cell', { name: fields.description })).toBeVisible()
    await expect(row.getByRole('link', { name: fields.link })).toHaveAttribute('href', fields.link)
    const thumbnail = row.getByRole('img', { name: `Screenshot of ${fields.name}` })
    await expect(thumbnail).toHaveAttribute('src', /^\/uploads\//)
    // The thumbnail-sized variant, drawn no wider than it is, so it is never blurred by upscaling.
    const thumbnailWidth = (await thumbnail.boundingBox())?.width ?? 0
    expect(thumbnailWidth).toBeGreaterThan(0)
    expect(thumbnailWidth).toBeLessThanOrEqual(IMAGE_THUMB_WIDTH)
    await row.getByRole('link', { name: fields.slug, exact: true }).click()
    await expect(page).toHaveURL(`/website/${fields.slug}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fields.name)
    await expect(
      page.getByRole('img', { name: `Screenshot of the ${fields.name} website` }),
    ).toHaveAttribute('src', /^\/uploads\//)
  })

  await test.step('delete it after confirming; it is gone from the table and the site', async () => {
    await openWebsitesListAt(page, request, fields.name)
    await websiteRow(page, fields.name)
      .getByRole('button', { name: `Delete ${fields.name}` })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Are you sure to delete?' })
    await expect(dialog).toContainText(fields.name)
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await expectToast(page, 'Website deleted successfully')
    await expect(websiteRow(page, fields.name)).toHaveCount(0)
    expect(
      await adminListPageOf<Website>(request, 'websites', (w) => w.name === fields.name),
    ).toBeUndefined()
    const gone = await page.goto(`/website/${fields.slug}`)
    expect(gone?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Project not found')
  })
})

test('the edit page refuses an empty field with its message and keeps the entry unchanged', async ({
  page,
  request,
}) => {
  await signInAsAdmin(page, request)
  const website = await createWebsiteApi(request)
  try {
    await page.goto(`/admin/website/${website._id}`)
    await expect(page.getByLabel('Name')).toHaveValue(website.name)
    await page.getByLabel('Name').fill(' ')
    await page.getByLabel('Slug').fill('Not A Slug')
    await page.getByRole('button', { name: 'Update' }).click()
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription('Name is required')
    await expect(page.getByLabel('Name')).toBeFocused()
    await expect(page.getByLabel('Slug')).toHaveAccessibleDescription(
      /Slug may contain only lowercase letters/,
    )
    await expect(page).toHaveURL(`/admin/website/${website._id}`)
    const res = await request.get(`/api/websites/${website._id}`)
    expect(((await res.json()) as Website).name).toBe(website.name)
  } finally {
    await deleteWebsiteApi(request, website._id)
  }
})

test('a refusal from the server that names a field shows on that field, a result row’s on its own', async ({
  page,
  request,
}) => {
  await signInAsAdmin(page, request)
  const website = await createWebsiteApi(request)
  try {
    await page.goto(`/admin/website/${website._id}`)
    await expect(page.getByLabel('Name')).toHaveValue(website.name)
    // The form checks with the server's schema first, so what it accepts is typed and the request
    // is changed on its way: the real server refuses it and names the field, in the body's path.
    await page.getByLabel('Link').fill('https://bakery.example')
    await page.getByLabel('Result 2 figure').fill('+38 %')
    await page.getByLabel('Result 2 label').fill('online bookings')
    const refused: number[] = []
    await page.route(`**/api/websites/${website._id}`, async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback()
      const body = route.request().postDataJSON() as Website
      const isFirst = refused.length === 0
      const response = await route.fetch({
        postData: JSON.stringify(
          isFirst
            ? { ...body, link: 'ftp://bakery.example' }
            : { ...body, results: [{ value: '+38 %', label: ' ' }] },
        ),
      })
      refused.push(response.status())
      await route.fulfill({ response })
    })

    await page.getByRole('button', { name: 'Update' }).click()
    const link = page.getByLabel('Link')
    await expect(link).toHaveAttribute('aria-invalid', 'true')
    await expect(link).toHaveAccessibleDescription('Link must be an http:// or https:// address')
    await expect(link).toBeFocused()
    await expect(page.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true')

    // The second line filled in is the body's first result: its error shows on that line.
    await page.getByRole('button', { name: 'Update' }).click()
    const label = page.getByLabel('Result 2 label')
    await expect(label).toHaveAccessibleDescription('Result label is required')
    await expect(link).not.toHaveAttribute('aria-invalid', 'true')
    expect(refused).toEqual([400, 400])
    await expect(page).toHaveURL(`/admin/website/${website._id}`)
    const stored = (await (await request.get(`/api/websites/${website._id}`)).json()) as Website
    expect([stored.link, stored.results]).toEqual([website.link, website.results])
  } finally {
    await deleteWebsiteApi(request, website._id)
  }
})
