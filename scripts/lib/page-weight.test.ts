import { describe, expect, it } from 'vitest'
import { overBudget, publicPageKind, type PageWeight } from './page-weight.ts'

const page = (over: Partial<PageWeight>): PageWeight => ({
  route: '/faq',
  kind: 'static',
  status: 200,
  jsKb: 1,
  cssKb: 9,
  imagesKb: 0,
  htmlKb: 4,
  ...over,
})

describe('overBudget', () => {
  it('passes a static page with a small inline script', () => {
    expect(overBudget(page({}))).toEqual([])
  })

  it('fails a static page that ships the React app', () => {
    expect(overBudget(page({ jsKb: 95 }))).toEqual(['JS 95.0 > 30 KB'])
  })

  it('lets a form page hydrate, within its own budget', () => {
    expect(overBudget(page({ kind: 'form', jsKb: 95 }))).toEqual([])
    expect(overBudget(page({ kind: 'form', jsKb: 140 }))).toHaveLength(1)
  })

  it('fails a page that does not answer 200', () => {
    expect(overBudget(page({ status: 500 }))).toEqual(['status 500'])
  })
})

describe('publicPageKind', () => {
  it('treats a public page as static unless it is listed as a form page', () => {
    expect(publicPageKind('/contact', ['/contact'])).toBe('form')
    expect(publicPageKind('/journal', ['/contact'])).toBe('static')
  })
})
