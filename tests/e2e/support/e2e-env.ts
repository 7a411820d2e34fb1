/** Settings shared by the Playwright config, its global setup and the specs. */
import os from 'node:os'
import path from 'node:path'

const env = process.env
export const E2E_PORT = Number(env.E2E_PORT ?? 3457)
/** The address the server binds: a loopback address, never reachable from another machine. */
export const E2E_HOST = '127.0.0.1'
/**
 * The site's address, for the browser and the server's PUBLIC_URL alike: a host name, since WebAuthn
 * refuses an IP address as relying-party id and the server takes its RP id and origin from
 * PUBLIC_URL. Chromium resolves localhost to loopback itself and counts it a secure context.
 */
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`
/**
 * The same server by its bound address, for links the server fetches itself (the link checks): its
 * resolver may answer ::1 first for localhost, where nothing listens, and a check keeps to the first
 * address it resolved.
 */
export const E2E_LOOPBACK_URL = `http://${E2E_HOST}:${E2E_PORT}`
export const E2E_DATA_DIR = env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `site-e2e-data-${E2E_PORT}`)
export const E2E_SMTP_PORT = Number(env.E2E_SMTP_PORT ?? E2E_PORT + 1000)
export const E2E_MAIL_DIR = path.join(os.tmpdir(), `site-e2e-mail-${E2E_PORT}`)
/** The test SMTP server refuses every recipient at this domain. */
export const UNDELIVERABLE_DOMAIN = 'undeliverable.example'
export const E2E_ADMIN = { email: 'owner@example.com', password: 'Own3r!pass-e2e' }
export const SCREENSHOT_DIR = path.resolve('reports/screenshots')
/** Screenshots are taken on request only (`npm run screenshots`): nothing gates on them. */
export const ARE_SCREENSHOTS_TAKEN = env.E2E_SCREENSHOTS === '1'
export const CHROMIUM_PATH = env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/**
 * Debian's Chromium, started the way this network-less machine needs: the browser tests, the
 * page-weight measurement and Lighthouse alike.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
export const IS_CI = Boolean(env.CI)
/**
 * How far ahead of the machine's clock the server and the browsers run: set by
 * `npm run test:e2e:dated` to run the date-bound specs as if today were a chosen day; 0 otherwise.
 */
export const E2E_CLOCK_OFFSET_MS = Number(env.E2E_CLOCK_OFFSET_MS ?? 0)
/** "Now" as the server under test and its browsers see it, in milliseconds. */
export const e2eNow = () => Date.now() + E2E_CLOCK_OFFSET_MS
