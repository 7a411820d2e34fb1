/**
 * Reordering an admin list one place at a time: the buttons, the post they send, the action's half
 * and the focus that returns to the moved row. Every ordered list uses these, so keyboard users
 * keep their place the same way everywhere.
 */
import { useEffect } from 'react'
import { useNavigation, useSubmit } from 'react-router'
import { toast } from '#app/lib/toast.tsx'
import { Button } from './button.tsx'

export type MoveDirection = 'up' | 'down'

/** A row that a move has just moved. */
export interface Moved {
  id: string
  direction: MoveDirection
}

const DIRECTIONS: readonly MoveDirection[] = ['up', 'down']

const moveButtonId = (rowId: string, direction: MoveDirection) => `move-${direction}-${rowId}`

/**
 * Answers a list's `intent=move` post: `move` puts the row one place up or down, or returns false
 * when there was nothing to swap it with. Its errors go to the caller.
 */
export async function moveRow(
  form: FormData,
  move: (moved: Moved) => Promise<boolean | void>,
): Promise<{ moved: Moved | null }> {
  const moved: Moved = {
    id: String(form.get('id')),
    direction: form.get('direction') === 'up' ? 'up' : 'down',
  }
  if ((await move(moved)) === false) return { moved: null }
  toast.success(`Moved ${moved.direction}`)
  return { moved }
}

/**
 * Posts `{ intent: 'move', id, direction, ...extra }` to the route's clientAction. Once the list
 * has reloaded after `moved`, keyboard focus returns to the moved row's button, or to its other
 * one when the row reached an end of the list.
 */
export function useMoveRow(moved: Moved | null | undefined) {
  const navigation = useNavigation()
  const submit = useSubmit()

  useEffect(() => {
    if (!moved || navigation.state !== 'idle') return
    const other: MoveDirection = moved.direction === 'up' ? 'down' : 'up'
    const button = [moved.direction, other]
      .map((direction) => document.getElementById(moveButtonId(moved.id, direction)))
      .find((candidate) => candidate instanceof HTMLButtonElement && !candidate.disabled)
    button?.focus()
  }, [moved, navigation.state])

  return {
    isMoving: navigation.formData?.get('intent') === 'move',
    move: (id: string, direction: MoveDirection, extra: Record<string, string> = {}) =>
      void submit({ intent: 'move', id, direction, ...extra }, { method: 'post' }),
  }
}

/**
 * Move up and Move down for one row: the keyboard's (and a phone's) way to reorder. A button at
 * either end of the whole list is disabled. `label` names a button after its row; `hasArrows`
 * shows only the arrow of a crowded table row (the label still names the button).
 */
export function MoveButtons({
  rowId,
  label,
  hasArrows = false,
  isFirst,
  isLast,
  isBusy,
  onMove,
}: {
  rowId: string
  label: (direction: MoveDirection) => string
  hasArrows?: boolean
  isFirst: boolean
  isLast: boolean
  isBusy: boolean
  onMove: (direction: MoveDirection) => void
}) {
  return (
    <>
      {DIRECTIONS.map((direction) => (
        <Button
          key={direction}
          id={moveButtonId(rowId, direction)}
          variant="secondary"
          size="sm"
          aria-label={label(direction)}
          disabled={(direction === 'up' ? isFirst : isLast) || isBusy}
          onClick={() => onMove(direction)}
        >
          {hasArrows ? (
            <span aria-hidden="true" className="px-0.5">
              {direction === 'up' ? '↑' : '↓'}
            </span>
          ) : (
            `Move ${direction}`
          )}
        </Button>
      ))}
    </>
  )
}
