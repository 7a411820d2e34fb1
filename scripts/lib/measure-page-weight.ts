/**
 * Measures, in Chromium, what a first visit to each page transfers: JavaScript (files as sent over
 * the wire, plus inline scripts gzipped; JSON-LD is data and counts with the document), stylesheets, images and the document. Used by
 * `npm run check:budgets` (which judges the figures) and `npm run bench` (which reports them).
 * The server must have been started with the admin account `admin` and the demo content.
 */
import { gzipSync } from 'node:zlib'
import { chromium, type Browser } from '@playwright/test'
import type { PageKind, PageWeight } from './page-weight.ts'
import { makeItTheOwners } from './owners-site.ts'
import { publicRoutes } from './public-routes.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#tests/e2e/support/e2e-env.ts'

const KB = 1024

interface Transfer {
  js: number
  css: number
  images: number
  document: number
  inlineScripts: string[]
}

/** Opens `url` in a fresh context and sums the first visit's transfers by kind of resource. */
async function measure(
  browser: Browser,
  url: string,
  session?: Record<string, unknown>,
): Promise<{ status: number; transfer: Transfer }> {
  const context = await browser.newContext()
  if (session)
    await context.addInitScript((value) => {
      window.localStorage.setItem('userInfo', value)
    }, JSON.stringify(session))
  const page = await context.newPage()
  try {
    const response = await page.goto(url, { waitUntil: 'networkidle' })
    const transfer = await page.evaluate(() => {
      const out = { js: 0, css: 0, images: 0, document: 0, inlineScripts: [] as string[] }
      const [navigation] = performance.getEntriesByType(
        'navigation',
      ) as PerformanceNavigationTiming[]
      out.document = navigation?.transferSize ?? 0
      for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
        const pathname = new URL(entry.name).pathname
        if (pathname.endsWith('.js')) out.js += entry.transferSize
        else if (pathname.endsWith('.css')) out.css += entry.transferSize
        else if (entry.initiatorType === 'img' || /\.(avif|webp|png|jpe?g|svg|gif)$/.test(pathname))
          out.images += entry.transferSize
      }
      for (const script of document.querySelectorAll(
        'script:not([src]):not([type="application/ld+json"])',
      ))
        if (script.textContent) out.inlineScripts.push(script.textContent)
      return out
    })
    return { status: response?.status() ?? 0, transfer }
  } finally {
    await context.close()
  }
}

function weigh(route: string, kind: PageKind, status: number, t: Transfer): PageWeight {
  const inline = t.inlineScripts.reduce((sum, text) => sum + gzipSync(text).length, 0)
  return {
    route,
    kind,
    status,
    jsKb: (t.js + inline) / KB,
    cssKb: t.css / KB,
    imagesKb: t.images / KB,
    htmlKb: t.document / KB,
  }
}

/**
 * Every public page (and the first portfolio entry's), the sign-in page and, signed in as `admin`,
 * the dashboard: each page's first visit, in a fresh browser context.
 */
export async function measurePageWeights(
  serverUrl: string,
  admin: { email: string; password: string },
): Promise<PageWeight[]> {
  const signIn = await fetch(`${serverUrl}/api/users/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  })
  if (!signIn.ok) throw new Error(`admin sign-in failed: HTTP ${signIn.status}`)
  const session = (await signIn.json()) as Record<string, unknown>
  await makeItTheOwners(serverUrl, admin)
  const pages: { route: string; kind: PageKind; isSignedIn?: boolean }[] = [
    ...(await publicRoutes(serverUrl)).map((route) => ({ route, kind: 'static' as const })),
    { route: '/signin', kind: 'admin' },
    { route: '/admin/dashboard', kind: 'admin', isSignedIn: true },
  ]
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const weights: PageWeight[] = []
    for (const { route, kind, isSignedIn } of pages) {
      const { status, transfer } = await measure(
        browser,
        `${serverUrl}${route}`,
        isSignedIn ? session : undefined,
      )
      weights.push(weigh(route, kind, status, transfer))
    }
    return weights
  } finally {
    await browser.close()
  }
}
