/**
 * A small outline icon: one path `d` stroked in the text's colour with round ends (and round
 * corners with `hasRoundJoins`), hidden from screen readers. It is drawn on a 20-unit grid at
 * 16 px unless `viewBox` and `className` say otherwise.
 */
export function LineIcon({
  d,
  strokeWidth,
  hasRoundJoins = false,
  viewBox = '0 0 20 20',
  className = 'h-4 w-4',
}: {
  d: string
  strokeWidth: number
  hasRoundJoins?: boolean
  viewBox?: string
  className?: string
}) {
  return (
    <svg viewBox={viewBox} aria-hidden="true" className={className}>
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
