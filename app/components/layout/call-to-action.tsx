import { href } from 'react-router'
import { useSiteSettings } from '#app/lib/site-settings.ts'
import { SiteLink } from '#app/components/ui/site-link.tsx'

export function CallToAction({
  title = 'Have a project in mind?',
  text,
}: {
  title?: string
  /** The default names the reply time from the settings. */
  text?: string
}) {
  const { email, responseTime } = useSiteSettings()
  return (
    <section aria-labelledby="cta-title" className="bg-white">
      <div className="mx-auto max-w-6xl px-4 pt-4 pb-16 sm:px-6 sm:pb-20">
        <div className="cta-band rounded-2xl bg-brand-900 px-6 py-12 text-center sm:px-12 [&_:focus-visible]:outline-white">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance text-white">
            {title}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg leading-8 text-brand-100">
            {text ??
              `Tell me what you are planning. You will get an honest answer ${responseTime}, with a rough budget and timeline, or a referral if I am not the right fit.`}
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <SiteLink
              to={href('/contact')}
              className="inline-flex items-center justify-center rounded-md bg-white px-6 py-3 text-base font-semibold text-brand-900 hover:bg-brand-50"
            >
              Start a conversation
            </SiteLink>
            <a
              href={`mailto:${email}`}
              className="inline-flex items-center justify-center rounded-md border border-white/40 px-6 py-3 text-base font-semibold text-white hover:bg-white/10"
            >
              {email}
            </a>
          </div>
        </div>
      </div>
    </section>
  )
}
