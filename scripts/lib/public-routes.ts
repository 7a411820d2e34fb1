import { PUBLIC_ENTRY_PAGES, PUBLIC_PAGES } from '#common/public-pages.ts'

/**
 * The public pages a measuring script visits on a running site: every fixed page, and the first
 * entry of each kind with a page per entry (a portfolio entry, a journal post) when one is public.
 */
export async function publicRoutes(serverUrl: string): Promise<string[]> {
  const entries = await Promise.all(
    PUBLIC_ENTRY_PAGES.map(async ({ prefix, list, field }) => {
      const res = await fetch(`${serverUrl}${list}`)
      if (!res.ok) throw new Error(`${list}: HTTP ${res.status}`)
      const body = (await res.json()) as Record<string, { slug: string }[] | undefined>
      const slug = body[field]?.[0]?.slug
      return slug ? [`${prefix}${slug}`] : []
    }),
  )
  return [...PUBLIC_PAGES, ...entries.flat()]
}
