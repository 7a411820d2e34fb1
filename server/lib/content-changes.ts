/**
 * "What the public pages show has changed": said by the services that change it (the portfolio,
 * settings, FAQ, page texts, journal and testimonials), heard by what keeps public content: the
 * public response cache, which empties itself, and the public reads kept in memory (`keep`), which
 * are read again. Other instances hear it through the change broadcast
 * (server/lib/change-broadcast.ts); apps built in one process over one database object (tests'
 * second instance) hear each other at once. Nothing else ends what is kept: a sign-in, a profile
 * update or a contact message leaves it warm.
 */

const MAX_KEPT_KEYS = 100

/** Apps sharing one database object in one process: a change in one is a change in all. */
const sameDatabase = new WeakMap<object, Set<ContentChanges>>()

export interface ContentChangesOptions {
  now?: () => Date
  /** The database the services write to: other apps in this process over it hear every change. */
  database?: object
}

export function createContentChanges({
  now = () => new Date(),
  database,
}: ContentChangesOptions = {}) {
  const listeners = new Set<() => void>()
  /** The earliest moment a scheduled change (a post's publish date) makes public content change. */
  let scheduledAt: number | undefined
  let publish: (() => void) | undefined
  /** Bumped by every change: a read begun before a change is not kept after it. */
  let generation = 0

  function hear(): void {
    generation++
    for (const listener of listeners) listener()
  }

  /** A scheduled moment has passed: what was kept before it is read again (no write says so). */
  function endScheduled(): void {
    if (scheduledAt === undefined || now().getTime() < scheduledAt) return
    scheduledAt = undefined
    hear()
  }

  const changes = {
    /**
     * Said by a service that read the time of a scheduled change: at that moment, the content
     * changes by itself (no write tells anyone), so what was kept must end then. Each instance
     * learns the moment from its own reads.
     */
    scheduleChange(at: Date): void {
      const ms = at.getTime()
      if (scheduledAt === undefined || ms < scheduledAt) scheduledAt = ms
    },
    /** Ends what is kept once the earliest scheduled change is due; called on every public read. */
    endScheduled,
    /** Called by a service once its change is stored: here, in this process and on other instances. */
    changed(): void {
      for (const other of (database && sameDatabase.get(database)) ?? [changes]) other.heard()
      publish?.()
    },
    /** Another instance changed something (the broadcast), or its link came back. */
    heard: hear,
    onChange(listener: () => void): void {
      listeners.add(listener)
    },
    /** The app is closing: other apps over its database stop telling it. */
    close(): void {
      if (database) sameDatabase.get(database)?.delete(changes)
    },
    /** Where `changed()` tells the other instances. */
    publishTo(send: () => void): void {
      publish = send
    },
    /**
     * A public read kept until the content changes: the first call per key reads, later ones share
     * its answer (a failed read is not kept). Only for reads of content that changes through the
     * services, which say so. At most `MAX_KEPT_KEYS` keys (a page number, a slug) are kept per
     * read, the least recently used leaving first, so requests for made-up keys cannot fill the
     * memory (a failed read, such as a slug that does not exist, is never kept).
     */
    keep<Args extends unknown[], T>(
      read: (...args: Args) => Promise<T>,
      keyOf: (...args: Args) => string = () => '',
    ): (...args: Args) => Promise<T> {
      const kept = new Map<string, Promise<T>>()
      listeners.add(() => kept.clear())
      return (...args) => {
        endScheduled()
        const key = keyOf(...args)
        const existing = kept.get(key)
        if (existing) {
          // Most recently used last: the least recently used key goes first when full.
          kept.delete(key)
          kept.set(key, existing)
          return existing
        }
        const readAt = generation
        const answer = read(...args)
        kept.set(key, answer)
        if (kept.size > MAX_KEPT_KEYS) kept.delete(kept.keys().next().value!)
        answer.then(
          () => {
            // Read across a change: it may show the content from before it.
            if (generation !== readAt && kept.get(key) === answer) kept.delete(key)
          },
          () => {
            if (kept.get(key) === answer) kept.delete(key)
          },
        )
        return answer
      }
    },
  }
  if (database) {
    const group = sameDatabase.get(database) ?? new Set()
    group.add(changes)
    sameDatabase.set(database, group)
  }
  return changes
}

export type ContentChanges = ReturnType<typeof createContentChanges>
export type KeepRead = ContentChanges['keep']
