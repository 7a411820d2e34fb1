/**
 * Rendering without the cache (issue "fast without the cache"): every public route of a fresh
 * install (first-run content and the demo portfolio, as `npm start` and `npm run seed` make it)
 * loaded at 10 connections with the response cache off (RESPONSE_CACHE_TTL_MS=0) and on, each
 * beside a bare node:http server answering a small HTML page in the same run; 500 distinct
 * campaign links to `/` against the plain URL (cache on); and the server's peak memory during a
 * 15 s crawl of every distinct public URL at 20 connections. Figures against their targets,
 * never asserted.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { startServer, type ServerProcess } from '#tests/helpers/server-process.ts'
import { loadTest, withPeakMemory, type LoadResult } from './measure.ts'
import { formatTable } from './report.ts'

const CONNECTIONS = 10
const TARGETS = {
  /** Each public page without the cache, as a share of the bare server's rate. */
  uncachedRatio: 0.005,
  /** 500 campaign links against the plain URL, cache on. */
  campaignShare: 0.5,
  /** Issue 54 re-based it from 220 on Node 24, as the peak under load (bench/run.ts). */
  crawlPeakMb: 300,
}
/** A pass over every measured route, at the load's connections, before the first is measured. */
const WARM_UP_SECONDS = 3

const ADMIN = { email: 'bench-render@example.com', password: 'Bench-Passw0rd!' }

export interface RenderOptions {
  durationSeconds: number
}

interface RouteFigures {
  path: string
  uncached: LoadResult
  cached: LoadResult
}

export interface RenderResult {
  ceiling: LoadResult
  routes: RouteFigures[]
  campaign: { plain: LoadResult; links: LoadResult }
  crawl: { urls: number; requests: number; non2xx: number; peakMb: number }
}

/** The bare node:http server of bench/ceiling-server.ts, answering a small HTML page. */
async function measureHtmlCeiling(durationSeconds: number): Promise<LoadResult> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'ceiling-server.ts'), '--html'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  try {
    const [chunk] = (await once(child.stdout, 'data')) as [Buffer]
    return await loadTest(
      `http://127.0.0.1:${Number(chunk.toString().trim())}`,
      { name: 'ceiling (HTML)', path: '/', kind: 'page' },
      { connections: CONNECTIONS, durationSeconds, warmupSeconds: 1 },
    )
  } finally {
    child.kill('SIGTERM')
  }
}

async function startSite(dataDir: string, cacheTtlMs: number): Promise<ServerProcess> {
  return startServer({
    env: {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_SCALE: '0',
      LOG_LEVEL: 'warn',
      RESPONSE_CACHE_TTL_MS: String(cacheTtlMs),
    },
    readyTimeoutMs: 300_000,
  })
}

/** The demo portfolio, as `npm run seed` adds it beside a running server. */
async function seedDemo(dataDir: string) {
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, '..', 'build', 'server', 'cli', 'seed.mjs')],
    { env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production' }, stdio: 'ignore' },
  )
  const [code] = (await once(child, 'exit')) as [number | null]
  if (code !== 0) throw new Error(`npm run seed exited with ${code}`)
}

/**
 * One published journal post, as an owner writes one: a fresh install has none public (its sample
 * post is a draft), and a post page is one of the routes measured.
 */
async function publishPost(baseUrl: string) {
  const signIn = await fetch(`${baseUrl}/api/users/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  const { token } = (await signIn.json()) as { token: string }
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const created = await fetch(`${baseUrl}/api/posts`, {
    method: 'POST',
    headers: { authorization: headers.authorization },
  })
  const { post } = (await created.json()) as { post: { _id: string; slug: string } }
  const body = [
    'Most pages change only when their owner edits them.',
    '',
    '> A cache that is told about every change is never wrong.',
    '',
    '```ts',
    'export const weakEtag = (body: Buffer) => `W/"${hash(body)}"`',
    '```',
    '',
    'Words. '.repeat(600),
  ].join('\n')
  const saved = await fetch(`${baseUrl}/api/posts/${post._id}`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      title: 'Caching pages without lying to the browser',
      slug: post.slug,
      summary: 'How the site keeps pages fresh and fast.',
      body,
      tags: ['Performance'],
      status: 'published',
    }),
  })
  if (!saved.ok) throw new Error(`publishing the bench's post: HTTP ${saved.status}`)
}

/** Every distinct public URL a crawler finds: the sitemap's, and each list page with its tags and pages. */
async function publicUrls(baseUrl: string): Promise<string[]> {
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text()
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname)
  const urls = new Set(paths)
  for (const list of ['/portfolio', '/journal']) {
    const html = await (await fetch(`${baseUrl}${list}`)).text()
    for (const m of html.matchAll(/href="(\/(?:portfolio|journal)\?[^"]+)"/g)) {
      urls.add(m[1]!.replaceAll('&amp;', '&'))
    }
  }
  return [...urls].sort()
}

