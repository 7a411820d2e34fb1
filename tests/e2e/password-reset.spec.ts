import { E2E_BASE_URL } from './support/e2e-env.ts'
import { expect, signUpApi, test, expectToast, waitForMailTo } from './support/fixtures.ts'

const NEW_PASSWORD = 'Fresh!Start9'
const RESET_MAIL_SENT =
  'If an account exists for this email, a link to reset the password has been sent to it'

test('a user who forgot their password resets it through the mailed link and signs in with it', async ({
  page,
  request,
}) => {
  const user = await signUpApi(request, 'Forgetful Client')

  await page.goto('/forget-password')
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible()
  await page.getByLabel('Email').fill(user.email)
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(page.getByRole('main').getByRole('status')).toHaveText(RESET_MAIL_SENT)

  const mail = await waitForMailTo(user.email)
  expect(mail.subject).toBe('Reset your password')
  const link = mail.text.match(/https?:\/\/\S+\/reset-password\/\S+/)?.[0]
  expect(link, mail.text).toBeDefined()
  expect(link!.startsWith(`${E2E_BASE_URL}/reset-password/`)).toBe(true)
  expect(mail.html).toContain(`href="${link}"`)

  await page.goto(link!)
  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
  await page.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}!`)
  await page.getByRole('button', { name: 'Update Password' }).click()
  await expect(page.getByLabel('Confirm new password')).toHaveAccessibleDescription(
    'Passwords do not match',
  )

  await page.getByLabel('Confirm new password').fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Update Password' }).click()
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Password updated successfully',
  )
  await expectToast(page, 'Password updated successfully')

  // The old password no longer works.
  const old = await request.post('/api/users/signin', {
    data: { email: user.email, password: user.password },
  })
  expect(old.status()).toBe(401)

  await page.getByRole('main').getByRole('link', { name: 'Sign In' }).click()
  await expect(page).toHaveURL('/signin')
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL('/')
  await expect(
    page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('group')
      .filter({ hasText: user.name }),
  ).toBeVisible()

  // The link was single-use.
  await page.goto(link!)
  await page.getByLabel('New password', { exact: true }).fill('An0ther!pass')
  await page.getByLabel('Confirm new password').fill('An0ther!pass')
  await page.getByRole('button', { name: 'Update Password' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'Invalid or expired reset link, please ask for a new one',
  )
})

test('asking for a reset of an unknown e-mail gives the same answer', async ({ page }) => {
  const email = `nobody-${Date.now()}@example.com`
  await page.goto('/forget-password')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(page.getByRole('main').getByRole('status')).toHaveText(RESET_MAIL_SENT)
})
