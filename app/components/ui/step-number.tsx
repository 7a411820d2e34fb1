import { cn } from '#app/lib/cn.ts'

/**
 * A step's number in a circle of the accent colour; `className` gives its size and place. Hidden
 * from screen readers: the step's own text says which step it is.
 */
export function StepNumber({ number, className }: { number: number; className: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex items-center justify-center rounded-full bg-accent text-on-accent',
        className,
      )}
    >
      {number}
    </span>
  )
}
