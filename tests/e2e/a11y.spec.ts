/**
 * The accessibility scan and the screenshots of every account and admin route (the public routes
 * get theirs in public-pages.spec.ts). Each route is opened in the state a person would see.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import type { Website } from '#common/schemas/websites.ts'
import { adminHeaders, postContactApi, uniqueContact, uniqueId } from './support/api.ts'
import {
  expect,
  expectNoA11yViolations,
  screenshotBoth,
  signInAsAdmin,
  signUpApi,
  test,
  useSessionIn,
} from './support/fixtures.ts'

interface RouteCase {
  name: string
  as: 'visitor' | 'user' | 'admin'
  path: (request: APIRequestContext) => Promise<string>
  ready: (page: Page) => Promise<void>
}

const h1 = (page: Page, name: string | RegExp) =>
  expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
const fixed = (path: string) => () => Promise.resolve(path)

async function seededWebsiteId(request: APIRequestContext) {
  const res = await request.get('/api/websites/slug/crumb-and-crust-bakery')
  expect(res.status()).toBe(200)
  return ((await res.json()) as Website)._id
}

const ROUTES: RouteCase[] = [
  { name: 'signin', as: 'visitor', path: fixed('/signin'), ready: (page) => h1(page, 'Sign In') },
  {
    name: 'signup',
    as: 'visitor',
    path: fixed('/signup'),
    ready: (page) => h1(page, 'Create an Account'),
  },
  {
    name: 'forget-password',
    as: 'visitor',
    path: fixed('/forget-password'),
    ready: (page) => h1(page, 'Forgot Password'),
  },
  {
    name: 'reset-password',
    as: 'visitor',
    path: fixed('/reset-password/a-token-from-the-mail'),
    ready: (page) => h1(page, 'Reset Password'),
  },
  {
    name: 'profile',
    as: 'user',
    path: fixed('/profile'),
    ready: (page) => h1(page, 'User Profile'),
  },
  {
    name: 'admin-dashboard',
    as: 'admin',
    path: fixed('/admin/dashboard'),
    ready: async (page) => {
      await h1(page, 'Website Dashboard')
      await expect(page.getByRole('img', { name: /^Pie chart of websites/ })).toBeVisible()
      await expect(page.getByRole('img', { name: /^Bar chart of messages/ })).toBeVisible()
      // Two charts load on their own: wait until neither still says so (toBeHidden would fail
      // on a strict-mode match while both are loading).
      await expect(page.getByText('Loading Chart....')).toHaveCount(0)
      await expect(page.getByRole('button', { name: 'Download a fresh backup' })).toBeVisible()
    },
  },
  {
    name: 'admin-websites',
    as: 'admin',
    path: fixed('/admin/websites'),
    ready: async (page) => {
      await h1(page, /^Websites \(\d+\)$/)
      await expect(page.getByRole('link', { name: /^Edit / }).first()).toBeVisible()
      await expect(page.getByRole('img', { name: /^Screenshot of / }).first()).toBeVisible()
    },
  },
  {
    name: 'admin-website-edit',
    as: 'admin',
    path: async (request) => `/admin/website/${await seededWebsiteId(request)}`,
    ready: async (page) => {
      await h1(page, 'Edit Website')
      await expect(page.getByLabel('Name')).toHaveValue('Crumb & Crust Bakery')
      await expect(
        page.getByRole('img', { name: 'Preview of the website screenshot' }),
      ).toBeVisible()
    },
  },
  {
    name: 'admin-users',
    as: 'admin',
    path: fixed('/admin/users'),
    ready: async (page) => {
      await h1(page, /^Users \(\d+\)$/)
      await expect(page.getByRole('cell', { name: /^(YES|NO)$/ }).first()).toBeVisible()
    },
  },
  {
    name: 'admin-user-edit',
    as: 'admin',
    path: async (request) => `/admin/user/${(await signUpApi(request, 'Screenshot Member'))._id}`,
    ready: async (page) => {
      await h1(page, 'Edit User')
      await expect(page.getByLabel('Name')).toHaveValue('Screenshot Member')
    },
  },
  {
    name: 'admin-messages',
    as: 'admin',
    path: async (request) => {
      await postContactApi(request)
      return '/admin/messages'
    },
    ready: async (page) => {
      await h1(page, /^Messages \(\d+\)$/)
      await expect(page.getByRole('button', { name: /^Reply to / }).first()).toBeVisible()
    },
  },
  {
    name: 'admin-pages',
    as: 'admin',
    path: fixed('/admin/pages?key=dns'),
    ready: async (page) => {
      await h1(page, 'Pages')
      await expect(page.getByLabel('Page title')).toHaveValue('Transfer a Domain and Set Up DNS')
    },
  },
  {
    name: 'admin-faq',
    as: 'admin',
    path: fixed('/admin/faq'),
    ready: async (page) => {
      await h1(page, 'FAQ')
      await expect(page.getByRole('button', { name: /^Move down: / }).first()).toBeVisible()
    },
  },
  {
    name: 'admin-posts',
    as: 'admin',
    path: fixed('/admin/posts'),
    ready: async (page) => {
      await h1(page, /^Journal \(\d+\)$/)
    },
  },
  {
    name: 'admin-testimonials',
    as: 'admin',
    path: fixed('/admin/testimonials'),
    ready: async (page) => {
      await h1(page, 'Testimonials')
      await expect(page.getByText('Sample', { exact: true }).first()).toBeVisible()
      await expect(page.getByRole('form', { name: 'Request a testimonial' })).toBeVisible()
    },
  },
  {
    name: 'admin-subscribers',
    as: 'admin',
    path: fixed('/admin/subscribers'),
    ready: async (page) => {
      await h1(page, 'Subscribers')
      await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible()
    },
  },
  {
    name: 'admin-booking',
    as: 'admin',
    path: fixed('/admin/booking'),
    ready: async (page) => {
      await h1(page, 'Booking')
      await expect(page.getByLabel('Time zone')).not.toHaveValue('')
      await expect(page.getByRole('heading', { level: 2, name: 'Upcoming calls' })).toBeVisible()
    },
  },
  {
    name: 'admin-settings',
    as: 'admin',
    path: fixed('/admin/settings'),
    ready: async (page) => {
      await h1(page, 'Settings')
      await expect(page.getByLabel('Business name')).not.toHaveValue('')
    },
  },
  {
    name: 'admin-profile',
    as: 'admin',
    path: fixed('/profile'),
    ready: async (page) => {
      await h1(page, 'User Profile')
      await expect(page.getByRole('navigation', { name: 'Admin sections' })).toBeVisible()
      await expect(page.getByRole('region', { name: 'Passkeys' })).toBeVisible()
    },
  },
  {
    name: 'admin-setup',
    as: 'admin',
    path: fixed('/admin/setup'),
    ready: async (page) => {
      await h1(page, 'Set up your site')
      await expect(page.getByLabel('Your name')).not.toHaveValue('')
      await expect(page.getByRole('list', { name: 'Setup steps' })).toBeVisible()
    },
  },
]

for (const route of ROUTES) {
  test(`${route.name} passes the accessibility scan`, async ({ page, request }) => {
    if (route.as === 'admin') await signInAsAdmin(page, request)
    if (route.as === 'user')
      await useSessionIn(page, await signUpApi(request, 'Screenshot Visitor'))
    await page.goto(await route.path(request))
    await route.ready(page)
    await expectNoA11yViolations(page)
    await screenshotBoth(page, route.name)
  })
}

test('the confirmation dialog and the signed-in header menus pass the accessibility scan', async ({
  page,
  request,
}) => {
  await signInAsAdmin(page, request)
  await page.goto('/admin/websites')
  await page.getByRole('button', { name: 'Create Website' }).click()
  const dialog = page.getByRole('dialog', { name: 'Are you sure to create?' })
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await expectNoA11yViolations(page)
  await screenshotBoth(page, 'admin-confirm-dialog')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page).toHaveURL('/admin/websites')

  const nav = page.getByRole('navigation', { name: 'Main' })
  const adminMenu = nav
    .getByRole('group')
    .filter({ has: page.getByRole('list', { name: 'Admin', includeHidden: true }) })
  await adminMenu.getByText('Admin', { exact: true }).click()
  const items = adminMenu.getByRole('list', { name: 'Admin' }).getByRole('link')
  await expect(items).toHaveText([
    'Website Dashboard',
    'Users',
    'Websites',
    'Messages',
    'Booking',
    'Clients',
    'Proposals',
    'Invoices',
    'Billing details',
    'Pages',
    'FAQ',
    'Journal',
    'Testimonials',
    'Subscribers',
    'Settings',
    'Set up your site',
  ])
  await expectNoA11yViolations(page)
  await page.keyboard.press('Escape')
  await expect(items.first()).toBeHidden()
})

/** The public pages a visitor reads, each kind once. */
const PUBLIC_PATHS = [
  '/',
  '/about',
  '/contact',
  '/faq',
  '/portfolio',
  '/website/crumb-and-crust-bakery',
  '/webdesign',
  '/mernRender',
  '/dns',
  '/privacy',
  '/signin',
]

