import { href } from 'react-router'
import type { Route } from './+types/faq'
import { CallToAction } from '#app/components/layout/call-to-action.tsx'
import { PageIntro } from '#app/components/layout/page-intro.tsx'
import { pageMeta } from '#app/lib/seo.ts'
import { useSiteSettings } from '#app/lib/site-settings.ts'
import { SiteLink } from '#app/components/ui/site-link.tsx'
import { pageContext } from '#app/context.ts'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'FAQ',
    description:
      'Answers to the questions clients ask most: cost, timelines, content, hosting, SEO, accessibility, maintenance and who owns the code.',
    path: href('/faq'),
    matches,
  })

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(pageContext)
  return { faqs: await services.faq.listForPage() }
}

export default function FaqPage({ loaderData }: Route.ComponentProps) {
  const { faqs } = loaderData
  const { email } = useSiteSettings()
  return (
    <main id="main-content" className="flex-1">
      <PageIntro eyebrow="FAQ" title="Frequently asked questions">
        <p>
          Straight answers about budgets, timelines and how working together goes. If your question
          is not here,{' '}
          <SiteLink
            to={href('/contact')}
            className="font-semibold text-brand-700 underline underline-offset-4"
          >
            send me a message
          </SiteLink>{' '}
          or write to {email}.
        </p>
      </PageIntro>
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-16">
        {faqs.length === 0 ? (
          <p className="text-center text-lg text-slate-700">No questions have been answered yet.</p>
        ) : null}
        <div className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm empty:hidden">
          {faqs.map((faq, i) => (
            <details key={faq._id} open={i === 0} className="group">
              <summary className="flex cursor-pointer list-none items-start justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-slate-900 hover:bg-slate-50 sm:px-6 [&::-webkit-details-marker]:hidden">
                <span>{faq.question}</span>
                <svg
                  viewBox="0 0 20 20"
                  aria-hidden="true"
                  className="mt-0.5 h-5 w-5 flex-none text-brand-700 transition-transform group-open:rotate-45 motion-reduce:transition-none"
                >
                  <path
                    d="M10 4v12M4 10h12"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              </summary>
              {/* Rendered on the server from Markdown with raw HTML turned off (server/lib/markdown.ts). */}
              <div
                className="markdown px-5 pb-5 leading-7 text-slate-700 sm:px-6"
                dangerouslySetInnerHTML={{ __html: faq.answerHtml }}
              />
            </details>
          ))}
        </div>
      </div>
      <CallToAction title="Still have a question?" />
    </main>
  )
}
