/**
 * The Playwright `test` every spec uses: fails on any page error, and offers sign-in through the
 * API (the session goes straight into local storage), caught mail, an axe scan and screenshots.
 */
import { randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test'
import {
  ARE_SCREENSHOTS_TAKEN,
  E2E_ADMIN,
  E2E_BASE_URL,
  E2E_CLOCK_OFFSET_MS,
  E2E_MAIL_DIR,
  e2eNow,
  SCREENSHOT_DIR,
} from './e2e-env.ts'

export interface SessionInfo {
  _id: string
  name: string
  email: string
  isAdmin: boolean
  token: string
}

export const STRONG_PASSWORD = 'Visit0r!pass'
export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 8)}@example.com`

export async function signInApi(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<SessionInfo> {
  const res = await request.post('/api/users/signin', { data: { email, password } })
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()) as SessionInfo
}

export async function signUpApi(
  request: APIRequestContext,
  name = 'Test Visitor',
): Promise<SessionInfo & { password: string }> {
  const email = uniqueEmail()
  const res = await request.post('/api/users/signup', {
    data: { name, email, password: STRONG_PASSWORD },
  })
  expect(res.ok(), await res.text()).toBe(true)
  return { ...((await res.json()) as SessionInfo), password: STRONG_PASSWORD }
}

/**
 * Puts a session into local storage before any page script runs, as a signed-in browser has it.
 * Only once per tab, so signing out in the page is not undone by the next navigation.
 */
export async function useSessionIn(page: Page, session: SessionInfo) {
  await page.addInitScript((value) => {
    if (window.sessionStorage.getItem('e2e-session-stored')) return
    window.sessionStorage.setItem('e2e-session-stored', 'yes')
    window.localStorage.setItem('userInfo', value)
  }, JSON.stringify(session))
}

export async function signInAsAdmin(page: Page, request: APIRequestContext) {
  const session = await signInApi(request, E2E_ADMIN.email, E2E_ADMIN.password)
  await useSessionIn(page, session)
  return session
}

export interface CaughtMail {
  to: string[]
  subject: string
  text: string
  html: string
}

/** The newest mail to `address` (with `subject`, when given) the global SMTP server has caught so far. */
async function newestMailTo(
  address: string,
  subject?: string | RegExp,
): Promise<CaughtMail | undefined> {
  const files = (await readdir(E2E_MAIL_DIR).catch(() => [] as string[]))
    .filter((f) => f.endsWith('.json'))
    .sort()
  for (const file of files.reverse()) {
    const mail = JSON.parse(await readFile(path.join(E2E_MAIL_DIR, file), 'utf8')) as CaughtMail
    const isSubject =
      subject === undefined ||
      (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject))
    if (mail.to.includes(address.toLowerCase()) && isSubject) return mail
  }
  return undefined
}

/**
 * How long waitForMailTo waits: it only bounds how long a failing test takes to say so, far beyond
 * a delivery on a busy machine and under the test's own timeout.
 */
const MAIL_WAIT = { timeout: 60_000, intervals: [200] }

/** The schema.org nodes of `type` in the page's structured data (the @graph of each JSON-LD block). */
export async function jsonLdNodesOf<T extends { '@type': string }>(
  page: Page,
  type: string,
): Promise<T[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
  return blocks.flatMap((block) => {
    const data = JSON.parse(block) as { '@graph'?: { '@type': string }[] }
    return (data['@graph'] ?? []).filter((node): node is T => node['@type'] === type)
  })
}

/**
 * The newest mail to `address`, once one has arrived; with `subject`, the newest of those with it
 * (an address that gets several mails from one action: a signature and its deposit invoice).
 */
export async function waitForMailTo(
  address: string,
  subject?: string | RegExp,
): Promise<CaughtMail> {
  let mail: CaughtMail | undefined
  await expect(async () => {
    mail = await newestMailTo(address, subject)
    expect(mail, `a mail to ${address}`).toBeDefined()
  }).toPass(MAIL_WAIT)
  return mail!
}

/**
 * Waits until the page answers as it will: a page that ships React once React has hydrated it, so a
 * click reaches React's handlers instead of the plain HTML behaviour (React marks each DOM node it
 * owns with a `__reactProps$` key; the page's <main> gets one once the route is hydrated, a React
 * internal but a stable one); a page that ships none (app/lib/static-page.ts) once its document is
 * parsed, when its inline script has run.
 */
export async function waitUntilInteractive(page: Page) {
  await page.waitForFunction(() => {
    if (document.readyState === 'loading') return false
    if (!('__reactRouterContext' in window)) return true
    const main = document.getElementById('main-content')
    return !!main && Object.keys(main).some((key) => key.startsWith('__reactProps$'))
  })
}

/**
 * Chooses in `select` an answer its options do not list, as a page served before the owner changed
 * the options sends it: only the server can refuse it.
 */
export async function chooseUnlistedOption(select: Locator, answer: string) {
  await select.evaluate((element: HTMLSelectElement, value) => {
    element.add(new Option(value, value, true, true))
  }, answer)
}

/** A page in a fresh context with JavaScript off: what search engines and no-script visitors get. */
export async function newNoJsPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, javaScriptEnabled: false })
  return { context, page: await context.newPage() }
}

/**
 * Records every toast as it appears, in the page itself (`window.__shownToasts`): a toast closes
 * after 1 to 1.5 s (the specification), sooner than a busy machine may get to look at the page.
 * Toasts live in a live region outside <main>; in-page alerts live inside it.
 */
function recordToasts() {
  const shown: string[] = []
  Object.defineProperty(window, '__shownToasts', { value: shown })
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      const region = mutation.target as Element
      if (region.getAttribute?.('role') !== 'status' || region.closest('main')) continue
      for (const node of mutation.addedNodes) {
        const text = node.textContent?.trim()
        if (text) shown.push(text)
      }
    }
  }).observe(document, { subtree: true, childList: true })
}

/**
 * Waits until a toast with this text has been shown (since the page loaded), and counts it as seen:
 * a second call waits for a second such toast.
 */
export async function expectToast(page: Page, text: string | RegExp) {
  const pattern =
    typeof text === 'string' ? { plain: text } : { source: text.source, flags: text.flags }
  await expect
    .poll(
      () =>
        page.evaluate((p) => {
          const shown = (window as unknown as { __shownToasts?: string[] }).__shownToasts
          if (!shown) return 'no toast recorder in this page'
          const i = shown.findIndex((message) =>
            'plain' in p
              ? message.includes(p.plain!)
              : new RegExp(p.source!, p.flags).test(message),
          )
          if (i < 0) return `shown so far: ${JSON.stringify(shown)}`
          shown.splice(i, 1)
          return 'shown'
        }, pattern),
      { message: `a toast saying ${String(text)}` },
    )
    .toBe('shown')
}

/**
 * axe-core scan: no serious or critical violation. It first waits for the page to be settled: no
 * screen loading (`aria-busy`, which dims the admin's list) and every finite animation and
 * transition ended, since axe would measure the contrast of text that is fading back in.
 */
export async function expectNoA11yViolations(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([])
}

/**
 * Nothing on the page reaches past the window's right edge: the page does not scroll sideways, and
 * no box runs off it even where a card's overflow hides the rest (rows of figures wider than their
 * card). A scrolling region (overflow-x auto or scroll) may hold wider content; text hidden for
 * screen readers (clipped) and the contact form's off-screen trap are not seen by anyone.
 */
export async function expectNoSidewaysScroll(page: Page, path: string) {
  const found = await page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const scrolls = (element: Element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        const { overflowX } = getComputedStyle(up)
        if (overflowX === 'auto' || overflowX === 'scroll') return true
      }
      return false
    }
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
        element.getAttribute('class')
          ? `.${element.getAttribute('class')!.split(/\s+/).slice(0, 4).join('.')}`
          : ''
      } "${(element.textContent ?? '').trim().slice(0, 40)}"`
    // Hidden from sight but read to screen readers (sr-only: clipped), such as a table's headings.
    const clipped = (element: Element) => {
      for (let up: Element | null = element; up && up !== document.body; up = up.parentElement) {
        const style = getComputedStyle(up)
        if (style.clipPath !== 'none' || (style.clip && style.clip !== 'auto')) return true
      }
      return false
    }
    const past: string[] = []
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect()
      if (box.width <= 1 || box.height <= 1 || box.right <= width + 0.5) continue
      if (box.left < -1000 || element.closest('[aria-hidden="true"], template, dialog:not([open])'))
        continue
      if (getComputedStyle(element).visibility === 'hidden' || scrolls(element) || clipped(element))
        continue
      past.push(`${name(element)} reaches ${Math.round(box.right)} px`)
    }
    return { scroll: document.documentElement.scrollWidth, width, past: past.slice(0, 5) }
  })
  expect(found.scroll, `${path} scrolls sideways`).toBeLessThanOrEqual(found.width)
  expect(found.past, `boxes on ${path} past the ${found.width} px window`).toEqual([])
}

