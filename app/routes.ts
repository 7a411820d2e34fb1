import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

/**
 * Every path matches in its own letter case only (React Router ignores case by default): `/CONTACT`
 * is an unknown page, not a second door to the contact form (see server/lib/canonical-path.ts).
 */
const page = (path: string, file: string) => route(path, file, { caseSensitive: true })

export default [
  layout('routes/public/public-layout.tsx', [
    index('routes/public/home.tsx'),
    page('about', 'routes/public/about.tsx'),
    page('contact', 'routes/public/contact.tsx'),
    page('book', 'routes/public/book.tsx'),
    page('booking/:token', 'routes/public/booking.tsx'),
    page('faq', 'routes/public/faq.tsx'),
    page('portfolio', 'routes/public/portfolio.tsx'),
    page('webdesign', 'routes/public/webdesign.tsx'),
    page('mernRender', 'routes/public/mern-render.tsx'),
    page('dns', 'routes/public/dns.tsx'),
    page('privacy', 'routes/public/privacy.tsx'),
    page('website/:slug', 'routes/public/website.tsx'),
    page('journal', 'routes/public/journal.tsx'),
    page('journal/:slug', 'routes/public/journal-post.tsx'),
    page('testimonial/:token', 'routes/public/testimonial.tsx'),
    page('subscribe/:token', 'routes/public/subscribe.tsx'),
    page('unsubscribe/:token', 'routes/public/unsubscribe.tsx'),
    page('proposal/:token', 'routes/public/proposal.tsx'),
    page('signin', 'routes/account/signin.tsx'),
    page('signup', 'routes/account/signup.tsx'),
    page('forget-password', 'routes/account/forget-password.tsx'),
    page('reset-password/:token', 'routes/account/reset-password.tsx'),
    page('profile', 'routes/account/profile.tsx'),
    layout('routes/admin/admin-layout.tsx', [
      page('admin/dashboard', 'routes/admin/dashboard.tsx'),
      page('admin/setup', 'routes/admin/setup.tsx'),
      page('admin/websites', 'routes/admin/websites.tsx'),
      page('admin/website/:id', 'routes/admin/website-edit.tsx'),
      page('admin/users', 'routes/admin/users.tsx'),
      page('admin/user/:id', 'routes/admin/user-edit.tsx'),
      page('admin/messages', 'routes/admin/messages.tsx'),
      page('admin/faq', 'routes/admin/faq.tsx'),
      page('admin/settings', 'routes/admin/settings.tsx'),
      page('admin/booking', 'routes/admin/booking.tsx'),
      page('admin/pages', 'routes/admin/pages.tsx'),
      page('admin/posts', 'routes/admin/posts.tsx'),
      page('admin/post/:id', 'routes/admin/post-edit.tsx'),
      page('admin/testimonials', 'routes/admin/testimonials.tsx'),
      page('admin/subscribers', 'routes/admin/subscribers.tsx'),
      page('admin/clients', 'routes/admin/clients.tsx'),
      page('admin/client/:id', 'routes/admin/client-edit.tsx'),
      page('admin/proposals', 'routes/admin/proposals.tsx'),
      page('admin/proposal/:id', 'routes/admin/proposal-edit.tsx'),
      page('admin/proposals/terms', 'routes/admin/terms-templates.tsx'),
      page('admin/billing', 'routes/admin/billing.tsx'),
    ]),
    page('*', 'routes/public/not-found.tsx'),
  ]),
  page('sitemap.xml', 'routes/public/sitemap.ts'),
  page('robots.txt', 'routes/public/robots.ts'),
  page('journal/feed.xml', 'routes/public/journal-feed.ts'),
  page('proposal/:token/pdf', 'routes/public/proposal-pdf.ts'),
] satisfies RouteConfig
