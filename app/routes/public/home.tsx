import { Link, href, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/home'
import { CallToAction } from '#app/components/layout/call-to-action.tsx'
import { Section } from '#app/components/layout/page-intro.tsx'
import { Typewriter } from '#app/components/layout/typewriter.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { WebsiteCard } from '#app/features/websites/website-card.tsx'
import { pageMeta, publicUrlOf, siteJsonLd } from '#app/lib/seo.ts'
import type { loader as rootLoader } from '#app/root.tsx'
import { site } from '#app/site.ts'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Freelance Full-Stack Web Developer',
    description: site.description,
    path: href('/'),
    publicUrl: publicUrlOf(matches),
  })

export async function loader({ context }: Route.LoaderArgs) {
  const latest = await context.services.websites.listFeatured()
  return { latest, jsonLd: siteJsonLd(context.publicUrl) }
}

const SERVICES = [
  {
    title: 'Business websites',
    text: 'Fast, search-friendly sites for service businesses, studios and shops: written to answer your customers’ questions and built so you can update the content yourself.',
    icon: 'M4 5h16v11H4zM8 20h8M12 16v4',
  },
  {
    title: 'Custom web applications',
    text: 'Booking tools, client portals, dashboards and internal systems on the MERN stack, with sign-in, roles and an admin area designed around how your team works.',
    icon: 'M4 6h16M4 12h16M4 18h10M18 16l2 2-2 2',
  },
  {
    title: 'APIs and integrations',
    text: 'Node.js APIs that connect your site to payments, e-mail, CRMs and spreadsheets, documented and tested so the next developer can pick them up.',
    icon: 'M8 8l-4 4 4 4M16 8l4 4-4 4M13.5 6l-3 12',
  },
  {
    title: 'Speed and SEO tune-ups',
    text: 'An audit of an existing site with measured results: slow pages, layout shifts, accessibility gaps and missing search metadata, fixed in order of impact.',
    icon: 'M4 18a8 8 0 1 1 16 0M12 18l4-6',
  },
  {
    title: 'Deployment and hosting',
    text: 'Set-up on Render or your own server with HTTPS, a custom domain, backups and monitoring, so a launch is a non-event and you own every account.',
    icon: 'M12 3v12M7 10l5 5 5-5M5 21h14',
  },
  {
    title: 'Care plans',
    text: 'Monthly updates, security patches, uptime checks and a few hours of small changes, for owners who would rather run their business than their website.',
    icon: 'M12 21s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 11c0 5.5-7 10-7 10z',
  },
]

const PROCESS = [
  {
    title: 'Discover',
    text: 'A free 30-minute call about your goals, your customers and your budget, followed by a written proposal with a fixed price.',
  },
  {
    title: 'Design',
    text: 'Content outline, wireframes and a visual design for the key pages, reviewed together before a line of production code is written.',
  },
  {
    title: 'Build',
    text: 'Development in short milestones on a private preview link, so you see real progress every week and can steer early.',
  },
  {
    title: 'Launch and care',
    text: 'Testing on real phones, a careful launch on your domain, a handover session and 30 days of fixes included.',
  },
]

function Icon({ d }: { d: string }) {
  return (
    <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
      <svg viewBox="0 0 24 24" aria-hidden="true" className="h-6 w-6">
        <path
          d={d}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  )
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { latest, jsonLd } = loaderData
  const nonce = useRouteLoaderData<typeof rootLoader>('root')?.nonce
  return (
    <main id="main-content" className="flex-1">
      <script
        type="application/ld+json"
        nonce={nonce || undefined}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: jsonLd }}
      />
      <div className="relative overflow-hidden border-b border-slate-200 bg-gradient-to-b from-brand-50 via-white to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.25fr_1fr]">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              {site.ownerRole} · {site.location.city}, {site.location.regionCode}
            </p>
            <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
              Websites that load fast and win you clients
            </h1>
            <p className="mt-6 text-2xl font-semibold text-slate-800 sm:text-3xl">
              Built with <Typewriter words={site.stackNames} className="text-brand-700" />
            </p>
            <p className="mt-6 max-w-xl text-lg leading-8 text-slate-700">
              I’m {site.ownerName}. I design and build websites and web applications for small
              businesses, from the first sketch to the day it goes live on your domain, and I stay
              on to keep them fast, secure and up to date.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to={href('/contact')} className={buttonClasses('primary', 'lg')}>
                Start a project
              </Link>
              <Link to={href('/portfolio')} className={buttonClasses('secondary', 'lg')}>
                See my work
              </Link>
            </div>
          </div>
          <img
            src="/images/hero-scores.svg"
            alt=""
            loading="lazy"
            width={480}
            height={400}
            className="hidden h-auto w-full max-w-md justify-self-end drop-shadow-xl lg:block"
          />
        </div>
      </div>

      <Section
        id="services"
        title="What I can build for you"
        lead="One developer from first call to launch: you talk to the person who writes the code, and nothing gets lost between a designer, an agency and a hosting company."
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {SERVICES.map((service) => (
            <li
              key={service.title}
              className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <Icon d={service.icon} />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{service.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-700">{service.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="process"
        tone="muted"
        title="How a project works"
        lead={
          <>
            Four clear stages, a fixed price agreed up front and a weekly update. The{' '}
            <Link
              to={href('/webdesign')}
              className="font-semibold text-brand-700 underline underline-offset-4"
            >
              web design process
            </Link>{' '}
            page explains each step in detail.
          </>
        }
      >
        <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {PROCESS.map((step, i) => (
            <li
              key={step.title}
              className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
            >
              <span className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        id="recent-work"
        title="Recent work"
        lead="A few of the sites and applications I have built lately. Each one has its own page with the stack and the story behind it."
      >
        {latest.length > 0 ? (
          <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {latest.map((website) => (
              <WebsiteCard key={website._id} website={website} headingLevel="h3" />
            ))}
          </div>
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-700">
            New case studies are being written up. In the meantime, ask me for examples close to
            your project.
          </p>
        )}
        <p className="mt-8">
          <Link to={href('/portfolio')} className={buttonClasses('secondary', 'md')}>
            View the full portfolio
          </Link>
        </p>
      </Section>

      <CallToAction />
    </main>
  )
}
