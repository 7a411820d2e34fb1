import { cn } from '#app/lib/cn.ts'

/** The green tick in a circle that heads a confirmation (a message sent, a call booked). */
export function CheckBadge({ isSmall = false }: { isSmall?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700',
        isSmall ? 'h-11 w-11' : 'h-12 w-12',
      )}
    >
      <svg
        viewBox="0 0 24 24"
        className="h-6 w-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
      >
        <path d="m5 12.5 4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  )
}
