import type { ReactNode } from 'react'
import { href } from 'react-router'
import type { Route } from './+types/privacy'
import { PageIntro } from '#app/components/layout/page-intro.tsx'
import { pageMeta } from '#app/lib/seo.ts'
import { useSiteSettings } from '#app/lib/site-settings.ts'
import { SUBSCRIBER_PENDING_DAYS } from '#common/schemas/subscribers.ts'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Privacy',
    description:
      'What this site stores about visits and messages, for how long, and why it needs no cookie banner: no cookies, no trackers, no third parties.',
    path: href('/privacy'),
    matches,
  })

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h2>
      {children}
    </section>
  )
}

/** The site's privacy notice (docs/privacy.md says the same for whoever runs the site). */
export default function PrivacyPage() {
  const { businessName, email } = useSiteSettings()
  return (
    <main id="main-content" className="flex-1">
      <PageIntro eyebrow="Privacy" title="Your privacy on this site">
        <p>
          {businessName} counts visits to learn which pages help people, without cookies, without
          trackers and without sending anything about you to anyone else.
        </p>
      </PageIntro>
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-14 leading-7 text-slate-700 sm:px-6 sm:py-16">
        <Part title="No cookies, no trackers">
          <p>
            This site sets no cookie and writes nothing to your browser&rsquo;s storage. It loads
            nothing from other companies: no analytics script, no advertising, no fonts or maps from
            elsewhere.
          </p>
        </Part>
        <Part title="What is counted">
          <p>
            When your browser loads a page, the server notes: the page, the site that linked here
            (only its name, such as www.google.com), the campaign named in the link (the utm_source,
            utm_medium and utm_campaign parameters), whether the device is a phone, a tablet or a
            computer, and, when the hosting provider supplies it, the country.
          </p>
          <p>
            To tell one visitor from another on a single day, it keeps a scrambled code made from a
            random value that changes every day, your IP address and your browser&rsquo;s name. Your
            IP address and browser name themselves are never stored. The daily random value is
            deleted after 48 hours, after which nobody, the site&rsquo;s owner included, can link
            that code to you or to your visits on other days.
          </p>
          <p>
            Search engines and other automated programs are not counted, nor are page views from
            browsers that send &ldquo;Do Not Track&rdquo; or &ldquo;Global Privacy Control&rdquo;.
          </p>
        </Part>
        <Part title="How long it is kept">
          <ul className="list-disc space-y-2 pl-6">
            <li>The daily random value: 48 hours.</li>
            <li>Individual visits (pages seen, source, device): 30 days.</li>
            <li>
              Daily totals (visitors and page views per page, source, campaign, device and country):
              kept to compare months and years. They hold no visitor code.
            </li>
          </ul>
        </Part>
        <Part title="When you send a message">
          <p>
            The contact form stores what you write (your name, e-mail address, subject and message)
            so the owner can answer. It also notes the visit it came from: the first page you saw,
            the site or campaign that brought you, how many pages you read and the kind of device.
            Messages are kept until the owner deletes them; ask at {email} and yours will be.
          </p>
        </Part>
        <Part title="When you subscribe to the journal">
          <p>
            The journal&rsquo;s newsletter stores your e-mail address, when you asked and on which
            page, and when you confirmed: nothing is sent before you confirm through the link mailed
            to you, and an address not confirmed within {SUBSCRIBER_PENDING_DAYS} days is deleted.
            Each mail has a link that unsubscribes you at once. Mails carry no tracking: nothing
            records whether you opened one or followed its links. Ask at {email} and your address
            will be deleted.
          </p>
        </Part>
        <Part title="Why there is no consent banner">
          <p>
            A banner asks for consent to store or read information on your device, or to process
            personal data for tracking. This site does neither: nothing is stored on your device,
            and the counting cannot identify you or follow you from one day to the next. The figures
            serve only to run this site; they are never sold or shared.
          </p>
        </Part>
        <Part title="Questions">
          <p>
            Write to{' '}
            <a
              href={`mailto:${email}`}
              className="font-semibold text-brand-700 underline underline-offset-4"
            >
              {email}
            </a>
            .
          </p>
        </Part>
      </div>
    </main>
  )
}
