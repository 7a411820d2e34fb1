import type { APIRequestContext, Page, Request } from '@playwright/test'
import type { SecurityLog, SessionsList } from '#common/schemas/account-security.ts'
import { adminHeaders, uniqueId } from './support/api.ts'
import { E2E_BASE_URL } from './support/e2e-env.ts'
import {
  expect,
  expectToast,
  signInApi,
  signUpApi,
  test,
  useSessionIn,
  waitForMailTo,
  type SessionInfo,
} from './support/fixtures.ts'

const PASSKEY_REFUSED = 'The passkey could not be checked; please try again'
const PASSKEY_UNKNOWN = 'This passkey is not known here'
const SIGN_IN_PATH = '/api/users/signin/passkey'
const isSignInUrl = (url: URL) => url.pathname === SIGN_IN_PATH
const isPasskeySignIn = (request: Request) =>
  request.method() === 'POST' && isSignInUrl(new URL(request.url()))

/**
 * Chromium's virtual authenticator for this tab (DevTools protocol): a platform authenticator that
 * keeps discoverable credentials and verifies the user at once, as a fingerprint reader would.
 */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return {
    credentials: async () =>
      (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  }
}

/** A user signed in with the password (through the API), whose session the page has. */
async function signedInUser(page: Page, request: APIRequestContext) {
  const user = await signUpApi(request, `Passkey User ${uniqueId()}`)
  const session = await signInApi(request, user.email, user.password)
  await useSessionIn(page, session)
  return session
}

/** Adds a passkey on the profile under `label`, through the authenticator, and waits for it. */
async function addPasskeyOnProfile(page: Page, label: string) {
  await page.goto('/profile')
  const section = page.getByRole('region', { name: 'Passkeys' })
  await section.getByLabel('Passkey label').fill(label)
  await section.getByRole('button', { name: 'Add a passkey' }).click()
  await expectToast(page, 'Passkey added')
  await expect(section.getByRole('list', { name: 'Passkeys' }).getByRole('listitem')).toHaveText([
    new RegExp(`^${label}Added .+, not used yet`),
  ])
}

/** Signs out from the header's account menu: the stored session is gone, Sign In is back. */
async function signOut(page: Page, name: string) {
  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByText(name).click()
  await nav.getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL('/signin')
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible()
}

const storedSession = async (page: Page) =>
  JSON.parse(
    (await page.evaluate(() => window.localStorage.getItem('userInfo'))) ?? 'null',
  ) as SessionInfo | null

