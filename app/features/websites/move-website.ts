import type { Moved } from '#app/components/ui/move-buttons.tsx'
import { listWebsitesForAdmin, orderWebsites } from './websites.api.ts'

/**
 * Moves a website one place: it swaps with its neighbour, which the page sends when it shows it,
 * or which is read from the next or previous page at a page's edge. False when it has none.
 */
export async function moveWebsite(
  { id, direction }: Moved,
  shownNeighbourId: string | undefined,
  page: number,
): Promise<boolean> {
  let neighbour = shownNeighbourId
  if (!neighbour) {
    const { websites } = await listWebsitesForAdmin(
      Math.max(page + (direction === 'up' ? -1 : 1), 1),
    )
    neighbour = (direction === 'up' ? websites.at(-1) : websites[0])?._id
  }
  if (!neighbour || neighbour === id) return false
  await orderWebsites(direction === 'up' ? [id, neighbour] : [neighbour, id])
  return true
}
