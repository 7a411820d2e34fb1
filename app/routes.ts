import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

export default [
  layout('routes/public/public-layout.tsx', [
    index('routes/public/home.tsx'),
    route('about', 'routes/public/about.tsx'),
    route('contact', 'routes/public/contact.tsx'),
    route('faq', 'routes/public/faq.tsx'),
    route('portfolio', 'routes/public/portfolio.tsx'),
    route('webdesign', 'routes/public/webdesign.tsx'),
    route('mernRender', 'routes/public/mern-render.tsx'),
    route('dns', 'routes/public/dns.tsx'),
    route('website/:slug', 'routes/public/website.tsx'),
    route('signin', 'routes/account/signin.tsx'),
    route('signup', 'routes/account/signup.tsx'),
    route('forget-password', 'routes/account/forget-password.tsx'),
    route('reset-password/:token', 'routes/account/reset-password.tsx'),
    route('profile', 'routes/account/profile.tsx'),
    layout('routes/admin/admin-layout.tsx', [
      route('admin/dashboard', 'routes/admin/dashboard.tsx'),
      route('admin/websites', 'routes/admin/websites.tsx'),
      route('admin/website/:id', 'routes/admin/website-edit.tsx'),
      route('admin/users', 'routes/admin/users.tsx'),
      route('admin/user/:id', 'routes/admin/user-edit.tsx'),
      route('admin/messages', 'routes/admin/messages.tsx'),
      route('admin/faq', 'routes/admin/faq.tsx'),
      route('admin/settings', 'routes/admin/settings.tsx'),
      route('admin/pages', 'routes/admin/pages.tsx'),
    ]),
    route('*', 'routes/public/not-found.tsx'),
  ]),
  route('sitemap.xml', 'routes/public/sitemap.ts'),
  route('robots.txt', 'routes/public/robots.ts'),
] satisfies RouteConfig