/**
 * The owner's scheme as the server writes it on <html> (settings `colorScheme`), set on the loaded
 * page instead of in the settings, which every other spec's pages read meanwhile.
 */
async function useScheme(page: Page, scheme: 'dark' | 'auto') {
  await page.evaluate((value) => {
    document.documentElement.dataset.scheme = value
  }, scheme)
  await expect(page.locator('html')).toHaveAttribute('data-scheme', scheme)
}

for (const scheme of ['dark', 'auto'] as const) {
  test(`the public pages pass the accessibility scan in the ${scheme} scheme${scheme === 'auto' ? ' on a dark system' : ''}`, async ({
    page,
  }) => {
    if (scheme === 'auto') await page.emulateMedia({ colorScheme: 'dark' })
    for (const path of PUBLIC_PATHS) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await useScheme(page, scheme)
      await expectNoA11yViolations(page)
    }
  })
}

test('a journal post keeps its code block and footer dark and readable in the dark scheme', async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request)
  const created = await request.post('/api/posts', { data: {}, headers })
  const { post } = (await created.json()) as { post: { _id: string } }
  const slug = `code-in-the-dark-${uniqueId()}`
  const updated = await request.put(`/api/posts/${post._id}`, {
    headers,
    data: {
      title: `Code in the dark ${uniqueId()}`,
      slug,
      body: 'A snippet:\n\n```ts\n// the answer\nconst answer = 42\n```\n',
      status: 'published',
    },
  })
  expect(updated.status(), await updated.text()).toBe(200)
  await page.goto(`/journal/${slug}`)
  const footer = page.locator('footer')
  const footerColours = () =>
    footer.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).color])
  const lightFooter = await footerColours()
  const callToAction = page.locator('.cta-band')
  const callColours = () =>
    callToAction.evaluate((el) => [
      getComputedStyle(el).backgroundColor,
      getComputedStyle(el.querySelector('h2')!).color,
    ])
  const lightCall = await callColours()
  await useScheme(page, 'dark')
  // The footer is the same dark band in both schemes (the swapped palette turned it pale).
  expect(await footerColours()).toEqual(lightFooter)
  // So is the call to action above it, a deep accent band with white text.
  expect(await callColours()).toEqual(lightCall)
  const block = page.locator('.article-body pre')
  // Light text on its own dark ground, as in the light scheme (the swapped palette made it white).
  await expect(block).toHaveCSS('background-color', 'rgb(13, 17, 23)')
  await expect(block).toHaveCSS('color', 'rgb(230, 237, 243)')
  await expectNoA11yViolations(page)
})

