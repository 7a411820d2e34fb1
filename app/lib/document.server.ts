/**
 * A server-rendered page shows its content before any JavaScript runs; the hydration code
 * (React and the route modules) is needed only once the page is on screen.
 * React Router's document preloads every module in the head and imports them at once, so on a slow
 * network they compete with the stylesheet and the first image for the bandwidth before the first
 * paint. This rewrites the rendered document so that the preloads and imports start right after
 * the first paint instead: the same modules, the same hydration, one frame later.
 *
 * Pure string work on React Router's output (`<link rel="modulepreload">` tags and the inline
 * `<script type="module">` of `import * as routeN from "..."` lines); a document that does not
 * have that shape is returned unchanged.
 */
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g
const MODULE_SCRIPT = /(<script\b[^>]+type="module"[^>]*>)([\s\S]*?)(<\/script>)/
const ROUTE_IMPORT = /^[ \t]*import \* as (\w+) from "([^"]+)";\s*$/gm
const ENTRY_IMPORT = /^import\("([^"]+)"\);\s*$/m

/**
 * Waits until the page is on screen before any hydration code is requested: until the browser reports
 * the first contentful paint, and the images marked `fetchpriority="high"` (the first portfolio card,
 * a portfolio entry's screenshot) are decoded, so the hydration code neither takes their bandwidth nor
 * delays their paint; at most PAINT_WAIT_MS for a page that is slow or broken. Then two more frames,
 * so that paint has been presented. A hidden tab paints nothing and runs no frames, so it goes on at
 * once, and a frame is never awaited longer than FRAME_WAIT_MS.
 */
const PAINT_WAIT_MS = 2_500
const FRAME_WAIT_MS = 100
const AFTER_FIRST_PAINT = [
  `const frame = () => new Promise((r) => { if (document.visibilityState === 'hidden') return r(); requestAnimationFrame(() => r()); setTimeout(r, ${FRAME_WAIT_MS}); });`,
  `const firstPaint = PerformanceObserver.supportedEntryTypes?.includes('paint') ? new Promise((r) => new PerformanceObserver((list, observer) => { if (list.getEntriesByName('first-contentful-paint').length) { observer.disconnect(); r(); } }).observe({ type: 'paint', buffered: true })) : frame();`,
  `if (document.visibilityState !== 'hidden') await Promise.race([Promise.all([firstPaint, ...Array.from(document.querySelectorAll('img[fetchpriority="high"]'), (img) => img.decode().catch(() => {}))]), new Promise((r) => setTimeout(r, ${PAINT_WAIT_MS}))]);`,
  'await frame(); await frame(); await new Promise((r) => setTimeout(r));',
].join('\n')

/**
 * Evaluates the modules one task each (a dynamic import evaluates the module and whatever of its
 * imports has not run yet), shared chunks first as React Router lists them, the entry left for
 * last: evaluating React, the router and the route modules in one go is one long task on a phone.
 * All of them were requested at once just before, so waiting for one does not delay the others.
 */
const evaluateOneByOne = (hrefs: string[]) =>
  `for (const href of ${JSON.stringify(hrefs)}) { await import(href); await new Promise((r) => setTimeout(r)); }`

export function deferHydration(html: string): string {
  const script = MODULE_SCRIPT.exec(html)
  if (!script) return html
  const [whole, open, body, close] = script as unknown as [string, string, string, string]
  const imports = [...body.matchAll(ROUTE_IMPORT)].map(([, name, href]) => ({ name, href }))
  if (imports.length === 0) return html

  const preloads = [...html.matchAll(MODULE_PRELOAD)].map(([, href]) => href!)
  // The entry module hydrates the page when evaluated: it must stay the last import of the script.
  const entry = ENTRY_IMPORT.exec(body)?.[1]
  const names = imports.map((i) => i.name).join(', ')
  const loads = imports.map((i) => `import(${JSON.stringify(i.href)})`).join(', ')
  const deferred = [
    AFTER_FIRST_PAINT,
    `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));`,
    evaluateOneByOne(preloads.filter((href) => href !== entry)),
    `const [${names}] = await Promise.all([${loads}]);`,
    body.replace(ROUTE_IMPORT, ''),
  ].join('\n')

  return html.replace(whole, () => `${open}${deferred}${close}`).replace(MODULE_PRELOAD, '')
}
