import type { APIRequestContext, Page } from '@playwright/test'
import type { UserPublic } from '#common/schemas/users.ts'
import { adminHeaders, adminListPageOf, uniqueId } from './support/api.ts'
import { E2E_ADMIN } from './support/e2e-env.ts'
import {
  expect,
  signInApi,
  signInAsAdmin,
  signUpApi,
  test,
  expectToast,
  useSessionIn,
  waitForMailTo,
} from './support/fixtures.ts'

const userRow = (page: Page, email: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: email, exact: true }) })

/** Opens the admin users list on the page that holds `email` (oldest first, shared by parallel specs). */
async function openUsersListAt(page: Page, request: APIRequestContext, email: string) {
  await expect(async () => {
    const listPage = await adminListPageOf<UserPublic>(request, 'users', (u) => u.email === email)
    expect(listPage).toBeDefined()
    await page.goto(`/admin/users?page=${listPage}`)
    await expect(userRow(page, email)).toBeVisible({ timeout: 2_000 })
  }).toPass()
}

async function userById(request: APIRequestContext, id: string) {
  return request.get(`/api/users/${id}`, { headers: await adminHeaders(request) })
}

test('an admin makes a freshly signed-up user an admin in the edit page', async ({
  page,
  request,
}) => {
  const user = await signUpApi(request, `Promoted Member ${uniqueId()}`)
  await signInAsAdmin(page, request)

  await openUsersListAt(page, request, user.email)
  await expect(page.getByRole('heading', { level: 1, name: /^Users \(\d+\)$/ })).toBeVisible()
  const row = userRow(page, user.email)
  await expect(row.getByRole('cell', { name: user._id, exact: true })).toBeVisible()
  await expect(row.getByRole('cell', { name: 'NO', exact: true })).toBeVisible()

  await row.getByRole('link', { name: `Edit ${user.name}` }).click()
  await expect(page).toHaveURL(`/admin/user/${user._id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Edit User' })).toBeVisible()
  await expect(page.getByLabel('Name')).toHaveValue(user.name)
  await expect(page.getByLabel('Email')).toHaveValue(user.email)
  const isAdmin = page.getByRole('checkbox', { name: 'Is Admin' })
  await expect(isAdmin).not.toBeChecked()
  await isAdmin.check()
  await page.getByRole('button', { name: 'Update User' }).click()

  await expectToast(page, 'User updated successfully')
  await expect(page).toHaveURL('/admin/users')
  await openUsersListAt(page, request, user.email)
  await expect(
    userRow(page, user.email).getByRole('cell', { name: 'YES', exact: true }),
  ).toBeVisible()
  const stored = (await (await userById(request, user._id)).json()) as UserPublic
  expect(stored.isAdmin).toBe(true)

  // Signed in afresh, the promoted user opens the admin screens.
  const session = await signInApi(request, user.email, user.password)
  expect(session.isAdmin).toBe(true)
  const promoted = await page.context().newPage()
  await useSessionIn(promoted, session)
  await promoted.goto('/admin/dashboard')
  await expect(promoted.getByRole('heading', { level: 1, name: 'Website Dashboard' })).toBeVisible()
  await promoted.close()
})

test('the user edit page checks the e-mail format', async ({ page, request }) => {
  const user = await signUpApi(request, `Checked Member ${uniqueId()}`)
  await signInAsAdmin(page, request)
  await page.goto(`/admin/user/${user._id}`)
  await page.getByLabel('Email').fill('not-an-email')
  await page.getByRole('button', { name: 'Update User' }).click()
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
    'Email is not a valid e-mail address',
  )
  await expect(page).toHaveURL(`/admin/user/${user._id}`)
  const stored = (await (await userById(request, user._id)).json()) as UserPublic
  expect(stored.email).toBe(user.email)
})

test("an admin changes a user's e-mail after entering their password, which signs the user out", async ({
  page,
  request,
}) => {
  const user = await signUpApi(request, `Moved Member ${uniqueId()}`)
  const userSession = await signInApi(request, user.email, user.password)
  await signInAsAdmin(page, request)
  await page.goto(`/admin/user/${user._id}`)
  const newEmail = `moved-${uniqueId()}@example.com`
  await page.getByLabel('Email').fill(newEmail)
  await page.getByRole('button', { name: 'Update User' }).click()
  const password = page.getByLabel('Your password')
  await expect(password).toHaveAccessibleDescription(/Enter your password to change the e-mail/)
  await expect(page).toHaveURL(`/admin/user/${user._id}`)

  await password.fill('Wr0ng!Password')
  await page.getByRole('button', { name: 'Update User' }).click()
  await expect(password).toHaveAccessibleDescription(/Your current password is not correct/)

  await password.fill(E2E_ADMIN.password)
  await page.getByRole('button', { name: 'Update User' }).click()
  await expectToast(page, 'User updated successfully')
  await expect(page).toHaveURL('/admin/users')
  const stored = (await (await userById(request, user._id)).json()) as UserPublic
  expect(stored.email).toBe(newEmail)

  const notice = await waitForMailTo(user.email)
  expect(notice.subject).toBe('The e-mail address of your account was changed')
  const oldSession = await request.get('/api/users/sessions', {
    headers: { Authorization: `Bearer ${userSession.token}` },
  })
  expect(oldSession.status()).toBe(401)
})

test('an admin deletes a user after confirming', async ({ page, request }) => {
  const user = await signUpApi(request, `Leaving Member ${uniqueId()}`)
  await signInAsAdmin(page, request)
  await openUsersListAt(page, request, user.email)
  const row = userRow(page, user.email)

  await row.getByRole('button', { name: `Delete ${user.name}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Are you sure to delete?' })
  await expect(dialog).toContainText(user.email)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await expect(row).toBeVisible()

  await row.getByRole('button', { name: `Delete ${user.name}` }).click()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'user deleted successfully')
  await expect(row).toHaveCount(0)
  expect((await userById(request, user._id)).status()).toBe(404)
  const signIn = await request.post('/api/users/signin', {
    data: { email: user.email, password: user.password },
  })
  expect(signIn.status()).toBe(401)
})
