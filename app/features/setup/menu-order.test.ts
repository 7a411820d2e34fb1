import { describe, expect, it } from 'vitest'
import { MENU_KEYS } from '#common/site-identity.ts'
import { moveMenuKey } from './menu-order.ts'

describe('moveMenuKey', () => {
  it('swaps a top-level item with the top-level item before it, passing over its children', () => {
    const order = moveMenuKey(MENU_KEYS, { key: 'portfolio', direction: 'up' })
    expect(order.filter((key) => ['about-us', 'portfolio'].includes(key))).toEqual([
      'portfolio',
      'about-us',
    ])
    expect(order.indexOf('portfolio')).toBe(MENU_KEYS.indexOf('about-us'))
  })

  it('moves a child among its own group only', () => {
    const order = moveMenuKey(MENU_KEYS, { key: 'about', direction: 'down' })
    expect(order.slice(1, 4)).toEqual(['contact', 'about', 'faq'])
    expect(moveMenuKey(MENU_KEYS, { key: 'faq', direction: 'down' })).toEqual(MENU_KEYS)
  })

  it('leaves the first item in place when moved up', () => {
    expect(moveMenuKey(MENU_KEYS, { key: 'about-us', direction: 'up' })).toEqual(MENU_KEYS)
  })
})
