import { PUBLIC_ENTRY_PAGES, PUBLIC_PAGES } from '#common/public-pages.ts'

/**
 * The public pages a measuring script visits on a running site: every fixed page, and the first
 * entry of each kind with a page per entry (a portfolio entry, a journal post) when one is public.
 * /book is left out, with a note saying why, while booking is off (the scripts turn it on first:
 * owners-site.ts), since the page then only says that booking is not open.
 */
export async function publicRoutes(serverUrl: string): Promise<string[]> {
  const today = new Date().toISOString().slice(0, 10)
  const slots = await fetch(`${serverUrl}/api/booking/slots?from=${today}&to=${today}`)
  const isBookingOpen = slots.ok
  if (!isBookingOpen)
    process.stderr.write(
      `[public routes] /book left out: booking is off on this site (slots answer HTTP ${slots.status}), so the page only says booking is not open\n`,
    )
  const entries = await Promise.all(
    PUBLIC_ENTRY_PAGES.map(async ({ prefix, list, field }) => {
      const res = await fetch(`${serverUrl}${list}`)
      if (!res.ok) throw new Error(`${list}: HTTP ${res.status}`)
      const body = (await res.json()) as Record<string, { slug: string }[] | undefined>
      const slug = body[field]?.[0]?.slug
      return slug ? [`${prefix}${slug}`] : []
    }),
  )
  const pages = PUBLIC_PAGES.filter((page) => isBookingOpen || page !== '/book')
  return [...pages, ...entries.flat()]
}
