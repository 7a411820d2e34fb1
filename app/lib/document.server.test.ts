import { describe, expect, it } from 'vitest'
import { deferHydration } from './document.server.ts'

// The shape React Router 7 renders: preloads in the head, one inline module script in the body.
const document = [
  '<!DOCTYPE html><html><head>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="n1"/>',
  '<link rel="modulepreload" href="/assets/root-B.js" nonce="n1"/>',
  '<link nonce="n1" rel="stylesheet" href="/assets/app-C.css"/>',
  '</head><body><main>Hello $& $1</main>',
  '<script nonce="n1" type="module" async="">;',
  'import * as route0 from "/assets/root-B.js";',
  'import * as route1 from "/assets/faq-D.js";',
  '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js"},"note":"$&"};',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/faq":route1};',
  '',
  'import("/assets/entry.client-A.js");</script></body></html>',
].join('\n')

describe('deferHydration', () => {
  const out = deferHydration(document)
  const script = /<script nonce="n1" type="module" async="">([\s\S]*?)<\/script>/.exec(out)![1]!

  it('removes the preloads from the head and keeps the stylesheet', () => {
    expect(out).not.toMatch(/<link rel="modulepreload"/)
    expect(out).toContain('<link nonce="n1" rel="stylesheet" href="/assets/app-C.css"/>')
  })

  it('waits for the first paint before preloading and importing anything', () => {
    const wait = script.indexOf('requestAnimationFrame')
    expect(wait).toBeGreaterThanOrEqual(0)
    expect(script.indexOf('modulepreload')).toBeGreaterThan(wait)
    expect(script.indexOf('import(')).toBeGreaterThan(wait)
    expect(script).toContain('["/assets/entry.client-A.js","/assets/root-B.js"]')
  })

  it('waits for the first contentful paint and the priority images (bounded) before loading', () => {
    const paint = script.indexOf("getEntriesByName('first-contentful-paint')")
    const images = script.indexOf('img[fetchpriority="high"]')
    expect(paint).toBeGreaterThanOrEqual(0)
    expect(images).toBeGreaterThanOrEqual(0)
    expect(script.slice(images)).toMatch(/img\.decode\(\)\.catch/)
    expect(script.slice(images)).toMatch(/setTimeout\(r, \d+\)/)
    const loading = Math.min(script.indexOf('modulepreload'), script.indexOf('import('))
    expect(loading).toBeGreaterThan(Math.max(paint, images))
  })

  it('imports the same route modules under the same names, then runs the rest unchanged', () => {
    expect(script).not.toMatch(/import \* as/)
    expect(script).toContain(
      'const [route0, route1] = await Promise.all([import("/assets/root-B.js"), import("/assets/faq-D.js")]);',
    )
    expect(script).toContain(
      'window.__reactRouterRouteModules = {"root":route0,"routes/faq":route1};',
    )
    expect(script).toContain('import("/assets/entry.client-A.js");')
    // Replacement patterns in the page are copied literally, not interpreted.
    expect(script).toContain('"note":"$&"')
    expect(out).toContain('<main>Hello $& $1</main>')
  })

  it('evaluates the preloaded modules one task each, the entry (which hydrates) last', () => {
    const oneByOne = script.indexOf(
      'for (const href of ["/assets/root-B.js"]) { await import(href);',
    )
    expect(oneByOne).toBeGreaterThan(script.indexOf("rel: 'modulepreload'"))
    expect(script.slice(oneByOne)).toMatch(
      /^[^\n]*await new Promise\(\(r\) => setTimeout\(r\)\); \}/,
    )
    expect(script.lastIndexOf('import("/assets/entry.client-A.js");')).toBeGreaterThan(oneByOne)
  })

  it('leaves a document without a hydration script unchanged', () => {
    const plain = '<html><head></head><body><p>No scripts</p></body></html>'
    expect(deferHydration(plain)).toBe(plain)
  })
})
