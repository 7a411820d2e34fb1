export interface PageWindow {
  page: number
  limit: number
  offset: number
}

export const pageWindow = (page: number, limit: number): PageWindow => ({
  page,
  limit,
  offset: (page - 1) * limit,
})

export const pageCount = (total: number, limit: number) => Math.ceil(total / limit)

export interface PagePlan {
  /** Read in the opposite order from the list's, then reverse the rows. */
  reverse: boolean
  limit: number
  offset: number
}

/**
 * Where to read a page from, given the total: a page in the back half is read from the other end
 * of the index (so the last page costs what the first one does), and a page past the end is empty.
 */
export function planPage(
  { limit, offset }: Pick<PageWindow, 'limit' | 'offset'>,
  total: number,
): PagePlan {
  if (offset >= total) return { reverse: false, limit: 0, offset }
  if (offset * 2 < total) return { reverse: false, limit, offset }
  const end = Math.min(offset + limit, total)
  return { reverse: true, limit: end - offset, offset: total - end }
}
