/**
 * The choices the owner makes about the site's look and header (settings `fontPair`, `menu`):
 * the curated font pairs and the specification's header items, shared by the settings schema, the
 * admin's setup screen and the pages.
 */

/** Font pairs the site serves itself (app/lib/fonts.ts holds their files). */
export const FONT_PAIRS = [
  {
    id: 'system',
    label: 'System (fastest, nothing to download)',
    heading: 'System UI',
    body: 'System UI',
  },
  { id: 'inter', label: 'Inter: clean and neutral', heading: 'Inter', body: 'Inter' },
  {
    id: 'fraunces-inter',
    label: 'Fraunces and Inter: warm and editorial',
    heading: 'Fraunces',
    body: 'Inter',
  },
  {
    id: 'space-grotesk-dm-sans',
    label: 'Space Grotesk and DM Sans: technical and modern',
    heading: 'Space Grotesk',
    body: 'DM Sans',
  },
  {
    id: 'playfair-figtree',
    label: 'Playfair Display and Figtree: elegant and friendly',
    heading: 'Playfair Display',
    body: 'Figtree',
  },
] as const
export type FontPairId = (typeof FONT_PAIRS)[number]['id']
export const FONT_PAIR_IDS = FONT_PAIRS.map((pair) => pair.id) as [FontPairId, ...FontPairId[]]

/**
 * Brand colours offered beside the colour picker: each dark enough for white text on it (the
 * settings refuse a lighter accent), the first the site's own.
 */
export const ACCENT_PRESETS = [
  { name: 'Blue', color: '#174ca8' },
  { name: 'Teal', color: '#0f766e' },
  { name: 'Green', color: '#15803d' },
  { name: 'Indigo', color: '#4338ca' },
  { name: 'Violet', color: '#6d28d9' },
  { name: 'Rose', color: '#be123c' },
  { name: 'Orange', color: '#c2410c' },
  { name: 'Graphite', color: '#334155' },
] as const

export const COLOR_SCHEMES = ['light', 'dark', 'auto'] as const

/** The header's items as the specification names them; `about-us` and `deployment` are menus. */
export const MENU_ITEMS = [
  { key: 'about-us', label: 'About Us' },
  { key: 'about', label: 'About', parent: 'about-us' },
  { key: 'contact', label: 'Contact', parent: 'about-us' },
  { key: 'faq', label: 'FAQ', parent: 'about-us' },
  { key: 'portfolio', label: 'Portfolio' },
  { key: 'journal', label: 'Journal' },
  { key: 'webdesign', label: 'Web Design' },
  { key: 'deployment', label: 'Deployment' },
  { key: 'mernRender', label: 'Mern Render', parent: 'deployment' },
  { key: 'dns', label: 'DNS Transfer Domain', parent: 'deployment' },
] as const satisfies readonly { key: string; label: string; parent?: string }[]
export type MenuKey = (typeof MENU_ITEMS)[number]['key']
export const MENU_KEYS = MENU_ITEMS.map((item) => item.key) as [MenuKey, ...MenuKey[]]

/** The header's menu as the specification has it: its labels, everything shown. */
export const DEFAULT_MENU = MENU_ITEMS.map(({ key, label }) => ({ key, label, hidden: false }))

export interface MenuEntry {
  key: MenuKey
  label: string
  hidden: boolean
}

/** A header item as shown: its label, and a menu's own items. */
export interface ResolvedMenuItem {
  key: MenuKey
  label: string
  children: { key: MenuKey; label: string }[]
}

/**
 * The header's items from the saved menu: its order and labels, items it leaves out in the
 * specification's place after it, hidden ones (and menus left empty) dropped. `isShown` leaves out
 * items with nothing to show (the journal without a published post).
 */
export function resolveMenu(
  saved: readonly MenuEntry[],
  isShown: (key: MenuKey) => boolean = () => true,
): ResolvedMenuItem[] {
  const savedKeys = new Set(saved.map((entry) => entry.key))
  const all: MenuEntry[] = [...saved, ...DEFAULT_MENU.filter((entry) => !savedKeys.has(entry.key))]
  const parentOf = (key: MenuKey): MenuKey | undefined =>
    (MENU_ITEMS.find((item) => item.key === key) as { parent?: MenuKey } | undefined)?.parent
  const visible = all.filter((entry) => !entry.hidden && isShown(entry.key))
  return visible
    .filter((entry) => parentOf(entry.key) === undefined)
    .map((entry) => ({
      key: entry.key,
      label: entry.label,
      children: visible
        .filter((child) => parentOf(child.key) === entry.key)
        .map(({ key, label }) => ({ key, label })),
    }))
    .filter((item) => !isMenuGroup(item.key) || item.children.length > 0)
}

/** The items that open a menu rather than a page. */
export const isMenuGroup = (key: MenuKey) => key === 'about-us' || key === 'deployment'
