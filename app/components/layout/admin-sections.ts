import { href } from 'react-router'

export interface AdminSection {
  label: string
  to: string
  /** Marks a section's edit screens as part of it. */
  editPrefix?: string
  group: AdminGroup
}

export const ADMIN_GROUPS = ['Overview', 'Business', 'Content', 'People', 'Site'] as const
type AdminGroup = (typeof ADMIN_GROUPS)[number]

/**
 * The admin's sections, in one order and under one name each: the header's Admin menu lists them
 * in this order, the admin shell's side navigation by `group` (with an icon for each).
 */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    label: 'Website Dashboard',
    to: href('/admin/dashboard'),
    group: 'Overview',
  },
  {
    label: 'Users',
    to: href('/admin/users'),
    editPrefix: '/admin/user/',
    group: 'People',
  },
  {
    label: 'Websites',
    to: href('/admin/websites'),
    editPrefix: '/admin/website/',
    group: 'Content',
  },
  { label: 'Messages', to: href('/admin/messages'), group: 'People' },
  { label: 'Booking', to: href('/admin/booking'), group: 'People' },
  {
    label: 'Clients',
    to: href('/admin/clients'),
    editPrefix: '/admin/client/',
    group: 'Business',
  },
  {
    label: 'Proposals',
    to: href('/admin/proposals'),
    editPrefix: '/admin/proposal/',
    group: 'Business',
  },
  {
    label: 'Invoices',
    to: href('/admin/invoices'),
    editPrefix: '/admin/invoice/',
    group: 'Business',
  },
  { label: 'Billing details', to: href('/admin/billing'), group: 'Business' },
  { label: 'Pages', to: href('/admin/pages'), group: 'Content' },
  { label: 'FAQ', to: href('/admin/faq'), group: 'Content' },
  {
    label: 'Journal',
    to: href('/admin/posts'),
    editPrefix: '/admin/post/',
    group: 'Content',
  },
  {
    label: 'Testimonials',
    to: href('/admin/testimonials'),
    group: 'Content',
  },
  { label: 'Subscribers', to: href('/admin/subscribers'), group: 'People' },
  { label: 'Settings', to: href('/admin/settings'), group: 'Site' },
  { label: 'Set up your site', to: href('/admin/setup'), group: 'Overview' },
]

/** The section a path belongs to: its own page, a page below it or one of its edit screens. */
export const isInSection = (section: AdminSection, pathname: string) =>
  pathname === section.to ||
  pathname.startsWith(`${section.to}/`) ||
  (!!section.editPrefix && pathname.startsWith(section.editPrefix))
