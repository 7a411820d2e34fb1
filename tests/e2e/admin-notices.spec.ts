import { readFile } from 'node:fs/promises'
import { gunzipSync } from 'node:zlib'
import {
  expect,
  expectNoA11yViolations,
  screenshotBoth,
  signInAsAdmin,
  test,
} from './support/fixtures.ts'

test('the dashboard lists the configuration warnings and downloads a fresh backup', async ({
  page,
  request,
}) => {
  await signInAsAdmin(page, request)
  await page.goto('/admin/dashboard')
  const notices = page.getByRole('region', { name: 'Notices and backups' })

  // The test server runs with PUBLIC_URL on localhost.
  await expect(notices.getByRole('heading', { name: /configuration warnings?$/ })).toBeVisible()
  await expect(
    notices
      .getByRole('listitem')
      .filter({ hasText: /^PUBLIC_URL is http:\/\/localhost:\d+: links in e-mails/ }),
  ).toBeVisible()
  await expect(notices.getByText('Scheduled: off (set BACKUP_INTERVAL_HOURS)')).toBeVisible()
  await expectNoA11yViolations(page)

  const downloading = page.waitForEvent('download')
  await notices.getByRole('button', { name: 'Download a fresh backup' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(
    /^backup-\d{4}-\d{2}-\d{2}T[\d-]+Z(-\d+)?\.jsonl\.gz$/,
  )
  const file = await readFile(await download.path())
  const lines = gunzipSync(file).toString('utf8').trim().split('\n')
  expect(JSON.parse(lines[0]!)).toMatchObject({ header: { format: 'devfolio-backup' } })
  expect(JSON.parse(lines.at(-1)!)).toMatchObject({ end: true })

  // A download is the owner's copy, kept nowhere on the server: the kept backups are unchanged.
  await expect(notices.getByRole('paragraph').filter({ hasText: /^Last backup: / })).toHaveText(
    'Last backup: none yet',
  )
  await expect(notices.getByRole('button', { name: 'Download a fresh backup' })).toBeEnabled()
  await screenshotBoth(page, 'admin-notices')
})
