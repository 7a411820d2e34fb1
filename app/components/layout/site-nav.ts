/** The header's navigation: the site's menus (the specification's, as the owner set them) and the admin's. */
import { href } from 'react-router'
import { isMenuGroup, resolveMenu, type MenuEntry, type MenuKey } from '#common/site-identity.ts'
import { ADMIN_SECTIONS } from './admin-sections.ts'

export interface NavItem {
  label: string
  to: string
}
export interface NavGroup {
  label: string
  items: NavItem[]
}

/** Where each of the specification's header items leads (menus have no page of their own). */
const ITEM_PATHS: Record<Exclude<MenuKey, 'about-us' | 'deployment'>, string> = {
  about: href('/about'),
  contact: href('/contact'),
  faq: href('/faq'),
  portfolio: href('/portfolio'),
  journal: href('/journal'),
  webdesign: href('/webdesign'),
  mernRender: href('/mernRender'),
  dns: href('/dns'),
}

const pathOf = (key: MenuKey) => ITEM_PATHS[key as keyof typeof ITEM_PATHS] ?? href('/')

/**
 * The site's menus as the owner named, ordered and hid them (settings `menu`), with the journal
 * only while the header links it.
 */
export const mainNav = (menu: readonly MenuEntry[], withJournal: boolean): (NavItem | NavGroup)[] =>
  resolveMenu(menu, (key) => key !== 'journal' || withJournal).map((item) =>
    isMenuGroup(item.key)
      ? {
          label: item.label,
          items: item.children.map((child) => ({ label: child.label, to: pathOf(child.key) })),
        }
      : { label: item.label, to: pathOf(item.key) },
  )

export const ADMIN_NAV: NavGroup = {
  label: 'Admin',
  items: ADMIN_SECTIONS.map(({ label, to }) => ({ label, to })),
}

export const PROFILE_ITEM: NavItem = { label: 'User Profile', to: href('/profile') }

export const isGroup = (entry: NavItem | NavGroup): entry is NavGroup => 'items' in entry

/** The menus as the phone's menu lists them: a group is a titled section, plain links share one. */
export const mobileSections = (nav: (NavItem | NavGroup)[]) =>
  nav.reduce<{ title?: string; items: NavItem[] }[]>((sections, entry) => {
    const last = sections.at(-1)
    if (isGroup(entry)) sections.push({ title: entry.label, items: entry.items })
    else if (last && !last.title) last.items.push(entry)
    else sections.push({ items: [entry] })
    return sections
  }, [])
