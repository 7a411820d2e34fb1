/**
 * A small outline icon: one path `d` on a 20-unit grid, stroked in the text's colour with round
 * ends (and round corners with `hasRoundJoins`), hidden from screen readers.
 */
export function LineIcon({
  d,
  strokeWidth,
  hasRoundJoins = false,
}: {
  d: string
  strokeWidth: number
  hasRoundJoins?: boolean
}) {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="h-4 w-4">
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinecap="round"
        strokeLinejoin={hasRoundJoins ? 'round' : undefined}
      />
    </svg>
  )
}
