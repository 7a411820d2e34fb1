/** Settings shared by the Playwright config, its global setup and the specs. */
import os from 'node:os'
import path from 'node:path'

const env = process.env
export const E2E_PORT = Number(env.E2E_PORT ?? 3457)
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`
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
export const IS_CI = Boolean(env.CI)