/**
 * A full-page screenshot shows what a visitor sees after scrolling, but lazy images below the fold
 * never start loading in it: load them all first (each one may fail; the wait is bounded).
 */
async function loadAllImages(page: Page) {
  await page.evaluate(async () => {
    const images = Array.from(document.images)
    for (const image of images) image.loading = 'eager'
    const loaded = images.map((image) =>
      image.complete
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            image.addEventListener('load', () => resolve(), { once: true })
            image.addEventListener('error', () => resolve(), { once: true })
          }),
    )
    await Promise.race([Promise.all(loaded), new Promise((resolve) => setTimeout(resolve, 5_000))])
  })
}

/**
 * Saves the page at phone and desktop widths into reports/screenshots (never committed), when
 * screenshots are asked for (`npm run screenshots`).
 */
export async function screenshotBoth(page: Page, name: string) {
  if (!ARE_SCREENSHOTS_TAKEN) return
  await mkdir(SCREENSHOT_DIR, { recursive: true })
  const original = page.viewportSize()
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 800 })
    await loadAllImages(page)
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`),
      fullPage: true,
    })
  }
  if (original) await page.setViewportSize(original)
}

export const test = base.extend<{
  pageErrors: string[]
  toastRecorder: void
  browserClock: void
}>({
  // In a dated run the browser's clock shows the server's day too (and goes on from there).
  browserClock: [
    async ({ context }, use) => {
      if (E2E_CLOCK_OFFSET_MS) await context.clock.install({ time: e2eNow() })
      await use()
    },
    { auto: true },
  ],
  toastRecorder: [
    async ({ context }, use) => {
      await context.addInitScript(recordToasts)
      await use()
    },
    { auto: true },
  ],
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
      page.on('console', (message) => {
        if (
          message.type() === 'error' &&
          !/Failed to load resource: the server responded with a status of (4\d\d)/.test(
            message.text(),
          )
        ) {
          errors.push(`console: ${message.text()}`)
        }
      })
      await use(errors)
      expect(errors, 'the page logged errors').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