test('the admin screens with badges, alerts and stages pass the accessibility scan in the dark scheme', async ({
  page,
  request,
}) => {
  await postContactApi(request, uniqueContact('Dark Scheme'))
  await signInAsAdmin(page, request)
  for (const path of [
    '/admin/dashboard',
    '/admin/websites',
    '/admin/messages',
    '/admin/testimonials',
    '/admin/posts',
    '/admin/setup',
  ]) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    await useScheme(page, 'dark')
    await expectNoA11yViolations(page)
  }
})

test('the header button and a primary button show the accent itself, with white text, in both schemes', async ({
  page,
  request,
}) => {
  const settings = (await (await request.get('/api/settings')).json()) as {
    accentColor: string
    headerButton: { label: string }
  }
  const hex = settings.accentColor.replace('#', '')
  const [r, g, b] = [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16))
  const accent = `rgb(${r}, ${g}, ${b})`
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.goto('/contact')
  const headerButton = page
    .getByRole('banner')
    .getByRole('link', { name: settings.headerButton.label })
  const submit = page.getByRole('button', { name: 'Send message' })
  for (const scheme of ['light', 'dark'] as const) {
    if (scheme === 'dark') await useScheme(page, 'dark')
    for (const filled of [headerButton, submit]) {
      await expect(filled).toHaveCSS('background-color', accent)
      await expect(filled).toHaveCSS('color', 'rgb(255, 255, 255)')
    }
  }
})
