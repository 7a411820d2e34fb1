/**
 * The site settings (identity, contact, the practice's facts, social links, banner words, share
 * image) as the public layout's loader returned them: `useSiteSettings()` in components,
 * `settingsOf(matches)` in `meta` functions. Every page nests in that layout, so both always find
 * them.
 */
import { useRouteLoaderData } from 'react-router'
import type { SiteSettings } from '#common/schemas/settings.ts'
import { SITE_DEFAULTS } from '#common/site-defaults.ts'

const PUBLIC_LAYOUT_ID = 'routes/public/public-layout'

type MatchWithData = { id?: string; loaderData?: unknown } | undefined

const settingsIn = (data: unknown): SiteSettings | undefined =>
  data && typeof data === 'object' && 'settings' in data
    ? (data.settings as SiteSettings)
    : undefined

export function useSiteSettings(): SiteSettings {
  return settingsIn(useRouteLoaderData(PUBLIC_LAYOUT_ID)) ?? SITE_DEFAULTS
}

export function settingsOf(matches: ReadonlyArray<MatchWithData>): SiteSettings {
  for (const match of matches) {
    const settings = settingsIn(match?.loaderData)
    if (settings) return settings
  }
  return SITE_DEFAULTS
}

/**
 * Where the header and footer link the journal: where the owner chose in Settings, and only while a
 * post is published (the layout's `hasJournal`), so an empty journal is never offered.
 */
export function useJournalLinks(): { header: boolean; footer: boolean } {
  const data: unknown = useRouteLoaderData(PUBLIC_LAYOUT_ID)
  const settings = settingsIn(data) ?? SITE_DEFAULTS
  const hasJournal = !!data && typeof data === 'object' && 'hasJournal' in data && !!data.hasJournal
  return {
    header: hasJournal && settings.journalInHeader,
    footer: hasJournal && settings.journalInFooter,
  }
}

/** The social networks with an address, in the settings' order. */
export function socialLinks(settings: SiteSettings) {
  return (Object.entries(settings.social) as [keyof SiteSettings['social'], string][])
    .filter(([, url]) => url !== '')
    .map(([network, url]) => ({ network, url }))
}
