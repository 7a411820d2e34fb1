/**
 * Which requests are a person's browser viewing a public page (visit statistics, docs/privacy.md):
 * a GET of a public page's HTML document, or the data request of a navigation to another public
 * page inside the site (React Router fetches `/about.data` instead of the document once the page
 * is hydrated). Not counted: prefetches, HEAD, known crawlers and tools (isbot's maintained list)
 * and browsers that say they are automated, visitors asking not to be tracked (DNT, Sec-GPC),
 * admin, account and API paths, and anything that is not a page.
 */
import { isbot } from 'isbot'
import { isPublicPage } from '#common/public-pages.ts'
import type { Device } from '#common/schemas/stats.ts'
import { pagePathOf } from './canonical-path.ts'

type Headers = Record<string, string | string[] | undefined>

/** Automation that isbot's list leaves out, or that says so in other words. */
const AUTOMATED =
  /HeadlessChrome|Headless|Lighthouse|Chrome-Lighthouse|PhantomJS|Playwright|Puppeteer|Selenium|webdriver/i
const UTM_MAX = 100
const COUNTRY = /^[A-Z]{2}$/
/** Country headers set by common proxies and CDNs; read only behind a trusted proxy. */
const COUNTRY_HEADERS = ['cf-ipcountry', 'cloudfront-viewer-country', 'x-vercel-ip-country']

const header = (headers: Headers, name: string): string | undefined => {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

export interface ViewRequest {
  method: string
  url: string
  headers: Headers
}

export interface CountableView {
  path: string
  userAgent: string
  /** The referrer's host when it is another site, else null. */
  source: string | null
  utm: { source: string | null; medium: string | null; campaign: string | null }
  device: Device
  country: string | null
}

/** The public page a path shows, or undefined: `/about.data` is `/about`, `/_.data` `/`. */
function pagePath(pathname: string): { path: string; isData: boolean } | undefined {
  const { page, isData } = pagePathOf(pathname)
  let path = page
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1)
  if (!isPublicPage(path)) return undefined
  return { path, isData }
}

/** True when the user agent is a crawler, a tool or an automated browser (or is missing). */
function isAutomated(userAgent: string | undefined): boolean {
  return !userAgent || isbot(userAgent) || AUTOMATED.test(userAgent)
}

export function deviceOf(userAgent: string): Device {
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(userAgent)) return 'tablet'
  if (/Android/i.test(userAgent) && !/Mobile/i.test(userAgent)) return 'tablet'
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(userAgent)) return 'mobile'
  return 'desktop'
}

const hostOf = (url: string | undefined): string | undefined => {
  if (!url) return undefined
  try {
    return new URL(url).host.toLowerCase()
  } catch {
    return undefined
  }
}

const utmValue = (params: URLSearchParams, name: string) =>
  params.get(name)?.trim().slice(0, UTM_MAX) || null

/**
 * The view `request` is, or undefined when it is not to be counted. `siteHost` is the site's own
 * host (a referrer from it is a navigation inside the site); `isBehindProxy` allows the country
 * header.
 */
export function countableView(
  request: ViewRequest,
  { siteHost, isBehindProxy }: { siteHost: string; isBehindProxy: boolean },
): CountableView | undefined {
  if (request.method !== 'GET') return undefined
  const { headers } = request
  const url = new URL(request.url, 'http://site.invalid')
  const page = pagePath(url.pathname)
  if (!page) return undefined
  const purpose = `${header(headers, 'sec-purpose') ?? ''} ${header(headers, 'purpose') ?? ''} ${header(headers, 'x-moz') ?? ''}`
  if (/prefetch|prerender/i.test(purpose)) return undefined
  if (header(headers, 'dnt') === '1' || header(headers, 'sec-gpc') === '1') return undefined
  const userAgent = header(headers, 'user-agent')
  if (isAutomated(userAgent)) return undefined
  const dest = header(headers, 'sec-fetch-dest')
  const referrer = header(headers, 'referer')
  const referrerHost = hostOf(referrer)
  const ownHosts = new Set([siteHost, header(headers, 'host')?.toLowerCase()])
  if (page.isData) {
    // A navigation inside the site: from another of its pages. A data request for the page the
    // browser already shows is a revalidation (after the contact form's post), not a view.
    if (dest !== undefined && dest !== 'empty') return undefined
    if (!referrerHost || !ownHosts.has(referrerHost)) return undefined
    if (pagePath(new URL(referrer!).pathname)?.path === page.path) return undefined
  } else if (dest !== undefined) {
    if (dest !== 'document') return undefined
  } else if (!/text\/html/i.test(header(headers, 'accept') ?? '')) {
    return undefined
  }
  const params = url.searchParams
  const country = isBehindProxy
    ? COUNTRY_HEADERS.map((name) => header(headers, name)?.toUpperCase()).find(
        (value) => value !== undefined && COUNTRY.test(value) && value !== 'XX',
      )
    : undefined
  return {
    path: page.path,
    userAgent: userAgent!,
    source: referrerHost && !ownHosts.has(referrerHost) ? referrerHost : null,
    utm: {
      source: utmValue(params, 'utm_source'),
      medium: utmValue(params, 'utm_medium'),
      campaign: utmValue(params, 'utm_campaign'),
    },
    device: deviceOf(userAgent!),
    country: country ?? null,
  }
}
