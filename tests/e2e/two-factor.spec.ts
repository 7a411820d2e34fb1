import { generate } from 'otplib'
import type { Page } from '@playwright/test'
import { expect, expectToast, signUpApi, test, useSessionIn } from './support/fixtures.ts'
import { e2eNow } from './support/e2e-env.ts'

/** The code an authenticator app shows `stepsAhead` 30-second steps from now. */
const codeFor = (secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(e2eNow() / 1000) + stepsAhead * 30 })

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.evaluate(() => window.localStorage.removeItem('userInfo'))
  await page.goto('/signin?redirect=/profile')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor sign-in' })).toBeVisible()
}

test('a user turns two-factor on, then signs in with a code and with a recovery code', async ({
  page,
  request,
}) => {
  const user = await signUpApi(request, 'Two Factor User')
  await useSessionIn(page, user)
  let secret = ''
  let recoveryCodes: string[] = []

  await test.step('set up two-factor on the profile with the key shown', async () => {
    await page.goto('/profile')
    await page.getByRole('button', { name: 'Set up two-factor' }).click()
    await expect(
      page.getByRole('img', { name: 'QR code of the two-factor key for your authenticator app' }),
    ).toBeVisible()
    secret = (await page.locator('code').textContent())!.trim()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    const code = page.getByLabel('Code from your app')
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    await code.fill(await codeFor(secret))
    await page.getByRole('button', { name: 'Turn on two-factor' }).click()
    const list = page.getByRole('list', { name: 'Recovery codes' })
    await expect(list.getByRole('listitem')).toHaveCount(10)
    recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim())
    await expect(page.getByRole('button', { name: 'Download codes' })).toBeVisible()
    await page.getByRole('button', { name: 'I have saved them' }).click()
    await expect(page.getByText('10 recovery codes left')).toBeVisible()
  })

  await test.step('sign in with the password, then a code from the app', async () => {
    await signInWithPassword(page, user.email, user.password)
    const code = page.getByLabel('Authentication code')
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code')
    // The next step's code: the one that turned two-factor on may still be current, and a code
    // works once; one step of drift is accepted.
    await code.fill(await codeFor(secret, 1))
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page).toHaveURL('/profile')
  })

  await test.step('sign in with a recovery code, which then counts as used', async () => {
    await signInWithPassword(page, user.email, user.password)
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click()
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!)
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page).toHaveURL('/profile')
    await expect(page.getByText('9 recovery codes left')).toBeVisible()
  })

  await test.step('the same recovery code is refused the second time', async () => {
    await signInWithPassword(page, user.email, user.password)
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click()
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!)
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page.getByRole('alert')).toHaveText(
      'That recovery code is not right, or it was already used',
    )
  })

  await test.step('turn two-factor off with the password and a recovery code', async () => {
    await page.getByLabel('Recovery code').fill(recoveryCodes[1]!)
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page).toHaveURL('/profile')
    const section = page.getByRole('region', { name: 'Two-factor sign-in' })
    await section.getByLabel('Current password').fill(user.password)
    await section.getByRole('button', { name: 'Use a recovery code instead' }).click()
    await section.getByLabel('Recovery code').fill(recoveryCodes[2]!)
    await section.getByRole('button', { name: 'Turn off two-factor' }).click()
    await expectToast(page, 'Two-factor sign-in is off')
    await expect(section.getByRole('button', { name: 'Set up two-factor' })).toBeVisible()
  })
})
