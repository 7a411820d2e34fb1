import { describe, expect, it } from 'vitest'
import { SiteSettingsSchema } from './schemas/settings.ts'
import { SITE_DEFAULTS } from './site-defaults.ts'
import { ACCENT_PRESETS, DEFAULT_MENU, resolveMenu } from './site-identity.ts'

const labels = (menu: ReturnType<typeof resolveMenu>) =>
  menu.map((item) =>
    item.children.length > 0 ? [item.label, item.children.map((c) => c.label)] : item.label,
  )

describe('resolveMenu', () => {
  it("shows the specification's menus and labels when nothing is saved", () => {
    expect(labels(resolveMenu([]))).toEqual([
      ['About Us', ['About', 'Contact', 'FAQ']],
      'Portfolio',
      'Journal',
      'Web Design',
      ['Deployment', ['Mern Render', 'DNS Transfer Domain']],
    ])
    expect(resolveMenu(DEFAULT_MENU)).toEqual(resolveMenu([]))
  })

  it('renames, hides and reorders, and keeps items the saved menu leaves out after it', () => {
    const menu = resolveMenu([
      { key: 'portfolio', label: 'Work', hidden: false },
      { key: 'faq', label: 'Questions', hidden: false },
      { key: 'about', label: 'About', hidden: true },
      { key: 'deployment', label: 'Guides', hidden: true },
    ])
    expect(labels(menu)).toEqual([
      'Work',
      ['About Us', ['Questions', 'Contact']],
      'Journal',
      'Web Design',
    ])
  })

  it('drops a menu whose items are all hidden, and items with nothing to show', () => {
    const menu = resolveMenu(
      [
        { key: 'mernRender', label: 'Mern Render', hidden: true },
        { key: 'dns', label: 'DNS', hidden: true },
      ],
      (key) => key !== 'journal',
    )
    expect(menu.map((item) => item.key)).toEqual(['about-us', 'portfolio', 'webdesign'])
  })
})

describe('ACCENT_PRESETS', () => {
  it('offers only colours the settings take: white text on each reads at 4.5:1 or more', () => {
    for (const preset of ACCENT_PRESETS) {
      expect(
        SiteSettingsSchema.shape.accentColor.safeParse(preset.color).success,
        preset.name,
      ).toBe(true)
    }
    expect(ACCENT_PRESETS[0].color).toBe(SITE_DEFAULTS.accentColor)
    expect(new Set(ACCENT_PRESETS.map((preset) => preset.color)).size).toBe(ACCENT_PRESETS.length)
  })
})
