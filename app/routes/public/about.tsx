import { Link, href } from 'react-router'
import type { Route } from './+types/about'
import { CallToAction } from '#app/components/layout/call-to-action.tsx'
import { ContactDetails } from '#app/components/layout/contact-details.tsx'
import { PageIntro, Section } from '#app/components/layout/page-intro.tsx'
import { pageMeta } from '#app/lib/seo.ts'
import { settingsOf, useSiteSettings } from '#app/lib/site-settings.ts'
import { site } from '#app/site.ts'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'About',
    description: `${settingsOf(matches).ownerName} is a freelance full-stack developer in ${settingsOf(matches).location}, building fast, accessible websites and MERN applications for small businesses.`,
    path: href('/about'),
    matches,
    type: 'profile',
  })

const yearsOfPractice = new Date().getFullYear() - site.foundingYear

const VALUES = [
  {
    title: 'Speed is a feature',
    text: 'Most visitors arrive on a phone, often on a weak connection. I render pages on the server, ship as little JavaScript as possible and compress every image, because a page that appears at once is a page people read.',
  },
  {
    title: 'Everyone can use it',
    text: 'Keyboard access, readable contrast, labelled forms and sensible headings are part of the build, not a later audit. They also happen to be what search engines reward.',
  },
  {
    title: 'No lock-in',
    text: 'The code lives in your repository, the domain in your registrar account and the hosting in your name. If we ever part ways, you keep everything and a written handover.',
  },
  {
    title: 'Plain language',
    text: 'You get a short update every week: what was done, what is next and anything I need from you. No jargon, no status meetings that could have been an e-mail.',
  },
]

const STACK = [
  ['Front end', 'React, React Router, TypeScript, Tailwind CSS, semantic HTML'],
  ['Back end', 'Node.js, Express and Fastify APIs, authentication, e-mail, file uploads'],
  ['Data', 'MongoDB with Mongoose, PostgreSQL with Drizzle, Redis for caching'],
  ['Delivery', 'Render, Docker, GitHub Actions, Cloudflare DNS, automated tests with Playwright'],
]

export default function AboutPage() {
  const settings = useSiteSettings()
  return (
    <main id="main-content" className="flex-1">
      <PageIntro eyebrow="About" title={`Hi, I’m ${settings.ownerName}`}>
        <p>
          I run {settings.businessName}, a one-person web studio in {settings.location}. For{' '}
          {yearsOfPractice} years I have helped small businesses replace slow, hard-to-edit websites
          with fast, accessible ones that bring in enquiries.
        </p>
      </PageIntro>

      <Section title="The short story">
        <div className="grid gap-10 lg:grid-cols-[2fr_1fr]">
          <div className="space-y-5 text-lg leading-8 text-slate-700">
            <p>
              I started building websites for friends’ businesses while working in a print shop, and
              found that I liked the conversations about customers as much as the code. After
              several years as a developer in a product agency, shipping React and Node.js
              applications for clients in retail, health and education, I went independent in{' '}
              {site.foundingYear}.
            </p>
            <p>
              Working alone is a deliberate choice. You deal with one person who knows your project
              end to end, who answers your e-mail {site.responseTime}, and who will still be around
              when you need a change in two years. When a project needs more hands, I bring in
              trusted specialists for illustration, copywriting or photography, and I tell you up
              front.
            </p>
            <p>
              Most of my clients are service businesses, independent shops and non-profits with a
              small team and no in-house developer. They come to me because their current site is
              slow, looks dated on a phone, or has outgrown a page builder, and they stay because
              the new one keeps working.
            </p>
          </div>
          <aside
            aria-label="At a glance"
            className="h-fit rounded-xl bg-slate-50 p-6 ring-1 ring-slate-200"
          >
            <h3 className="text-base font-semibold text-slate-900">At a glance</h3>
            <ContactDetails
              items={['location', 'serviceArea', 'foundingYear', 'responseTime', 'email']}
            />
          </aside>
        </div>
      </Section>

      <Section title="What I care about" tone="muted">
        <ul className="grid gap-6 md:grid-cols-2">
          {VALUES.map((value) => (
            <li
              key={value.title}
              className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
            >
              <h3 className="text-lg font-semibold text-slate-900">{value.title}</h3>
              <p className="mt-2 leading-7 text-slate-700">{value.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        title="Tools I use every day"
        lead={
          <>
            I pick boring, well-supported tools so your site is easy to maintain. The{' '}
            <Link
              to={href('/mernRender')}
              className="font-semibold text-brand-700 underline underline-offset-4"
            >
              MERN deployment guide
            </Link>{' '}
            shows how I put a typical project online.
          </>
        }
      >
        <dl className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
          {STACK.map(([area, tools]) => (
            <div key={area} className="grid gap-1 px-6 py-4 sm:grid-cols-[12rem_1fr]">
              <dt className="font-semibold text-slate-900">{area}</dt>
              <dd className="text-slate-700">{tools}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <CallToAction
        title="Let’s see if we are a good fit"
        text="A short call costs nothing. You will come away with a clear idea of what your project needs, whether or not we end up working together."
      />
    </main>
  )
}
