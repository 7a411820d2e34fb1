import { href } from 'react-router'
import { Section } from '#app/components/layout/page-intro.tsx'
import { Portrait } from '#app/components/layout/portrait.tsx'
import { Typewriter } from '#app/components/layout/typewriter.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { LineIcon } from '#app/components/ui/line-icon.tsx'
import { useSiteSettings } from '#app/lib/site-settings.ts'
import type { Page } from '#common/schemas/pages.ts'
import { Markdown } from '#app/components/ui/markdown.tsx'
import { SiteLink } from '#app/components/ui/site-link.tsx'

/** The services' icons, in order; a service added in the admin reuses them from the first. */
const SERVICE_ICONS = [
  'M4 5h16v11H4zM8 20h8M12 16v4',
  'M4 6h16M4 12h16M4 18h10M18 16l2 2-2 2',
  'M8 8l-4 4 4 4M16 8l4 4-4 4M13.5 6l-3 12',
  'M4 18a8 8 0 1 1 16 0M12 18l4-6',
  'M12 3v12M7 10l5 5 5-5M5 21h14',
  'M12 21s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 11c0 5.5-7 10-7 10z',
]

function Icon({ d }: { d: string }) {
  return (
    <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
      <LineIcon d={d} strokeWidth={1.8} hasRoundJoins viewBox="0 0 24 24" className="h-6 w-6" />
    </span>
  )
}

/**
 * The home page's editable parts: the banner, the services and the process, from the rendered
 * content (Markdown fields already HTML).
 */
export function HomeSections({ page }: { page: Page<'home'> }) {
  const settings = useSiteSettings()
  return (
    <>
      <div className="relative overflow-hidden border-b border-slate-200 bg-gradient-to-b from-brand-50 via-white to-white">
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-[1.25fr_1fr]">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              {[settings.ownerRole, settings.location].filter(Boolean).join(' · ')}
            </p>
            <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
              {page.heading}
            </h1>
            <p className="mt-6 text-2xl font-semibold text-slate-800 sm:text-3xl">
              Built with <Typewriter words={settings.bannerStacks} className="text-brand-700" />
            </p>
            <Markdown
              html={page.intro}
              className="mt-6 max-w-xl text-lg leading-8 text-slate-700"
            />
            <div className="mt-8 flex flex-wrap gap-3">
              <SiteLink to={href('/contact')} className={buttonClasses('primary', 'lg')}>
                Start a project
              </SiteLink>
              <SiteLink to={href('/portfolio')} className={buttonClasses('secondary', 'lg')}>
                See my work
              </SiteLink>
            </div>
          </div>
          {settings.portrait ? (
            <Portrait
              size={320}
              isEager
              className="order-first h-32 w-32 shadow-xl ring-4 ring-white sm:h-40 sm:w-40 lg:order-none lg:h-80 lg:w-80 lg:justify-self-end"
            />
          ) : (
            <img
              src="/images/hero-scores.svg"
              alt=""
              loading="lazy"
              width={480}
              height={400}
              className="hidden h-auto w-full max-w-md justify-self-end drop-shadow-xl lg:block"
            />
          )}
        </div>
      </div>

      <Section
        id="services"
        title={page.servicesTitle}
        lead={<Markdown html={page.servicesLead} />}
      >
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {page.services.map((service, i) => (
            <li key={i} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <Icon d={SERVICE_ICONS[i % SERVICE_ICONS.length]!} />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{service.title}</h3>
              <Markdown html={service.text} className="mt-2 text-sm leading-6 text-slate-700" />
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="process"
        tone="muted"
        title={page.processTitle}
        lead={<Markdown html={page.processLead} />}
      >
        <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {page.process.map((step, i) => (
            <li key={i} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <span className="flex h-9 w-9 items-center justify-center rounded-full bg-accent text-sm font-bold text-on-accent">
                {i + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
              <Markdown html={step.text} className="mt-2 text-sm leading-6 text-slate-700" />
            </li>
          ))}
        </ol>
      </Section>
    </>
  )
}
