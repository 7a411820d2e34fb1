import path from 'node:path'
import { slugify } from '#common/slugs.ts'
import { uniqueId } from './support/api.ts'
import { expect, expectNoA11yViolations, signInAsAdmin, test } from './support/fixtures.ts'

const SAMPLE_IMAGE = path.resolve('tests/fixtures/image.png')

test('the owner writes a post with the toolbar and adds an image to the text', async ({
  page,
  request,
}) => {
  await signInAsAdmin(page, request)
  await page.goto('/admin/posts')
  await page.getByRole('button', { name: 'New post', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/post\//)
  const title = `Toolbar test ${uniqueId()}`
  await page.getByLabel('Title').fill(title)
  // The slug follows the title as it is typed, until the owner types one.
  await expect(page.getByLabel('Slug')).toHaveValue(slugify(title, 'new-post'))
  await page.getByLabel('Slug').fill(`own-${slugify(title, 'x')}`)
  await page.getByLabel('Title').fill(`${title}, renamed`)
  await expect(page.getByLabel('Slug')).toHaveValue(`own-${slugify(title, 'x')}`)

  const body = page.getByLabel('Body (Markdown)')
  const preview = page.getByRole('region', { name: 'Preview' })
  await body.fill('Keep it fast')
  await body.selectText()
  await page
    .getByRole('toolbar', { name: 'Text formatting' })
    .getByRole('button', { name: 'Bold' })
    .click()
  await expect(body).toHaveValue('**Keep it fast**')
  await expect(preview.locator('strong')).toHaveText('Keep it fast')

  await body.press('End')
  await page.getByRole('button', { name: 'Quote' }).click()
  await expect(preview.locator('blockquote')).toHaveText('Quote')

  // Fenced code looks in the preview as readers will see it: highlighted.
  await body.press('End')
  await body.pressSequentially('\n\n```ts\nconst total: number = 1\n```\n')
  await expect(preview.locator('pre code .hljs-keyword').first()).toHaveText('const')

  await page.getByLabel('Add an image to the text').setInputFiles(SAMPLE_IMAGE)
  await expect(body).toHaveValue(/!\[Describe the image\]\(\/uploads\/[\w.-]+\)/)
  await expect(preview.getByRole('img', { name: 'Describe the image' })).toBeVisible()
  await expectNoA11yViolations(page)
})

test('the preview follows the part of the text being written, and opens at full size', async ({
  page,
  request,
}) => {
  await signInAsAdmin(page, request)
  await page.setViewportSize({ width: 1366, height: 800 })
  await page.goto('/admin/posts')
  await page.getByRole('button', { name: 'New post', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/post\//)
  const body = page.getByLabel('Body (Markdown)')
  const paragraphs = Array.from({ length: 80 }, (_, i) => `Paragraph ${i + 1} of a long post.`)
  await body.fill(paragraphs.join('\n\n'))
  const preview = page.getByRole('region', { name: 'Preview' })
  const last = preview.getByText('Paragraph 80 of a long post.')
  const first = preview.getByText('Paragraph 1 of a long post.', { exact: true })

  await body.press('Control+End')
  await expect(last).toBeInViewport()
  await body.press('Control+Home')
  await expect(first).toBeInViewport()

  await preview.getByRole('button', { name: 'Full size' }).click()
  await expect(preview.getByRole('button', { name: 'Beside the form' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(page.getByRole('heading', { level: 1, name: 'New post' })).toBeInViewport()
})
