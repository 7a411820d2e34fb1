import type { APIRequestContext, Page } from '@playwright/test'
import type { Website } from '#common/schemas/websites.ts'
import {
  adminHeaders,
  createWebsiteApi,
  deleteWebsiteApi,
  uniqueWebsiteFields,
} from './support/api.ts'
import {
  expect,
  expectNoA11yViolations,
  signInAsAdmin,
  test,
  expectToast,
} from './support/fixtures.ts'

// Each journey crosses several admin pages, each loaded in the browser: give them room on a busy machine.
test.slow()
/** The first draw of an admin page (its data loads in the browser); the test's timeout still bounds it. */
const PAGE_LOAD = 30_000

const websiteRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) })

/** Whether the public search lists the website, on any of its pages. */
async function isInPublicSearch(request: APIRequestContext, id: string): Promise<boolean> {
  for (let page = 1; ; page++) {
    const res = await request.get(`/api/websites/search?page=${page}`)
    const body = (await res.json()) as { websites: Website[]; pages: number }
    if (body.websites.some((w) => w._id === id)) return true
    if (page >= body.pages) return false
  }
}

async function adminOrder(request: APIRequestContext): Promise<string[]> {
  const ids: string[] = []
  const headers = await adminHeaders(request)
  for (let page = 1; ; page++) {
    const res = await request.get(`/api/websites/admin?page=${page}`, { headers })
    const body = (await res.json()) as { websites: Website[]; pages: number }
    ids.push(...body.websites.map((w) => w._id))
    if (page >= body.pages) return ids
  }
}

