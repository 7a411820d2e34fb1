/**
 * The public "Online · checked today · 180 ms" line under a portfolio entry. Its text is made by
 * the page's loader (onlineLines), so the server's render and the browser's agree; an entry whose
 * link fails, or was not checked lately, has no line at all, never an error.
 */
import type { PublicLinkHealth } from '#common/schemas/link-checks.ts'
import { cn } from '#app/lib/cn.ts'
import { onlineText } from './link-health-text.ts'

/** Each listed website's public line, by id (see LinkChecksService.publicHealthOf). */
export const onlineLines = (health: Record<string, PublicLinkHealth>, now = new Date()) =>
  Object.fromEntries(Object.entries(health).map(([id, h]) => [id, onlineText(h, now)]))

export function OnlineLine({ text, className }: { text: string | undefined; className?: string }) {
  if (!text) return null
  return (
    <p className={cn('flex items-center gap-2 text-xs font-medium text-slate-600', className)}>
      <span aria-hidden="true" className="h-2 w-2 shrink-0 rounded-full bg-emerald-600" />
      {text}
    </p>
  )
}
