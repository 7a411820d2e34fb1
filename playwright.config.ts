import { defineConfig, devices } from '@playwright/test'
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  E2E_ADMIN,
  E2E_BASE_URL,
  E2E_CLOCK_OFFSET_MS,
  E2E_DATA_DIR,
  E2E_HOST,
  E2E_PORT,
  E2E_SMTP_PORT,
  IS_CI,
} from './tests/e2e/support/e2e-env.ts'

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: IS_CI ? 1 : 0,
  // Safety nets for a machine busy with other work (the defaults are 30 s and 5 s), not expectations
  // of speed: a passing test takes no longer for them.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: IS_CI
    ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]]
    : 'list',
  globalSetup: './tests/e2e/support/global-setup.ts',
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'on-first-retry',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: ['**/site-settings.spec.ts', '**/first-run.spec.ts'],
    },
    // Changes what every page shows (the business name, sign-ups, the FAQ): after all the others.
    {
      name: 'site-settings',
      use: { ...devices['Desktop Chrome'] },
      testMatch: '**/site-settings.spec.ts',
      dependencies: ['chromium'],
    },
    // Renames the whole site from the setup page: after the settings spec, for the same reason.
    {
      name: 'first-run',
      use: { ...devices['Desktop Chrome'] },
      testMatch: '**/first-run.spec.ts',
      dependencies: ['site-settings'],
    },
  ],
  // The README's own start path: a fresh data folder, demo content, then `npm start`.
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && npm run seed && npm start`,
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    env: {
      PORT: String(E2E_PORT),
      HOST: E2E_HOST,
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: E2E_BASE_URL,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SMTP_URL: `smtp://${E2E_HOST}:${E2E_SMTP_PORT}`,
      MAIL_RETRY_INTERVAL_MS: '1000',
      RATE_LIMIT_SCALE: '50',
      // Browsers here fill a form faster than a person: the timing check is proven by the API tests.
      CONTACT_MIN_FILL_SECONDS: '0',
      // The link-check spec checks links to this very server, on a loopback address.
      LINK_CHECK_ALLOW_PRIVATE: 'true',
      LOG_LEVEL: 'warn',
      // A dated run (npm run test:e2e:dated) moves the server's clock to its day; 0 otherwise.
      CLOCK_OFFSET_MS: String(E2E_CLOCK_OFFSET_MS),
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