const routeOf = (urls: string[], prefix: string) => urls.find((u) => u.startsWith(prefix))

async function loadRoutes(baseUrl: string, paths: string[], durationSeconds: number) {
  const results = new Map<string, LoadResult>()
  for (const p of paths) {
    results.set(
      p,
      await loadTest(
        baseUrl,
        { name: p, path: p, kind: 'page' },
        { connections: CONNECTIONS, durationSeconds, warmupSeconds: 1 },
      ),
    )
  }
  return results
}

/** Requests spread over `paths` in turn, at `connections`, for `durationSeconds`. */
async function spread(
  baseUrl: string,
  paths: string[],
  connections: number,
  durationSeconds: number,
) {
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: durationSeconds,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  })
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
  }
}

export async function measureRender({ durationSeconds }: RenderOptions): Promise<RenderResult> {
  const ceiling = await measureHtmlCeiling(durationSeconds)
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-render-'))
  try {
    // The first start makes the first-run content; the demo portfolio is added beside it.
    let server = await startSite(dataDir, 0)
    await seedDemo(dataDir)
    await publishPost(server.url)
    const urls = await publicUrls(server.url)
    const routes = [
      '/',
      '/about',
      '/portfolio',
      '/faq',
      '/contact',
      '/journal',
      routeOf(urls, '/journal/'),
      routeOf(urls, '/website/'),
    ].filter((p): p is string => p !== undefined)
    // Every route is warmed before any is measured: the first route measured would otherwise also
    // pay for compiling the code all pages share (the database's WebAssembly, React, the router).
    await spread(server.url, routes, CONNECTIONS, WARM_UP_SECONDS)
    const uncached = await loadRoutes(server.url, routes, durationSeconds)
    await server.stop()

    server = await startSite(dataDir, 60_000)
    await spread(server.url, routes, CONNECTIONS, WARM_UP_SECONDS)
    const cached = await loadRoutes(server.url, routes, durationSeconds)
    const campaignLinks = Array.from(
      { length: 500 },
      (_, i) => `/?utm_source=newsletter&utm_medium=email&utm_campaign=spring-${i}&fbclid=${i}`,
    )
    const plain = await spread(server.url, ['/'], CONNECTIONS, durationSeconds)
    const links = await spread(server.url, campaignLinks, CONNECTIONS, durationSeconds)
    await server.stop()

    // The crawl: a fresh process with the cache on, every distinct public URL in turn.
    server = await startSite(dataDir, 60_000)
    const { value: crawled, peakMb } = await withPeakMemory(server.pid, () =>
      spread(server.url, urls, 20, 15),
    )
    await server.stop()
    return {
      ceiling,
      routes: routes.map((p) => ({ path: p, uncached: uncached.get(p)!, cached: cached.get(p)! })),
      campaign: { plain, links },
      crawl: {
        urls: urls.length,
        requests: crawled.requests,
        non2xx: crawled.non2xx,
        peakMb,
      },
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US')
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**')

export function renderRender(result: RenderResult): string {
  const { ceiling, routes, campaign, crawl } = result
  const floor = ceiling.rps * TARGETS.uncachedRatio
  const campaignRatio = campaign.links.rps / campaign.plain.rps
  return [
    '## Rendering without the cache',
    '',
    `Ceiling: bare node:http answering a small HTML page, ${CONNECTIONS} connections: ` +
      `**${fmt(ceiling.rps)} req/s**. Target for each page without the cache: ` +
      `>= ${TARGETS.uncachedRatio} of it (${fmt(floor)} req/s). A fresh install with the demo portfolio.`,
    '',
    formatTable(
      ['route', 'uncached req/s', 'p50 ms', 'x ceiling', 'target', 'cached req/s', 'x ceiling'],
      routes.map((r) => [
        r.path,
        fmt(r.uncached.rps),
        String(r.uncached.p50),
        (r.uncached.rps / ceiling.rps).toFixed(4),
        verdict(r.uncached.rps >= floor && r.uncached.non2xx === 0),
        fmt(r.cached.rps),
        (r.cached.rps / ceiling.rps).toFixed(3),
      ]),
    ),
    '',
    `500 distinct campaign links to / (cache on): ${fmt(campaign.links.rps)} req/s against ` +
      `${fmt(campaign.plain.rps)} for the plain URL: ${campaignRatio.toFixed(2)} ` +
      `(target >= ${TARGETS.campaignShare}: ${verdict(campaignRatio >= TARGETS.campaignShare)}).`,
    '',
    `Crawl of every distinct public URL (${crawl.urls}), 20 connections, 15 s: ` +
      `${fmt(crawl.requests)} requests (${crawl.non2xx} not 2xx), peak memory ` +
      `**${crawl.peakMb.toFixed(0)} MB** (target <= ${TARGETS.crawlPeakMb}: ` +
      `${verdict(crawl.peakMb <= TARGETS.crawlPeakMb)}).`,
  ].join('\n')
}