test('a draft stays off the public site until published; featured, it is on the home page; a renamed slug redirects', async ({
  page,
  request,
}) => {
  await signInAsAdmin(page, request)
  const fields = uniqueWebsiteFields('Draft Journey')
  let id = ''

  try {
    await test.step('create and save as a draft', async () => {
      await page.goto('/admin/websites')
      await page.getByRole('button', { name: 'Create Website' }).click()
      await page
        .getByRole('dialog', { name: 'Are you sure to create?' })
        .getByRole('button', { name: 'Create' })
        .click()
      await expect(page).toHaveURL(/\/admin\/website\/[0-9a-f-]{36}$/)
      id = page.url().split('/').at(-1)!
      await expect(page.getByText('Status: Draft')).toBeVisible()
      // The specification's own client reads the new draft by id without a token.
      const read = await request.get(`/api/websites/${id}`)
      expect(read.status()).toBe(200)
      expect(read.headers()).toMatchObject({
        'cache-control': 'private, no-store',
        'x-robots-tag': 'noindex',
      })
      expect(((await read.json()) as Website).published).toBe(false)
      await page.getByLabel('Name').fill(fields.name)
      await page.getByLabel('Slug').fill(fields.slug)
      await page.getByLabel('Language', { exact: true }).fill(fields.language)
      await page.getByLabel('Language description').fill(fields.languageDescription)
      await page.getByLabel('Link').fill(fields.link)
      await page.getByLabel('Description', { exact: true }).fill(fields.description)
      await page.getByLabel('Image description').fill('The studio’s booking page')
      await page.getByRole('button', { name: 'Save as draft' }).click()
      await expectToast(page, 'Draft saved')
      await expect(page).toHaveURL('/admin/websites')
      await expect(websiteRow(page, fields.name).getByText('Draft', { exact: true })).toBeVisible()
    })

    await test.step('the draft is absent from the portfolio, the search, its page and the sitemap', async () => {
      expect(await isInPublicSearch(request, id)).toBe(false)
      expect((await request.get(`/api/websites/slug/${fields.slug}`)).status()).toBe(404)
      expect((await request.get(`/website/${fields.slug}`)).status()).toBe(404)
      expect(await (await request.get('/sitemap.xml')).text()).not.toContain(fields.slug)
      await page.goto('/portfolio')
      await expect(page.getByRole('main')).not.toContainText(fields.name)
    })

    await test.step('publish it, featured: it is public and on the home page', async () => {
      await page.goto(`/admin/website/${id}`)
      await page.getByLabel('Feature on the home page').check()
      await page.getByRole('button', { name: 'Publish' }).click()
      await expectToast(page, 'Website updated successfully')
      await expect(page).toHaveURL('/admin/websites')
      const row = websiteRow(page, fields.name)
      await expect(row.getByText('Published', { exact: true })).toBeVisible()
      await expect(row.getByText('Featured', { exact: true })).toBeVisible()

      expect(await isInPublicSearch(request, id)).toBe(true)
      expect(await (await request.get('/sitemap.xml')).text()).toContain(`/website/${fields.slug}`)
      await page.goto('/portfolio')
      await expect(page.getByRole('heading', { name: fields.name })).toBeVisible()
      await page.goto('/')
      const recentWork = page.locator('#recent-work')
      await expect(recentWork.getByRole('heading', { level: 3, name: fields.name })).toBeVisible()
      await expect(recentWork.getByRole('img', { name: 'The studio’s booking page' })).toBeVisible()
    })

    await test.step('rename the slug: the old address answers 301 to the new one', async () => {
      const newSlug = `${fields.slug}-renamed`
      await page.goto(`/admin/website/${id}`)
      await page.getByLabel('Slug').fill(newSlug)
      await page.getByRole('button', { name: 'Update' }).click()
      await expect(page).toHaveURL('/admin/websites')
      const res = await request.get(`/website/${fields.slug}`, { maxRedirects: 0 })
      expect(res.status()).toBe(301)
      expect(res.headers().location).toBe(`/website/${newSlug}`)
      await page.goto(`/website/${fields.slug}`)
      await expect(page).toHaveURL(`/website/${newSlug}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(fields.name)
    })
  } finally {
    if (id) await deleteWebsiteApi(request, id)
  }
})

test('the edit page offers Publish and Save as draft on a draft, Update and Unpublish once published', async ({
  page,
  request,
}) => {
  await signInAsAdmin(page, request)
  const fields = uniqueWebsiteFields('Button Labels')
  const website = await createWebsiteApi(request, { ...fields, published: false })
  const button = (name: string) => page.getByRole('button', { name, exact: true })
  const stored = async () =>
    (await (await request.get(`/api/websites/${website._id}`)).json()) as Website
  try {
    await test.step('a draft: Publish and Save as draft', async () => {
      await page.goto(`/admin/website/${website._id}`)
      await expect(page.getByText('Status: Draft')).toBeVisible({ timeout: PAGE_LOAD })
      await expect(button('Publish')).toBeVisible()
      await expect(button('Save as draft')).toBeVisible()
      await expect(button('Update')).toHaveCount(0)
      await expect(button('Unpublish')).toHaveCount(0)
      // Enter in a field saves without publishing.
      await page.getByLabel('Name').fill(`${fields.name} entered`)
      await page.getByLabel('Name').press('Enter')
      await expectToast(page, 'Draft saved')
      await expect(page).toHaveURL('/admin/websites')
      expect(await stored()).toMatchObject({ name: `${fields.name} entered`, published: false })
      await page.goto(`/admin/website/${website._id}`)
      await button('Publish').click({ timeout: PAGE_LOAD })
      await expectToast(page, 'Website updated successfully')
      await expect(page).toHaveURL('/admin/websites')
      expect((await stored()).published).toBe(true)
    })

    await test.step('published: Update keeps it published', async () => {
      await page.goto(`/admin/website/${website._id}`)
      await expect(page.getByText('Status: Published')).toBeVisible({ timeout: PAGE_LOAD })
      await expect(button('Update')).toBeVisible()
      await expect(button('Unpublish')).toBeVisible()
      await expect(button('Publish')).toHaveCount(0)
      await expect(button('Save as draft')).toHaveCount(0)
      await page.getByLabel('Name').fill(`${fields.name} updated`)
      await button('Update').click()
      await expectToast(page, 'Website updated successfully')
      await expect(page).toHaveURL('/admin/websites')
      expect(await stored()).toMatchObject({ name: `${fields.name} updated`, published: true })
    })

    await test.step('published: Enter in a field updates, it does not unpublish', async () => {
      await page.goto(`/admin/website/${website._id}`)
      await expect(button('Update')).toBeVisible({ timeout: PAGE_LOAD })
      await page.getByLabel('Name').fill(`${fields.name} entered again`)
      await page.getByLabel('Name').press('Enter')
      await expectToast(page, 'Website updated successfully')
      await expect(page).toHaveURL('/admin/websites')
      expect(await stored()).toMatchObject({
        name: `${fields.name} entered again`,
        published: true,
      })
    })

    await test.step('published: Unpublish takes it back to draft', async () => {
      await page.goto(`/admin/website/${website._id}`)
      await button('Unpublish').click({ timeout: PAGE_LOAD })
      await expectToast(page, 'Website unpublished')
      await expect(page).toHaveURL('/admin/websites')
      expect((await stored()).published).toBe(false)
      expect(await isInPublicSearch(request, website._id)).toBe(false)
    })
  } finally {
    await deleteWebsiteApi(request, website._id)
  }
})

test('an admin reorders the portfolio with the keyboard', async ({ page, request }) => {
  await signInAsAdmin(page, request)
  const lower = await createWebsiteApi(request, uniqueWebsiteFields('Order Lower'))
  const upper = await createWebsiteApi(request, uniqueWebsiteFields('Order Upper'))
  try {
    await page.goto('/admin/websites')
    await expect(websiteRow(page, upper.name)).toBeVisible({ timeout: PAGE_LOAD })
    // The entry drawn below the newest one, whichever it is (other specs add entries too).
    const shownIds = await page
      .getByRole('row')
      .evaluateAll((rows) => rows.map((row) => row.querySelector('td')?.textContent?.trim() ?? ''))
    const belowId = shownIds[shownIds.indexOf(upper._id) + 1]!
    expect(belowId).toMatch(/^[0-9a-f-]{36}$/)
    const isAbove = async (first: string, second: string) => {
      const order = await adminOrder(request)
      return order.indexOf(first) < order.indexOf(second)
    }

    const moveDown = page.getByRole('button', { name: `Move ${upper.name} down` })
    await moveDown.focus()
    await page.keyboard.press('Enter')
    await expectToast(page, 'Moved down')
    await expect(moveDown).toBeFocused()
    expect(await isAbove(belowId, upper._id)).toBe(true)

    const moveUp = page.getByRole('button', { name: `Move ${upper.name} up` })
    await moveUp.focus()
    await page.keyboard.press('Enter')
    await expectToast(page, 'Moved up')
    // Focus stays on the entry: on Move up, or on Move down once it is first in the list.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toMatch(new RegExp(`^move-(up|down)-${upper._id}$`))
    expect(await isAbove(upper._id, belowId)).toBe(true)
    await expectNoA11yViolations(page)
  } finally {
    await deleteWebsiteApi(request, upper._id)
    await deleteWebsiteApi(request, lower._id)
  }
})

test('leaving an edited website asks first, and staying keeps the changes', async ({
  page,
  request,
}) => {
  await signInAsAdmin(page, request)
  const website = await createWebsiteApi(request, uniqueWebsiteFields('Unsaved Edit'))
  try {
    await page.goto(`/admin/website/${website._id}`)
    await expect(page.getByLabel('Name')).toHaveValue(website.name, { timeout: PAGE_LOAD })
    await page.getByLabel('Name').fill(`${website.name} changed`)
    await page.getByRole('link', { name: 'Cancel' }).click()
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' })
    await expect(dialog).toBeVisible()
    await expectNoA11yViolations(page)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(page).toHaveURL(`/admin/website/${website._id}`)
    await expect(page.getByLabel('Name')).toHaveValue(`${website.name} changed`)

    await page.getByRole('link', { name: 'Cancel' }).click()
    await dialog.getByRole('button', { name: 'Leave' }).click()
    await expect(page).toHaveURL('/admin/websites')
    const stored = await request.get(`/api/websites/${website._id}`)
    expect(((await stored.json()) as Website).name).toBe(website.name)
  } finally {
    await deleteWebsiteApi(request, website._id)
  }
})
