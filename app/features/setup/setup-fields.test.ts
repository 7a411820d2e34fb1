import { describe, expect, it } from 'vitest'
import { SITE_DEFAULTS } from '#common/site-defaults.ts'
import { MENU_KEYS } from '#common/site-identity.ts'
import { menuLabelField, menuShownField, moveMenuKey, setupFromForm } from './setup-fields.ts'

const form = (changes: Record<string, string> = {}): Record<string, string> => ({
  ownerName: 'Sam Okafor',
  businessName: 'Okafor Digital',
  ownerRole: 'Web designer',
  location: 'Leeds, UK',
  email: 'sam@okafor.example',
  responseTime: 'within a day',
  portrait: '',
  logo: '/uploads/0123456789abcdef01234567.webp',
  accentColor: '#0f766e',
  fontPair: 'inter',
  colorScheme: 'auto',
  buttonLabel: 'Book a call',
  buttonHref: '/contact',
  ...Object.fromEntries(
    SITE_DEFAULTS.menu.flatMap((item) => [
      [menuLabelField(item.key), item.label],
      [menuShownField(item.key), 'on'],
    ]),
  ),
  ...changes,
})

describe('setupFromForm', () => {
  it('reads the fields into the settings shape, an empty image as none and an unticked item as hidden', () => {
    const result = setupFromForm(
      form({ [menuLabelField('faq')]: 'Questions', [menuShownField('dns')]: '' }),
    )
    expect(result.ok && result.data).toMatchObject({
      ownerName: 'Sam Okafor',
      portrait: null,
      logo: '/uploads/0123456789abcdef01234567.webp',
      headerButton: { label: 'Book a call', href: '/contact' },
    })
    const menu = result.ok ? result.data.menu! : []
    expect(menu.map((item) => item.key)).toEqual(MENU_KEYS)
    expect(menu.find((item) => item.key === 'faq')).toEqual({
      key: 'faq',
      label: 'Questions',
      hidden: false,
    })
    expect(menu.find((item) => item.key === 'dns')?.hidden).toBe(true)
  })

  it('names the field a refusal belongs to, the accent one included', () => {
    const result = setupFromForm(
      form({ accentColor: '#ffff00', buttonHref: 'javascript:x', [menuLabelField('about')]: '' }),
    )
    expect(!result.ok && result.errors).toMatchObject({
      accentColor: expect.stringMatching(/^Accent color is too light for white text/),
      buttonHref: expect.stringMatching(/^Header button link must be/),
      [menuLabelField('about')]: 'Menu label is required',
    })
  })
})

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
