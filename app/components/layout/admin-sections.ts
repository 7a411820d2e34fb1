import { href } from 'react-router'

/**
 * The admin's sections, in one order and under one name each: the header's Admin menu and the
 * admin pages' tabs both list these. `editPrefix` marks a section's edit screens as part of it.
 */
export const ADMIN_SECTIONS: readonly { label: string; to: string; editPrefix?: string }[] = [
  { label: 'Website Dashboard', to: href('/admin/dashboard') },
  { label: 'Users', to: href('/admin/users'), editPrefix: '/admin/user/' },
  { label: 'Websites', to: href('/admin/websites'), editPrefix: '/admin/website/' },
  { label: 'Messages', to: href('/admin/messages') },
  { label: 'Booking', to: href('/admin/booking') },
  { label: 'Pages', to: href('/admin/pages') },
  { label: 'FAQ', to: href('/admin/faq') },
  { label: 'Journal', to: href('/admin/posts'), editPrefix: '/admin/post/' },
  { label: 'Testimonials', to: href('/admin/testimonials') },
  { label: 'Subscribers', to: href('/admin/subscribers') },
  { label: 'Settings', to: href('/admin/settings') },
  { label: 'Set up your site', to: href('/admin/setup') },
]
