/**
 * The ids of an ordered list after moving `id` one place up (-1) or down (+1); unchanged at an end
 * or for an id not in the list. The admin's ordered lists send this as their new order.
 */
export function movedIds(items: { _id: string }[], id: string, step: -1 | 1): string[] {
  const ids = items.map((item) => item._id)
  const from = ids.indexOf(id)
  const to = from + step
  if (from < 0 || to < 0 || to >= ids.length) return ids
  ;[ids[from], ids[to]] = [ids[to]!, ids[from]!]
  return ids
}
