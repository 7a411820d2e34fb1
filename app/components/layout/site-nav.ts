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

export const MAIN_NAV: (NavItem | NavGroup)[] = [
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

export const ADMIN_NAV: NavGroup = {
  label: 'Admin',
  items: ADMIN_SECTIONS.map(({ label, to }) => ({ label, to })),
}

export const PROFILE_ITEM: NavItem = { label: 'User Profile', to: href('/profile') }

export const isGroup = (entry: NavItem | NavGroup): entry is NavGroup => 'items' in entry

export const MOBILE_SECTIONS = MAIN_NAV.reduce<{ title?: string; items: NavItem[] }[]>(
  (sections, entry) => {
    const last = sections.at(-1)
    if (isGroup(entry)) sections.push({ title: entry.label, items: entry.items })
    else if (last && !last.title) last.items.push(entry)
    else sections.push({ items: [entry] })
    return sections
  },
  [],
)
