import { href } from 'react-router'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { SiteLink } from '#app/components/ui/site-link.tsx'

const SUGGESTIONS = [
  { label: 'Portfolio', to: href('/portfolio'), text: 'Websites and applications I have built' },
  { label: 'Web design process', to: href('/webdesign'), text: 'How a project goes, step by step' },
  { label: 'FAQ', to: href('/faq'), text: 'Costs, timelines, hosting and more' },
  { label: 'Contact', to: href('/contact'), text: 'Ask me directly' },
]

/** The body of a 404 page: what happened and where to go instead. */
export function NotFoundContent({
  title = 'Page not found',
  text = 'The page you are looking for does not exist. It may have moved, or the address may have a typo.',
  eyebrow = 'Error 404',
}: {
  title?: string
  text?: string
  eyebrow?: string
}) {
  return (
    <main id="main-content" className="flex-1 bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-24">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
          {title}
        </h1>
        <p className="mt-5 text-lg leading-8 text-slate-700">{text}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <SiteLink to={href('/')} className={buttonClasses('primary', 'lg')}>
            Go to the home page
          </SiteLink>
          <SiteLink to={href('/portfolio')} className={buttonClasses('secondary', 'lg')}>
            Browse the portfolio
          </SiteLink>
        </div>
        <h2 className="mt-14 text-lg font-semibold text-slate-900">Popular pages</h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {SUGGESTIONS.map((page) => (
            <li key={page.to}>
              <SiteLink
                to={page.to}
                className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-600 hover:shadow"
              >
                <span className="font-semibold text-brand-700">{page.label}</span>
                <span className="mt-1 block text-sm text-slate-700">{page.text}</span>
              </SiteLink>
            </li>
          ))}
        </ul>
      </div>
    </main>
  )
}
