/**
 * "What the public pages show has changed": said by the services that change it (the portfolio,
 * settings, FAQ and page texts), heard by the public response cache, which empties itself and tells
 * the other instances (server/lib/change-broadcast.ts). Nothing else empties it: a sign-in, a
 * profile update or a contact message leaves the cached pages warm.
 */
export function createContentChanges() {
  const listeners = new Set<() => void>()
  return {
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
