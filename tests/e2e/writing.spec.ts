import path from 'node:path'
import { uniqueId } from './support/api.ts'
import { expect, expectNoA11yViolations, signInAsAdmin, test } from './support/fixtures.ts'

const SAMPLE_IMAGE = path.resolve('tests/fixtures/image.png')

test('the owner writes a post with the toolbar and adds an image to the text', async ({
  page,
  request,
}) => {
  await signInAsAdmin(page, request)
  await page.goto('/admin/posts')
  await page.getByRole('button', { name: 'New post' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click()
  await expect(page).toHaveURL(/\/admin\/post\//)
  await page.getByLabel('Title').fill(`Toolbar test ${uniqueId()}`)

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

  await page.getByLabel('Add an image to the text').setInputFiles(SAMPLE_IMAGE)
  await expect(body).toHaveValue(/!\[Describe the image\]\(\/uploads\/[\w.-]+\)/)
  await expect(preview.getByRole('img', { name: 'Describe the image' })).toBeVisible()
  await expectNoA11yViolations(page)
})
