/**
 * Page-weight budgets: builds, serves the production build with demo content, and for every
 * public route sums the gzipped JavaScript and CSS of its first load and the bytes of its images.
 * Exits non-zero when any route is over budget.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { ensureBuild } from '#tests/helpers/build.ts'
import { run, startProductionServer } from './lib/production-server.ts'
import { PUBLIC_PAGES } from '#common/public-pages.ts'

const BUDGET = { js: 125 * 1024, css: 12 * 1024, total: 300 * 1024 }

const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1]

/**
 * The first load of a page: its stylesheets and non-lazy images from the HTML, and its JavaScript from
 * React Router's manifest embedded in the document: the client entry and the modules (with their
 * imports) of the routes that matched, as named in `window.__reactRouterRouteModules`.
 */
function firstLoadAssets(html: string) {
  const scripts = new Set<string>()
  const styles = new Set<string>()
  const images = new Set<string>()
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = attr(tag, 'href')
    if (href && attr(tag, 'rel') === 'stylesheet') styles.add(href)
  }
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = attr(tag, 'src')
    if (src) scripts.add(src)
  }
  const manifestJson =
    /window\.__reactRouterManifest = (\{[\s\S]*?\});\s*window\.__reactRouterRouteModules/.exec(
      html,
    )?.[1]
  const routeModules = /window\.__reactRouterRouteModules = \{([^}]*)\}/.exec(html)?.[1]
  if (!manifestJson || !routeModules) throw new Error('no React Router manifest in the document')
  const manifest = JSON.parse(manifestJson) as {
    entry: { module: string; imports: string[] }
    routes: Record<string, { module: string; imports?: string[] }>
  }
  const add = (m: { module: string; imports?: string[] }) =>
    [m.module, ...(m.imports ?? [])].forEach((src) => scripts.add(src))
  add(manifest.entry)
  for (const [, id] of routeModules.matchAll(/"([^"]+)":\s*\w+/g)) {
    const route = manifest.routes[id!]
    if (!route) throw new Error(`route ${id} missing from the manifest`)
    add(route)
  }
  for (const [tag] of html.matchAll(/<img\b[^>]*>/g)) {
    const src = attr(tag, 'src')
    if (src && !/loading="lazy"/.test(tag)) images.add(src)
  }
  return { scripts, styles, images }
}

async function main() {
  // Rebuilds only when a source is newer than the build; concurrent builders take turns.
  if (!process.argv.includes('--no-build')) await ensureBuild()
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-budgets-'))
  // The embedded database belongs to one process at a time: seed before the server opens it.
  await run('node', ['build/server/cli/seed.mjs'], {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  })
  const server = await startProductionServer({ DATA_DIR: dataDir, DATABASE_URL: '' })
  try {
    const websites = (await (await fetch(`${server.url}/api/websites/search?page=1`)).json()) as {
      websites: { slug: string }[]
    }
    const routes = [
      ...PUBLIC_PAGES,
      ...websites.websites.slice(0, 1).map((w) => `/website/${w.slug}`),
    ]
    const sizeCache = new Map<string, { raw: number; gzip: number }>()
    const sizeOf = async (asset: string) => {
      const cached = sizeCache.get(asset)
      if (cached) return cached
      const body = Buffer.from(await (await fetch(new URL(asset, server.url))).arrayBuffer())
      const size = { raw: body.length, gzip: gzipSync(body, { level: 9 }).length }
      sizeCache.set(asset, size)
      return size
    }
    const rows: string[][] = []
    let failed = false
    for (const route of routes) {
      const response = await fetch(`${server.url}${route}`)
      const html = await response.text()
      const assets = firstLoadAssets(html)
      let js = 0
      let css = 0
      let img = 0
      for (const s of assets.scripts) js += (await sizeOf(s)).gzip
      for (const s of assets.styles) css += (await sizeOf(s)).gzip
      for (const s of assets.images) img += (await sizeOf(s)).raw
      const htmlGzip = gzipSync(html).length
      const total = js + css + img + htmlGzip
      const over =
        js > BUDGET.js || css > BUDGET.css || total > BUDGET.total || response.status !== 200
      failed ||= over
      rows.push([
        route,
        String(response.status),
        kb(js),
        kb(css),
        kb(img),
        kb(htmlGzip),
        kb(total),
        over ? 'OVER' : 'ok',
      ])
    }
    const header = ['route', 'status', 'js gz', 'css gz', 'images', 'html gz', 'total', 'budget']
    console.log(
      `\nBudgets: JS ${kb(BUDGET.js)}, CSS ${kb(BUDGET.css)}, total ${kb(BUDGET.total)} (KB, gzipped where text)\n`,
    )
    console.log(table([header, ...rows]))
    if (failed) {
      console.error('\nPage-weight budget exceeded.')
      process.exitCode = 1
    }
  } finally {
    await server.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1)
function table(rows: string[][]) {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  return rows.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ')).join('\n')
}

await main()
