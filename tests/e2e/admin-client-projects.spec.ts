/**
 * The owner's side of a client's room, on the client's screen: a project with its milestones and
 * portfolio site, and a file uploaded for the client, both still there after a reload.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { adminHeaders, createWebsiteApi, uniqueId, uniqueWebsiteFields } from './support/api.ts'
import {
  expect,
  expectNoA11yViolations,
  expectToast,
  signInAsAdmin,
  test,
  waitUntilInteractive,
} from './support/fixtures.ts'

const SAMPLE_FILE = path.resolve('tests/fixtures/image.png')

/** The page's scheme as the server writes it on <html>, set on the loaded page only. */
async function useScheme(page: Page, scheme: 'light' | 'dark') {
  await page.evaluate((value) => {
    document.documentElement.dataset.scheme = value
  }, scheme)
}

test('the owner adds a project with two milestones and uploads a file on a client’s screen', async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request)
  const id = uniqueId()
  const made = await request.post('/api/clients', {
    headers,
    data: { name: `Robin ${id}`, email: `robin-${id}@example.com`, company: 'Crumb & Crust' },
  })
  expect(made.status(), await made.text()).toBe(201)
  const { client } = (await made.json()) as { client: { _id: string } }
  const site = await createWebsiteApi(request, uniqueWebsiteFields('Crumb Shop'))

  await signInAsAdmin(page, request)
  await page.goto(`/admin/client/${client._id}`)
  await waitUntilInteractive(page)
  const projects = page.getByRole('region', { name: 'Projects', exact: true })
  await expect(projects.getByText('No projects yet.')).toBeVisible()

  await projects.getByRole('button', { name: 'Add a project' }).click()
  await projects.getByLabel('Project name').fill('Bakery shop')
  await projects.getByLabel('Status').selectOption({ label: 'In progress' })
  await projects.getByLabel('Website').selectOption({ label: site.name })
  await projects.getByRole('button', { name: 'Add a milestone' }).click()
  await projects.getByRole('button', { name: 'Add a milestone' }).click()
  const first = projects.getByRole('group', { name: 'Milestone 1' })
  await first.getByLabel('Title').fill('Design approved')
  await first.getByLabel('Due date').fill('2027-01-15')
  await first.getByLabel('Done').check()
  const second = projects.getByRole('group', { name: 'Milestone 2' })
  await second.getByLabel('Title').fill('Launch')
  await second.getByLabel('Due date').fill('2027-02-01')
  await projects.getByRole('button', { name: 'Add project' }).click()
  await expectToast(page, 'Project added')

  const card = projects.getByRole('article', { name: 'Bakery shop' })
  await expect(card.getByText('In progress')).toBeVisible()
  await expect(card.getByText('1 of 2 done')).toBeVisible()
  await expect(card.getByText(`Website: ${site.name}`)).toBeVisible()
  await expect(card.getByRole('listitem')).toHaveText([
    /^Design approved due 15 Jan 2027 Done$/,
    /^Launch due 1 Feb 2027$/,
  ])

  const files = page.getByRole('region', { name: 'Files', exact: true })
  await files.getByLabel('Upload a file').setInputFiles(SAMPLE_FILE)
  await files.getByRole('button', { name: 'Upload', exact: true }).click()
  await expectToast(page, 'image.png uploaded')
  const row = files.getByRole('row').filter({ hasText: 'image.png' })
  await expect(row.getByText('You')).toBeVisible()

  await page.reload()
  await waitUntilInteractive(page)
  await expect(card.getByRole('listitem')).toHaveCount(2)
  await expect(card.getByText('1 of 2 done')).toBeVisible()
  await expect(row).toBeVisible()

  const download = page.waitForEvent('download')
  await row.getByRole('button', { name: 'Download image.png' }).click()
  const saved = await download
  expect(saved.suggestedFilename()).toBe('image.png')
  expect((await readFile((await saved.path())!)).equals(await readFile(SAMPLE_FILE))).toBe(true)

  for (const scheme of ['light', 'dark'] as const) {
    await useScheme(page, scheme)
    await expectNoA11yViolations(page)
  }

  // Editing keeps the milestones in order and takes one away.
  await card.getByRole('button', { name: 'Edit Bakery shop' }).click()
  await projects
    .getByRole('group', { name: 'Milestone 1' })
    .getByRole('button', { name: 'Remove' })
    .click()
  await projects.getByRole('button', { name: 'Save project' }).click()
  await expectToast(page, 'Project saved')
  await expect(card.getByRole('listitem')).toHaveText([/^Launch due 1 Feb 2027$/])

  await row.getByRole('button', { name: 'Delete image.png' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'File deleted')
  await expect(files.getByText('No files yet.')).toBeVisible()

  await card.getByRole('button', { name: 'Delete Bakery shop' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'Project deleted')
  await expect(projects.getByText('No projects yet.')).toBeVisible()
})
