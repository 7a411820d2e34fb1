/**
 * The admin's Pages screen: a page's text edited with Markdown shows in the live preview before
 * saving, and once saved on the public page, rendered on the server (JavaScript off), with HTML
 * typed into it shown as text. Other specs read /about's headings; this one changes only the story.
 */
import type { Page } from '@playwright/test'
import { adminHeaders, uniqueId } from './support/api.ts'
import {
  expect as baseExpect,
  newNoJsPage,
  signInAsAdmin,
  test,
  expectToast,
} from './support/fixtures.ts'

// Conditions are polled until they hold; the (slow) test timeout is the only bound.
const expect = baseExpect.configure({ timeout: 0 })
test.slow()

const openEditor = async (page: Page, key: string) => {
  await page.goto(`/admin/pages?key=${key}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Pages' })).toBeVisible()
}

test('an about text edited with Markdown shows in the preview, then on the public page without JavaScript', async ({
  page,
  request,
  browser,
}) => {
  const seed = await (await request.get('/api/pages/about')).json()
  const marker = `Independent-${uniqueId()}`
  const story = `Working **${marker}** for years.\n\n<script>window.injected = true</script>`
  try {
    await signInAsAdmin(page, request)
    await openEditor(page, 'about')
    await page.getByLabel('Story', { exact: true }).fill(story)

    const preview = page.getByRole('region', { name: 'Preview' })
    await expect(preview.locator('strong', { hasText: marker })).toBeVisible()
    await expect(preview.getByText('<script>window.injected = true</script>')).toBeVisible()
    await expect(page.getByText('Unsaved changes')).toBeVisible()

    const { context, page: visitor } = await newNoJsPage(browser)
    await visitor.goto('/about')
    await expect(visitor.getByText(marker)).toHaveCount(0)

    await page.getByRole('button', { name: 'Save page' }).click()
    await expectToast(page, 'Page saved')
    await expect(page.getByText('All saved')).toBeVisible()

    await visitor.goto('/about')
    const main = visitor.getByRole('main')
    await expect(main.locator('strong', { hasText: marker })).toBeVisible()
    await expect(main.getByText('<script>window.injected = true</script>')).toBeVisible()
    await expect(main.locator('script')).toHaveCount(0)
    await context.close()
  } finally {
    const res = await request.put('/api/pages/about', {
      headers: await adminHeaders(request),
      data: seed,
    })
    expect(res.status()).toBe(200)
  }
})

test('leaving a page with unsaved changes asks first', async ({ page, request }) => {
  await signInAsAdmin(page, request)
  await openEditor(page, 'contact')
  await page.getByLabel('Form note').fill('Every field is needed.')

  await page.getByLabel('Page', { exact: true }).selectOption('dns')
  const dialog = page.getByRole('dialog', { name: 'Leave without saving?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByLabel('Form note')).toHaveValue('Every field is needed.')

  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Messages' })
    .click()
  await page
    .getByRole('dialog', { name: 'Leave without saving?' })
    .getByRole('button', { name: 'Leave' })
    .click()
  await expect(page).toHaveURL(/\/admin\/messages/)
})

test('an empty required field is named and nothing is saved', async ({ page, request }) => {
  await signInAsAdmin(page, request)
  await openEditor(page, 'webdesign')
  await page.getByLabel('Page title').fill('')
  await page.getByRole('button', { name: 'Save page' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Please correct' })).toBeVisible()
  await expect(page.getByLabel('Page title')).toHaveAccessibleDescription('Title is required')
  await expectToast(page, 'Page not saved')
  const stored = await (await request.get('/api/pages/webdesign')).json()
  expect(stored.title).toBe('Web Design and Development Process')
})

test('a guide step image can be replaced by an upload', async ({ page, request }) => {
  const seed = await (await request.get('/api/pages/mernRender')).json()
  try {
    await signInAsAdmin(page, request)
    await openEditor(page, 'mernRender')
    await page.getByLabel('Upload a new image').first().setInputFiles('tests/fixtures/image.png')
    await expect(page.getByText('Image uploaded successfully')).toBeVisible()
    const src = page.getByLabel('Image path').first()
    await expect(src).toHaveValue(/^\/uploads\//)
    const uploaded = await src.inputValue()
    await expect(
      page.getByRole('region', { name: 'Preview' }).locator(`img[src="${uploaded}"]`),
    ).toHaveCount(1)
  } finally {
    await request.put('/api/pages/mernRender', {
      headers: await adminHeaders(request),
      data: seed,
    })
  }
})
