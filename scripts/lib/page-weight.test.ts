import { describe, expect, it } from 'vitest'
import { overBudget, type PageWeight } from './page-weight.ts'

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

  it('lets a signed-in screen hydrate, within its own budget', () => {
    expect(overBudget(page({ kind: 'admin', jsKb: 170 }))).toEqual([])
    expect(overBudget(page({ kind: 'admin', jsKb: 280 }))).toEqual(['JS 280.0 > 260 KB'])
  })

  it('fails a page that does not answer 200', () => {
    expect(overBudget(page({ status: 500 }))).toEqual(['status 500'])
  })
})
