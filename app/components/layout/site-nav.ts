/** The header's navigation: the site's menus (as the specification lists them) and the admin's. */
import { href } from 'react-router'
import { ADMIN_SECTIONS } from './admin-sections.ts'

export interface NavItem {
  label: string
  to: string
}
export interface NavGroup {
  label: string
  items: NavItem[]
}

const MAIN_NAV: (NavItem | NavGroup)[] = [
  {
    label: 'About Us',
    items: [
      { label: 'About', to: href('/about') },
      { label: 'Contact', to: href('/contact') },
      { label: 'FAQ', to: href('/faq') },
    ],
  },
  { label: 'Portfolio', to: href('/portfolio') },
  { label: 'Web Design', to: href('/webdesign') },
  {
    label: 'Deployment',
    items: [
      { label: 'Mern Render', to: href('/mernRender') },
      { label: 'DNS Transfer Domain', to: href('/dns') },
    ],
  },
]

const JOURNAL_ITEM: NavItem = { label: 'Journal', to: href('/journal') }

/** The site's menus, with the journal after Portfolio when the header links it. */
export const mainNav = (withJournal: boolean): (NavItem | NavGroup)[] =>
  withJournal ? MAIN_NAV.toSpliced(2, 0, JOURNAL_ITEM) : MAIN_NAV

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
