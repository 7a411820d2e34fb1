/**
 * "What the public pages show has changed": said by the services that change it (the portfolio,
 * settings, FAQ and page texts), heard by the public response cache, which empties itself and tells
 * the other instances (server/lib/change-broadcast.ts). Nothing else empties it: a sign-in, a
 * profile update or a contact message leaves the cached pages warm.
 */
export function createContentChanges() {
  const listeners = new Set<() => void>()
  /** The earliest moment a scheduled change (a post's publish date) makes public content change. */
  let scheduledAt: number | undefined
  return {
    /**
     * Said by a service that read the time of a scheduled change: at that moment, the content
     * changes by itself (no write tells anyone), so cached pages must end then.
     */
    scheduleChange(at: Date): void {
      const ms = at.getTime()
      if (scheduledAt === undefined || ms < scheduledAt) scheduledAt = ms
    },
    /** True once (per scheduled moment) when `nowMs` has reached the earliest scheduled change. */
    isScheduledChangeDue(nowMs: number): boolean {
      if (scheduledAt === undefined || nowMs < scheduledAt) return false
      scheduledAt = undefined
      return true
    },
    /** Called by a service once its change is stored. */
    changed(): void {
      for (const listener of listeners) listener()
    },
    onChange(listener: () => void): void {
      listeners.add(listener)
    },
  }
}

export type ContentChanges = ReturnType<typeof createContentChanges>
