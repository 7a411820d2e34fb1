/**
 * The admin as an app: a side navigation on a laptop, a Menu sheet on a phone, the current section
 * marked, the counts beside Messages and Testimonials, an admin's profile inside the shell, and
 * no admin screen or table wider than the window at 390, 1280, 1366 and 1440 px.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import type { AdminTestimonialList } from '#common/schemas/testimonials.ts'
import type { Website } from '#common/schemas/websites.ts'
import { ADMIN_SECTIONS } from '#app/components/layout/admin-sections.ts'
import { adminHeaders, postContactApi, uniqueContact } from './support/api.ts'
import {
  expect,
  expectNoA11yViolations,
  expectNoSidewaysScroll,
  signInAsAdmin,
  signUpApi,
  test,
  useSessionIn,
} from './support/fixtures.ts'

const LAPTOP = { width: 1366, height: 800 }
const PHONE = { width: 390, height: 844 }

const sectionsNav = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' })

async function seededWebsiteId(request: APIRequestContext) {
  const res = await request.get('/api/websites/slug/crumb-and-crust-bakery')
  expect(res.status()).toBe(200)
  return ((await res.json()) as Website)._id
}

/** Every admin screen: each section, an edit screen of two of them, and the profile. */
async function adminScreens(request: APIRequestContext, adminId: string) {
  return [
    ...ADMIN_SECTIONS.map((section) => section.to),
    `/admin/website/${await seededWebsiteId(request)}`,
    `/admin/user/${adminId}`,
    '/profile',
  ]
}

async function openScreen(page: Page, path: string) {
  await page.goto(path)
  // The Pages screen's preview has the previewed page's own h1 after the screen's.
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
}

/** The page, every scrolling region and every table fit the window and their own boxes. */
async function expectNothingWiderThanItsBox(page: Page, path: string) {
  const sizes = await page.evaluate(() => ({
    page: {
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    },
    regions: [...document.querySelectorAll('main [role="region"]')].map((el) => ({
      name: el.getAttribute('aria-labelledby') ?? el.getAttribute('aria-label') ?? '',
      scroll: el.scrollWidth,
      client: el.clientWidth,
    })),
    tables: [...document.querySelectorAll('main table')].map((table) => ({
      right: table.getBoundingClientRect().right,
      parentRight: (table.parentElement ?? table).getBoundingClientRect().right,
    })),
  }))
  expect(sizes.page.scroll, `${path} scrolls sideways`).toBeLessThanOrEqual(sizes.page.client)
  for (const region of sizes.regions) {
    expect(region.scroll, `a region on ${path} scrolls sideways`).toBeLessThanOrEqual(region.client)
  }
  for (const table of sizes.tables) {
    expect(table.right, `a table on ${path} is wider than its box`).toBeLessThanOrEqual(
      table.parentRight + 0.5,
    )
  }
}

test('on a laptop the side navigation groups the sections and marks the current one, edit screens included', async ({
  page,
  request,
}) => {
  await page.setViewportSize(LAPTOP)
  const admin = await signInAsAdmin(page, request)
  await openScreen(page, '/admin/users')
  const nav = sectionsNav(page)
  await expect(nav).toBeVisible()
  for (const group of ['Overview', 'Content', 'People', 'Site']) {
    await expect(nav.getByText(group, { exact: true })).toBeVisible()
  }
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page')
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1)

  await openScreen(page, `/admin/user/${admin._id}`)
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page')

  await nav.getByRole('link', { name: 'FAQ' }).click()
  await expect(page).toHaveURL('/admin/faq')
  await expect(nav.getByRole('link', { name: 'FAQ' })).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', { name: 'Users' })).not.toHaveAttribute('aria-current')

  // The specification's header menus stay in the shell's top bar; the marketing footer is gone.
  const adminMenu = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('group')
    .filter({ has: page.getByRole('list', { name: 'Admin', includeHidden: true }) })
  await adminMenu.getByText('Admin', { exact: true }).click()
  await expect(adminMenu.getByRole('list', { name: 'Admin' }).getByRole('link')).toHaveCount(
    ADMIN_SECTIONS.length,
  )
  await expect(page.getByRole('contentinfo')).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'View site' })).toHaveAttribute('href', '/')
  await expectNoA11yViolations(page)
})

