/**
 * What the public pages of every published content type (the portfolio, the journal) do alike:
 * read a list's page and tag from the address, title and address a filtered page, and answer an
 * entry's page with 404 or a permanent redirect to its current slug.
 */
import { data, redirect } from 'react-router'
import type { z } from 'zod'

const MOVED_PERMANENTLY = 301

type ListQuery = { page: number; tag?: string | undefined }

/** The list's page and tag; an unreadable query (a tag too long) lists everything rather than failing. */
export function readListQuery(request: Request, schema: z.ZodType<ListQuery>): ListQuery {
  const query = new URL(request.url).searchParams
  const parsed = schema.safeParse({
    page: query.get('page') ?? undefined,
    tag: query.get('tag') ?? undefined,
  })
  return parsed.success ? parsed.data : { page: 1, tag: undefined }
}

/** The path of a list filtered by one tag (or unfiltered), as a plain link that works without JavaScript. */
export const tagPath = (basePath: string, tag?: string) =>
  tag ? `${basePath}?tag=${encodeURIComponent(tag)}` : basePath

/** A list page's title and canonical path: "Journal: CSS, page 2" at /journal?tag=CSS&page=2. */
export function listPageTitle(section: string, basePath: string, page: number, tag?: string) {
  const base = tagPath(basePath, tag)
  const title = tag ? `${section}: ${tag}` : section
  return {
    title: page > 1 ? `${title}, page ${page}` : title,
    path: page > 1 ? `${base}${tag ? '&' : '?'}page=${page}` : base,
  }
}

const isNotFound = (error: unknown) =>
  !!error && typeof error === 'object' && 'statusCode' in error && error.statusCode === 404

/**
 * The entry a public page shows: a 404 response when there is none, a permanent redirect when it
 * was renamed (an old slug) to `pathOf` its current slug.
 */
export async function publicEntry<Entry extends object>(
  lookup: Promise<Entry | { movedTo: string }>,
  pathOf: (slug: string) => string,
): Promise<Entry> {
  const found = await lookup.catch((error: unknown) => {
    if (isNotFound(error)) throw data(null, { status: 404 })
    throw error
  })
  if ('movedTo' in found) throw redirect(pathOf(found.movedTo), MOVED_PERMANENTLY)
  return found
}
