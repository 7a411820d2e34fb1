import type { Website } from '#common/schemas/websites.ts'
import {
  adminHeaders,
  adminListPageOf,
  createWebsiteApi,
  deleteWebsiteApi,
  uniqueWebsiteFields,
} from './support/api.ts'
import { E2E_LOOPBACK_URL } from './support/e2e-env.ts'
import {
  expect,
  expectToast,
  newNoJsPage,
  screenshotBoth,
  signInAsAdmin,
  test,
} from './support/fixtures.ts'

test('the owner checks a link from the websites list and sees failing links on the dashboard', async ({
  page,
  request,
}) => {
  const working = await createWebsiteApi(request, {
    ...uniqueWebsiteFields('Checked Studio'),
    link: `${E2E_LOOPBACK_URL}/about`,
  })
  const broken = await createWebsiteApi(request, {
    ...uniqueWebsiteFields('Broken Studio'),
    link: `${E2E_LOOPBACK_URL}/no-such-page-${working.slug}`,
  })
  try {
    await signInAsAdmin(page, request)
    const listPage = await adminListPageOf<Website>(
      request,
      'websites',
      (w) => w._id === working._id,
    )
    await page.goto(`/admin/websites?page=${listPage}`)
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: working.name, exact: true }) })
    await expect(row.getByText('Not checked yet')).toBeVisible()
    await row.getByRole('button', { name: `Check now: the link of ${working.name}` }).click()
    await expectToast(page, /^The link works \(200, \d+ ms\)$/)
    await expect(row.getByText('Online', { exact: true })).toBeVisible()
    await screenshotBoth(page, 'admin-websites-link-check')

    const check = await request.post(`/api/websites/${broken._id}/check`, {
      headers: await adminHeaders(request),
    })
    expect(check.status()).toBe(200)
    await page.goto('/admin/dashboard')
    const panel = page.getByRole('region', { name: 'Portfolio links' })
    await expect(panel.getByRole('link', { name: broken.name })).toBeVisible()
    await expect(panel.getByText('The site answered 404 Not Found').first()).toBeVisible()
    await expect(panel.getByRole('link', { name: working.name })).toHaveCount(0)
    await screenshotBoth(page, 'admin-dashboard-link-checks')
  } finally {
    await deleteWebsiteApi(request, working._id)
    await deleteWebsiteApi(request, broken._id)
  }
})

test('the case-study page says the site is online, without JavaScript, once the owner wants it', async ({
  browser,
  request,
}) => {
  const headers = await adminHeaders(request)
  const working = await createWebsiteApi(request, {
    ...uniqueWebsiteFields('Online Studio'),
    link: `${E2E_LOOPBACK_URL}/faq`,
  })
  const broken = await createWebsiteApi(request, {
    ...uniqueWebsiteFields('Offline Studio'),
    link: `${E2E_LOOPBACK_URL}/missing-${working.slug}`,
  })
  const { context, page } = await newNoJsPage(browser)
  const setShown = async (showLinkHealth: boolean) => {
    const settings = (await (await request.get('/api/settings', { headers })).json()) as Record<
      string,
      unknown
    >
    const res = await request.put('/api/settings', {
      headers,
      data: { ...settings, showLinkHealth },
    })
    expect(res.status(), await res.text()).toBe(200)
  }
  try {
    for (const site of [working, broken]) {
      const res = await request.post(`/api/websites/${site._id}/check`, { headers })
      expect(res.status()).toBe(200)
    }
    await setShown(true)
    await page.goto(`/website/${working.slug}`)
    await expect(page.getByText(/^Online · checked today · \d+ ms$/)).toBeVisible()
    await screenshotBoth(page, 'website-online-line')
    await page.goto(`/website/${broken.slug}`)
    await expect(page.getByRole('heading', { level: 1, name: broken.name })).toBeVisible()
    await expect(page.getByText(/^Online ·/)).toHaveCount(0)
    await expect(page.getByText(/The site answered/)).toHaveCount(0)
  } finally {
    await setShown(false)
    await context.close()
    await deleteWebsiteApi(request, working._id)
    await deleteWebsiteApi(request, broken._id)
  }
})
