import { expect, signInAsAdmin, test } from './support/fixtures.ts'

test('the dashboard reads what it shows in its loader: each endpoint once, none after it shows', async ({
  page,
  request,
}) => {
  await signInAsAdmin(page, request)
  const heading = page.getByRole('heading', { level: 1, name: 'Website Dashboard' })
  const requests: { path: string; isAfterRender: boolean }[] = []
  // Each request is held until it is recorded: the loaders wait for all their requests, so the
  // dashboard cannot show before a loader's request is answered, and any request made once it
  // shows is a component fetching on its own.
  await page.route('**/api/**', async (route) => {
    const url = new URL(route.request().url())
    requests.push({ path: url.pathname + url.search, isAfterRender: (await heading.count()) > 0 })
    await route.continue()
  })

  await page.goto('/admin/dashboard')
  await expect(heading).toBeVisible()
  const visitors = page.getByRole('region', { name: 'Visitors' })
  await expect(visitors.getByRole('img', { name: /Line chart of visitors/ })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Security log' })).toBeVisible()
  const notices = page.getByRole('region', { name: 'Notices and backups' })
  await expect(notices.getByRole('heading', { name: 'Backups', exact: true })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Portfolio links' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Upcoming calls' })).toBeVisible()

  expect(requests.filter((r) => r.isAfterRender)).toEqual([])
  const paths = requests.map((r) => r.path)
  expect([...new Set(paths)]).toEqual(paths)
  expect(paths).toEqual(
    expect.arrayContaining([
      '/api/summary/summary',
      '/api/messages/unread-count',
      '/api/operations/status',
      '/api/outbox?status=failed',
      '/api/booking/admin?upcoming=true',
      '/api/stats?range=30d',
      '/api/websites/checks',
      '/api/users/security-log',
    ]),
  )

  // Another period is the route's address, read by the same loader.
  await visitors.getByRole('button', { name: '7 days' }).click()
  await expect(page).toHaveURL(/[?&]range=7d\b/)
  await expect(visitors.getByRole('button', { name: '7 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  expect(requests.map((r) => r.path)).toContain('/api/stats?range=7d')
})