async function sessionsOf(request: APIRequestContext, token: string) {
  const res = await request.get('/api/users/sessions', {
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as SessionsList).sessions
}

/** Starts a sign-in with the passkey on the sign-in page, typing neither e-mail nor password. */
async function startPasskeySignIn(page: Page) {
  await page.goto('/signin?redirect=/profile')
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible()
  await expect(page.getByLabel('Password')).toHaveValue('')
  await page.getByRole('button', { name: 'Use a passkey' }).click()
}

/** The base64url text with its last byte changed: the end of an ECDSA signature's `s`, still DER. */
function withLastByteFlipped(base64url: string) {
  const bytes = Buffer.from(base64url, 'base64url')
  bytes[bytes.length - 1]! ^= 0x01
  return bytes.toString('base64url')
}

test('a user adds a passkey, signs in with it alone, removes it, and is then refused', async ({
  page,
  request,
}) => {
  const authenticator = await addVirtualAuthenticator(page)
  const session = await signedInUser(page, request)
  const label = `Work laptop ${uniqueId()}`
  const passkeys = page.getByRole('list', { name: 'Passkeys' })
  const sessionsBefore = await sessionsOf(request, session.token)

  await test.step('add a passkey on the profile: it is listed, the device keeps it', async () => {
    await addPasskeyOnProfile(page, label)
    const credentials = await authenticator.credentials()
    expect(credentials).toHaveLength(1)
    expect(credentials[0]).toMatchObject({ rpId: 'localhost', isResidentCredential: true })
  })

  await test.step('sign out, then sign in with the passkey alone', async () => {
    await signOut(page, session.name)
    expect(await storedSession(page)).toBeNull()
    await startPasskeySignIn(page)
    await expect(page).toHaveURL('/profile')
    await expect(page.getByLabel('Email')).toHaveValue(session.email)
    await expect(passkeys.getByRole('listitem')).toContainText([/, last used /])
  })

  await test.step('the passkey sign-in is a new session, this device on the list', async () => {
    const signedIn = await storedSession(page)
    expect(signedIn).toMatchObject({ _id: session._id, email: session.email })
    expect(signedIn!.token).not.toBe(session.token)
    // Sign Out ended the password session on the server (its request may still be on its way).
    const signedOut = sessionsBefore.find((s) => s.current)!._id
    await expect
      .poll(async () => (await sessionsOf(request, signedIn!.token)).map((s) => s._id))
      .not.toContain(signedOut)
    const sessions = await sessionsOf(request, signedIn!.token)
    expect(sessions).toHaveLength(sessionsBefore.length)
    const current = sessions.find((s) => s.current)
    expect(current).toBeDefined()
    expect(sessionsBefore.map((s) => s._id)).not.toContain(current!._id)
    await expect(
      page.getByRole('list', { name: 'Signed-in devices' }).getByText('This device'),
    ).toHaveCount(1)
  })

  await test.step('remove the passkey on the profile', async () => {
    await page.getByRole('button', { name: `Remove the passkey ${label}` }).click()
    const dialog = page.getByRole('dialog', { name: `Remove the passkey ${label}?` })
    await dialog.getByRole('button', { name: 'Remove' }).click()
    await expectToast(page, 'Passkey removed')
    await expect(passkeys).toHaveCount(0)
  })

  await test.step('the removed passkey no longer signs in', async () => {
    await signOut(page, session.name)
    await startPasskeySignIn(page)
    await expect(page.getByRole('alert')).toHaveText(PASSKEY_UNKNOWN)
    await expect(page).toHaveURL('/signin?redirect=/profile')
    await expect(page.getByRole('button', { name: 'Use a passkey' })).toBeEnabled()
    expect(await storedSession(page)).toBeNull()
  })
})

test('a forged, replayed or garbled passkey assertion is refused', async ({ page, request }) => {
  const authenticator = await addVirtualAuthenticator(page)
  const session = await signedInUser(page, request)
  await addPasskeyOnProfile(page, `Phone ${uniqueId()}`)
  const [credential] = await authenticator.credentials()
  const credentialId = Buffer.from(credential!.credentialId, 'base64').toString('base64url')
  await signOut(page, session.name)

  await test.step('an assertion whose signature was changed on the way is refused', async () => {
    let sentId: string | undefined
    await page.route(isSignInUrl, async (route) => {
      const body = route.request().postDataJSON() as {
        credential: { id: string; response: { signature: string } }
      }
      sentId = body.credential.id
      body.credential.response.signature = withLastByteFlipped(body.credential.response.signature)
      await route.continue({ postData: JSON.stringify(body) })
    })
    const answered = page.waitForResponse((res) => isPasskeySignIn(res.request()))
    await startPasskeySignIn(page)
    expect((await answered).status()).toBe(401)
    expect(sentId).toBe(credentialId)
    await expect(page.getByRole('alert')).toHaveText(PASSKEY_REFUSED)
    expect(await storedSession(page)).toBeNull()
    await page.unroute(isSignInUrl)
  })

  await test.step('the refused assertion is a failed sign-in in the security log', async () => {
    const res = await request.get('/api/users/security-log', {
      headers: await adminHeaders(request),
    })
    expect(res.status()).toBe(200)
    const { events } = (await res.json()) as SecurityLog
    expect(
      events.filter((event) => event.email === session.email).map((event) => event.type),
    ).toContain('sign-in-failed')
  })

  let genuine: unknown
  await test.step('the untouched assertion signs in; sent again, it is refused', async () => {
    const sent = page.waitForRequest(isPasskeySignIn)
    await page.getByRole('button', { name: 'Use a passkey' }).click()
    await expect(page).toHaveURL('/profile')
    genuine = (await sent).postDataJSON()
    const replay = await request.post(SIGN_IN_PATH, { data: genuine })
    expect(replay.status(), await replay.text()).toBe(401)
    expect(await replay.json()).toEqual({ message: PASSKEY_REFUSED })
  })

  await test.step('garbled or unknown credentials are refused through the API', async () => {
    const garbled = await request.post(SIGN_IN_PATH, {
      data: {
        credential: {
          id: credentialId,
          rawId: credentialId,
          type: 'public-key',
          response: { clientDataJSON: 'bm90IEpTT04', authenticatorData: 'AAAA', signature: 'AAAA' },
          clientExtensionResults: {},
        },
      },
    })
    expect(garbled.status(), await garbled.text()).toBe(401)
    expect(await garbled.json()).toEqual({ message: PASSKEY_REFUSED })

    const { credential: sentCredential } = genuine as { credential: Record<string, unknown> }
    const unknown = await request.post(SIGN_IN_PATH, {
      data: {
        credential: {
          ...sentCredential,
          id: 'bm8tc3VjaC1wYXNza2V5',
          rawId: 'bm8tc3VjaC1wYXNza2V5',
        },
      },
    })
    expect(unknown.status(), await unknown.text()).toBe(401)
    expect(await unknown.json()).toEqual({ message: PASSKEY_UNKNOWN })

    const malformed = await request.post(SIGN_IN_PATH, {
      data: { credential: { ...sentCredential, type: 'password' } },
    })
    expect(malformed.status(), await malformed.text()).toBe(400)
  })
})

test('an admin who adds a passkey is told by e-mail', async ({ page, request }) => {
  await addVirtualAuthenticator(page)
  const user = await signUpApi(request, `Passkey Admin ${uniqueId()}`)
  const promoted = await request.put(`/api/users/${user._id}`, {
    headers: await adminHeaders(request),
    data: { name: user.name, email: user.email, isAdmin: true },
  })
  expect(promoted.status(), await promoted.text()).toBe(200)
  const session = await signInApi(request, user.email, user.password)
  expect(session.isAdmin).toBe(true)
  await useSessionIn(page, session)

  await addPasskeyOnProfile(page, `Security key ${uniqueId()}`)
  const mail = await waitForMailTo(user.email)
  expect(mail.subject).toBe('A passkey was added to your account')
  expect(mail.text).toContain('A passkey was added to your account (from ')
  expect(mail.text).toContain(`${E2E_BASE_URL}/profile`)
})
