/**
 * What a page costs a browser's first visit, by kind of page, and the budget each kind has.
 * Pure figures: scripts/check-budgets.ts measures them in Chromium and this judges them.
 */
export type PageKind = 'static' | 'admin'

/** KB: transferred JavaScript (external files as sent, inline scripts gzipped), CSS gzipped. */
export const BUDGETS: Record<PageKind, { js: number; css: number; total: number }> = {
  // A public page, forms included: no React, one small inline script. The CSS is the site's one
  // stylesheet (Tailwind's classes in use anywhere): 14 KB since the finished proposal page, the
  // client room, captioned figures, cover-less journal cards and the editor's container queries
  // (13.2 KB measured, 2026-12-03; 12.2 KB the day before).
  static: { js: 30, css: 14, total: 300 },
  // The signed-in areas (sign-in, the admin's screens, charts included).
  admin: { js: 260, css: 14, total: 600 },
}

export interface PageWeight {
  route: string
  kind: PageKind
  status: number
  jsKb: number
  cssKb: number
  imagesKb: number
  htmlKb: number
}

const totalKb = (w: PageWeight) => w.jsKb + w.cssKb + w.imagesKb + w.htmlKb

/** The budget lines a page passes, empty when within all of them. */
export function overBudget(weight: PageWeight): string[] {
  const budget = BUDGETS[weight.kind]
  const over: string[] = []
  if (weight.status !== 200) over.push(`status ${weight.status}`)
  if (weight.jsKb > budget.js) over.push(`JS ${weight.jsKb.toFixed(1)} > ${budget.js} KB`)
  if (weight.cssKb > budget.css) over.push(`CSS ${weight.cssKb.toFixed(1)} > ${budget.css} KB`)
  if (totalKb(weight) > budget.total)
    over.push(`total ${totalKb(weight).toFixed(1)} > ${budget.total} KB`)
  return over
}

/** The figures as a text table, each page with its verdict. */
export function pageWeightTable(weights: PageWeight[]): string {
  const rows = weights.map((w) => {
    const over = overBudget(w)
    return [
      w.route,
      w.kind,
      String(w.status),
      w.jsKb.toFixed(1),
      `${BUDGETS[w.kind].js}`,
      w.cssKb.toFixed(1),
      w.imagesKb.toFixed(1),
      w.htmlKb.toFixed(1),
      totalKb(w).toFixed(1),
      over.length ? `OVER: ${over.join(', ')}` : 'ok',
    ]
  })
  const header = [
    'route',
    'kind',
    'status',
    'JS KB',
    'JS budget',
    'CSS',
    'images',
    'HTML',
    'total',
    'verdict',
  ]
  const all = [header, ...rows]
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i]!.length)))
  return all.map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ')).join('\n')
}
