/**
 * Slugs of entries with a page each (portfolio entries, journal posts). A new draft's slug follows
 * its title or name until the owner sets one or the entry is first published; after that it
 * changes only when the owner changes it, since a published address may be linked from elsewhere.
 */
/** `base` when free, else the first free `base-2`, `base-3`, ... */
export function nextFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken)
  if (!used.has(base)) return base
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`
    if (!used.has(candidate)) return candidate
  }
}

/**
 * Whether a saved entry's slug still follows its title: it did before, the save leaves the slug as
 * it was (or out), and the entry stays a draft.
 */
export function isSlugStillAutomatic(
  current: { slug: string; isSlugAutomatic: boolean },
  requestedSlug: string | undefined,
): boolean {
  return current.isSlugAutomatic && (requestedSlug === undefined || requestedSlug === current.slug)
}
