import { expect, signUpApi, test, useSessionIn } from './support/fixtures.ts'

const ADMIN_ROUTES = ['/admin/dashboard', '/admin/websites', '/admin/users', '/admin/messages']

test('a signed-out visitor going to /profile is sent to sign in', async ({ page }) => {
  await page.goto('/profile')
  await expect(page).toHaveURL('/signin?redirect=/profile')
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible()
})

test('a signed-out visitor going to an admin route is sent to sign in', async ({ page }) => {
  await page.goto('/admin/dashboard')
  await expect(page).toHaveURL('/signin?redirect=/admin/dashboard')
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible()
})

test('a signed-in user who is not an admin is sent from every admin route to sign in', async ({
  page,
  request,
}) => {
  const user = await signUpApi(request, 'Plain Member')
  await useSessionIn(page, user)
  // Another user's id: the edit screens are guarded before anything is loaded.
  const adminRoutes = [...ADMIN_ROUTES, `/admin/user/${user._id}`, `/admin/website/${user._id}`]
  for (const route of adminRoutes) {
    await page.goto(route)
    await expect(page).toHaveURL(`/signin?redirect=${route}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible()
    await expect(
      page.getByText(
        `You are signed in as ${user.name}, but that page needs an administrator account.`,
      ),
    ).toBeVisible()
    await expect(
      page.getByRole('heading', { name: /dashboard|websites|users|messages/i }),
    ).toHaveCount(0)
  }
  // The header still shows the user's own menu, not the admin one.
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByText('Admin', { exact: true }),
  ).toHaveCount(0)
})

test('a signed-in user opening /forget-password is sent home', async ({ page, request }) => {
  const user = await signUpApi(request, 'Remembering Member')
  await useSessionIn(page, user)
  await page.goto('/forget-password')
  await expect(page).toHaveURL('/')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Websites that load fast and win you clients' }),
  ).toBeVisible()
})

test('a signed-in user opening /profile sees their own profile', async ({ page, request }) => {
  const user = await signUpApi(request, 'Profile Owner')
  await useSessionIn(page, user)
  await page.goto('/profile')
  await expect(page).toHaveURL('/profile')
  await expect(page.getByRole('heading', { level: 1, name: 'User Profile' })).toBeVisible()
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email)
})
