import type { ReactNode } from 'react'
import { useSiteSettings } from '#app/lib/site-settings.ts'
import type { SiteSettings } from '#common/schemas/settings.ts'
import { site } from '#app/site.ts'

const DETAILS = {
  location: { label: 'Based in', value: (settings) => settings.location },
  serviceArea: { label: 'Working with', value: () => site.serviceArea },
  foundingYear: { label: 'Independent since', value: () => String(site.foundingYear) },
  responseTime: { label: 'Replies', value: () => site.responseTime },
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

/** The business's contact details (site settings and `app/site.ts`), as a list of labelled values. */
export function ContactDetails({ items }: { items: ContactDetail[] }) {
  const settings = useSiteSettings()
  return (
    <dl className="mt-4 space-y-4 text-sm">
      {items.map((item) => (
        <div key={item}>
          <dt className="font-medium text-slate-600">{DETAILS[item].label}</dt>
          <dd className="mt-0.5 text-slate-900">{DETAILS[item].value(settings)}</dd>
        </div>
      ))}
    </dl>
  )
}