test("an admin's profile and its security part open inside the shell; a user's stay in the site's frame", async ({
  page,
  browser,
  request,
}) => {
  await page.setViewportSize(LAPTOP)
  const admin = await signInAsAdmin(page, request)
  await openScreen(page, '/admin/dashboard')
  const account = page.getByRole('list', { name: 'Your account' })
  await expect(account).toContainText('Profile')
  await expect(page.getByRole('complementary', { name: 'Admin' })).toContainText(admin.email)

  await account.getByRole('link', { name: 'Profile' }).click()
  await expect(page).toHaveURL('/profile')
  await expect(page.getByRole('heading', { level: 1, name: 'User Profile' })).toBeVisible()
  await expect(sectionsNav(page)).toBeVisible()
  await expect(account.getByRole('link', { name: 'Profile' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await account.getByRole('link', { name: 'Security' }).click()
  await expect(page).toHaveURL('/profile#security')
  await expect(account.getByRole('link', { name: 'Security' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await expect(page.getByRole('region', { name: 'Passkeys' })).toBeVisible()
  await expectNoA11yViolations(page)

  const userContext = await browser.newContext({ viewport: LAPTOP })
  const userPage = await userContext.newPage()
  await useSessionIn(userPage, await signUpApi(request, 'Shell Outsider'))
  await userPage.goto('/profile')
  await expect(userPage.getByRole('heading', { level: 1, name: 'User Profile' })).toBeVisible()
  await expect(userPage.getByRole('navigation', { name: 'Admin sections' })).toHaveCount(0)
  await expect(userPage.getByRole('contentinfo')).toBeVisible()
  await userContext.close()
})

test('the navigation counts unread messages and testimonials waiting for approval', async ({
  page,
  request,
}) => {
  await page.setViewportSize(LAPTOP)
  await signInAsAdmin(page, request)
  await postContactApi(request, uniqueContact('Shell Badge'))
  const headers = await adminHeaders(request)
  // Other specs add and approve testimonials meanwhile: the count shown matches one read beside it.
  await expect(async () => {
    const res = await request.get('/api/testimonials/admin', { headers })
    const pending = ((await res.json()) as AdminTestimonialList).testimonials.filter(
      (item) => item.status === 'pending',
    ).length
    await openScreen(page, '/admin/dashboard')
    const nav = sectionsNav(page)
    await expect(nav.getByRole('link', { name: /^Messages \d+ unread$/ })).toBeVisible({
      timeout: 2_000,
    })
    await expect(
      nav.getByRole('link', {
        name: pending > 0 ? `Testimonials ${pending} pending` : 'Testimonials',
        exact: true,
      }),
    ).toBeVisible({ timeout: 2_000 })
  }).toPass()
})

test('on a phone the Menu button opens the same navigation as a sheet, which a link or Escape closes', async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE)
  await signInAsAdmin(page, request)
  await openScreen(page, '/admin/websites')
  await expect(sectionsNav(page)).toBeHidden()
  const banner = page.getByRole('banner')
  await banner.getByRole('button', { name: 'Menu' }).click()
  const sheet = page.getByRole('dialog', { name: 'Admin menu' })
  await expect(sheet).toBeVisible()
  await expect(sheet.getByRole('link', { name: 'Websites' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await expect(sheet.getByRole('button', { name: 'Sign Out' })).toBeVisible()
  await expectNoA11yViolations(page)

  await page.keyboard.press('Escape')
  await expect(sheet).toBeHidden()
  await expect(banner.getByRole('button', { name: 'Menu' })).toBeFocused()

  await banner.getByRole('button', { name: 'Menu' }).click()
  await sheet.getByRole('link', { name: 'Subscribers' }).click()
  await expect(page).toHaveURL('/admin/subscribers')
  await expect(sheet).toBeHidden()
  await expect(page.getByRole('heading', { level: 1, name: /^Subscribers/ })).toBeVisible()
})

test('no admin screen scrolls sideways on a phone, and nothing on one runs off its edge', async ({
  page,
  request,
}) => {
  await page.setViewportSize(PHONE)
  const admin = await signInAsAdmin(page, request)
  for (const path of await adminScreens(request, admin._id)) {
    await openScreen(page, path)
    await expectNothingWiderThanItsBox(page, path)
    await expectNoSidewaysScroll(page, path)
  }
})

for (const width of [1280, 1366, 1440]) {
  test(`no admin screen or table is wider than its box beside the navigation at ${width} px`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 800 })
    const admin = await signInAsAdmin(page, request)
    for (const path of await adminScreens(request, admin._id)) {
      await openScreen(page, path)
      await expect(sectionsNav(page)).toBeVisible()
      await expectNothingWiderThanItsBox(page, path)
    }
  })
}
