import type { Page } from '@playwright/test'
import { PASSWORD_RULE_HINT, PASSWORDS_DO_NOT_MATCH } from '#common/constants.ts'
import { uniqueId } from './support/api.ts'
import {
  expect,
  expectNoA11yViolations,
  STRONG_PASSWORD,
  test,
  expectToast,
  uniqueEmail,
} from './support/fixtures.ts'

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })
/** The header's account menu, whose summary shows the signed-in user's name. */
const accountMenu = (page: Page) =>
  mainNav(page)
    .getByRole('group')
    .filter({ has: page.getByRole('list', { name: 'Account', includeHidden: true }) })

async function storedSession(page: Page) {
  return page.evaluate(() => window.localStorage.getItem('userInfo'))
}

test('a visitor signs up, renames themselves, signs out and signs back in with a redirect', async ({
  page,
}) => {
  const name = `New Client ${uniqueId()}`
  const email = uniqueEmail('client')

  await test.step('sign up through the form, landing on the redirect target', async () => {
    await page.goto('/signup?redirect=/profile')
    await expect(page.getByRole('heading', { level: 1, name: 'Create an Account' })).toBeVisible()
    const password = page.getByLabel('Password', { exact: true })
    await expect(password).toHaveAttribute('placeholder', PASSWORD_RULE_HINT)
    await expect(password).toHaveAccessibleDescription(PASSWORD_RULE_HINT)
    await expect(page.getByText(PASSWORD_RULE_HINT)).toBeVisible()

    await page.getByLabel('Name').fill(name)
    await page.getByLabel('Email').fill(email)
    await password.fill(STRONG_PASSWORD)
    await page.getByLabel('Confirm password').fill(`${STRONG_PASSWORD}x`)
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expect(page.getByLabel('Confirm password')).toHaveAccessibleDescription(
      PASSWORDS_DO_NOT_MATCH,
    )
    await expect(page.getByLabel('Confirm password')).toBeFocused()
    await expect(page).toHaveURL('/signup?redirect=/profile')
    expect(await storedSession(page)).toBeNull()

    await page.getByLabel('Confirm password').fill(STRONG_PASSWORD)
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await expect(page).toHaveURL('/profile')
    await expect(page.getByRole('heading', { level: 1, name: 'User Profile' })).toBeVisible()
    await expect(accountMenu(page)).toContainText(name)
    await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toHaveCount(0)
  })

  const renamed = `Renamed Client ${uniqueId()}`
  await test.step('change the profile name; the header follows', async () => {
    await expect(page.getByLabel('Name')).toHaveValue(name)
    await expect(page.getByLabel('Email')).toHaveValue(email)
    await page.getByLabel('Name').fill(renamed)
    await page.getByRole('button', { name: 'Update Profile' }).click()
    await expectToast(page, 'Profile updated successfully')
    await expect(accountMenu(page)).toContainText(renamed)
    // The new name is what the stored session restores after a reload.
    await page.reload()
    await expect(page.getByLabel('Name')).toHaveValue(renamed)
    await expect(accountMenu(page)).toContainText(renamed)
  })

  await test.step('sign out: back to sign in, the header offers Sign In', async () => {
    await accountMenu(page).getByText(renamed).click()
    await accountMenu(page).getByRole('button', { name: 'Sign Out' }).click()
    await expect(page).toHaveURL('/signin')
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible()
    await expect(mainNav(page).getByRole('link', { name: 'Sign In' })).toBeVisible()
    await expect(mainNav(page).getByText(renamed)).toHaveCount(0)
    expect(await storedSession(page)).toBeNull()
  })

  await test.step('sign in through the form with ?redirect=/profile', async () => {
    await page.goto('/signin?redirect=/profile')
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible()
    await page.getByLabel('Email').fill(email)
    await page.getByLabel('Password').fill('Wrong!pass1')
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password')
    await expect(page).toHaveURL('/signin?redirect=/profile')

    await page.getByLabel('Password').fill(STRONG_PASSWORD)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL('/profile')
    await expect(page.getByLabel('Name')).toHaveValue(renamed)
    await expect(accountMenu(page)).toContainText(renamed)
  })
})

test('the sign-in form checks its fields and links to sign-up and password reset, keeping the redirect', async ({
  page,
}) => {
  await page.goto('/signin?redirect=/profile')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('Email')).toBeFocused()
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true')
  await expectNoA11yViolations(page)

  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL('/forget-password')
  await page.goBack()
  await page.getByRole('link', { name: 'Create an account' }).click()
  await expect(page).toHaveURL(/\/signup\?redirect=(\/|%2F)profile$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Create an Account' })).toBeVisible()
})
