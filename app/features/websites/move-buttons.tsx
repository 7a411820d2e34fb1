import { Button } from '#app/components/ui/button.tsx'

export type MoveDirection = 'up' | 'down'

/** The id of a website's Move button, so focus can return to it once the list has reloaded. */
export const moveButtonId = (websiteId: string, direction: MoveDirection) =>
  `move-${direction}-${websiteId}`

/**
 * Move up / Move down for one portfolio entry: the keyboard's (and a phone's) way to reorder.
 * A button at either end of the whole list is disabled.
 */
export function MoveButtons({
  websiteId,
  name,
  isFirst,
  isLast,
  isBusy,
  onMove,
}: {
  websiteId: string
  name: string
  isFirst: boolean
  isLast: boolean
  isBusy: boolean
  onMove: (direction: MoveDirection) => void
}) {
  return (
    <>
      <Button
        id={moveButtonId(websiteId, 'up')}
        variant="secondary"
        size="sm"
        aria-label={`Move ${name} up`}
        disabled={isFirst || isBusy}
        onClick={() => onMove('up')}
      >
        <span aria-hidden="true">↑</span> Up
      </Button>
      <Button
        id={moveButtonId(websiteId, 'down')}
        variant="secondary"
        size="sm"
        aria-label={`Move ${name} down`}
        disabled={isLast || isBusy}
        onClick={() => onMove('down')}
      >
        <span aria-hidden="true">↓</span> Down
      </Button>
    </>
  )
}

/** Draft or Published, and Featured: a website's state as short labels. */
export function WebsiteState({ published, featured }: { published: boolean; featured: boolean }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      <span
        className={
          published
            ? 'rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800'
            : 'rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900'
        }
      >
        {published ? 'Published' : 'Draft'}
      </span>
      {featured ? (
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
          Featured
        </span>
      ) : null}
    </span>
  )
}
