import type { ReactNode } from 'react'
import { useSiteSettings } from '#app/lib/site-settings.ts'
import type { SiteSettings } from '#common/schemas/settings.ts'

const DETAILS = {
  location: { label: 'Based in', value: (settings) => settings.location },
  serviceArea: { label: 'Working with', value: (settings) => settings.serviceArea },
  foundingYear: { label: 'Independent since', value: (settings) => String(settings.foundingYear) },
  responseTime: { label: 'Replies', value: (settings) => settings.responseTime },
  email: {
    label: 'E-mail',
    value: (settings) => (
      <a
        href={`mailto:${settings.email}`}
        className="font-semibold text-brand-700 underline underline-offset-4"
      >
        {settings.email}
      </a>
    ),
  },
} satisfies Record<string, { label: string; value: (settings: SiteSettings) => ReactNode }>

export type ContactDetail = keyof typeof DETAILS

/**
 * The business's contact details from the site settings, as a list of labelled values; one the
 * settings leave empty (the first-run location of a renamed site: common/first-run-persona.ts) is
 * left out.
 */
export function ContactDetails({ items }: { items: ContactDetail[] }) {
  const settings = useSiteSettings()
  const shown = items.filter((item) => DETAILS[item].value(settings) !== '')
  return (
    <dl className="mt-4 space-y-4 text-sm">
      {shown.map((item) => (
        <div key={item}>
          <dt className="font-medium text-slate-600">{DETAILS[item].label}</dt>
          <dd className="mt-0.5 text-slate-900">{DETAILS[item].value(settings)}</dd>
        </div>
      ))}
    </dl>
  )
}
