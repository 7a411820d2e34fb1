/**
 * The few behaviours of the site's frame that work on plain DOM, so a public page that ships no
 * React still has them: the header's menus closing, the session's entries in the header, the
 * banner's typewriter. React pages call the same functions from their effects.
 *
 * Each function is serialised into the static pages' inline script (`staticPageScript`) with
 * `Function.prototype.toString`, so it must reference nothing outside itself: no imports, no
 * module-level constants, only its arguments and the browser's globals.
 */

/**
 * A click outside, Escape, opening another menu or leaving a menu closes the open menus (`<details>`)
 * under `root`; following a link in one closes it too. Returns the function that stops watching.
 */
export function closeMenusWhenDone(root: HTMLElement): () => void {
  const openMenus = () => Array.from(root.querySelectorAll<HTMLDetailsElement>('details[open]'))
  const onPointerDown = (event: PointerEvent) => {
    for (const menu of openMenus()) if (!menu.contains(event.target as Node)) menu.open = false
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    const menus = openMenus()
    const innermost = menus[menus.length - 1]
    if (!innermost) return
    const hadFocus = innermost.contains(document.activeElement)
    innermost.open = false
    if (hadFocus) innermost.querySelector('summary')?.focus()
  }
  const onToggle = (event: Event) => {
    const opened = event.target as HTMLDetailsElement
    if (!opened.open) return
    for (const menu of openMenus()) if (menu !== opened && !menu.contains(opened)) menu.open = false
  }
  const onFocusOut = (event: FocusEvent) => {
    const next = event.relatedTarget
    if (!(next instanceof Node)) return
    for (const menu of openMenus()) if (!menu.contains(next)) menu.open = false
  }
  const onClick = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) for (const menu of openMenus()) menu.open = false
  }
  document.addEventListener('pointerdown', onPointerDown)
  document.addEventListener('keydown', onKeyDown)
  root.addEventListener('toggle', onToggle, true)
  root.addEventListener('focusout', onFocusOut)
  root.addEventListener('click', onClick)
  return () => {
    document.removeEventListener('pointerdown', onPointerDown)
    document.removeEventListener('keydown', onKeyDown)
    root.removeEventListener('toggle', onToggle, true)
    root.removeEventListener('focusout', onFocusOut)
    root.removeEventListener('click', onClick)
  }
}

/**
 * Types, pauses on and erases each word of `data-words` in turn, in the element's
 * `[data-typewriter-text]`; reduced-motion users keep the first word. Returns the function that
 * stops it.
 */
export function runTypewriter(element: HTMLElement): () => void {
  const TYPE_MS = 85
  const ERASE_MS = 40
  const HOLD_MS = 1_800
  const GAP_MS = 350
  const target = element.querySelector<HTMLElement>('[data-typewriter-text]')
  let words: unknown
  try {
    words = JSON.parse(element.dataset.words ?? '[]')
  } catch {
    words = []
  }
  if (
    !target ||
    !Array.isArray(words) ||
    words.length < 2 ||
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  )
    return () => {}
  const list = words.map(String)
  let index = 0
  let length = list[0]!.length
  let isErasing = true
  let timer: number
  const step = () => {
    const word = list[index]!
    let delay = isErasing ? ERASE_MS : TYPE_MS
    if (isErasing && length > 0) length -= 1
    else if (isErasing) {
      index = (index + 1) % list.length
      isErasing = false
      delay = GAP_MS
    } else if (length < word.length) length += 1
    else {
      isErasing = true
      delay = HOLD_MS
    }
    target.textContent = (list[index] ?? '').slice(0, length)
    timer = window.setTimeout(step, delay)
  }
  timer = window.setTimeout(step, HOLD_MS)
  return () => window.clearTimeout(timer)
}

/**
 * On a page rendered without React: puts in the header the entries of the session kept in local
 * storage under `storageKey`. The server renders the signed-out header, with the signed-in and
 * admin entries as inert `<template data-session="signed-in|admin">`s and the signed-out ones
 * marked `data-session="signed-out"`. Sign Out clears the session and goes to the sign-in page.
 */
export function showStoredSession(storageKey: string): void {
  let stored: unknown = null
  try {
    stored = JSON.parse(window.localStorage.getItem(storageKey) ?? 'null')
  } catch {
    stored = null
  }
  const session = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>
  const isSignedIn = typeof session.name === 'string' && typeof session.token === 'string'
  if (!isSignedIn) return
  const name = String(session.name)
  for (const element of document.querySelectorAll('[data-session="signed-out"]')) element.remove()
  for (const template of document.querySelectorAll<HTMLTemplateElement>('template[data-session]'))
    if (template.dataset.session === 'signed-in' || session.isAdmin === true)
      template.replaceWith(template.content.cloneNode(true))
  for (const element of document.querySelectorAll('[data-session-name]')) element.textContent = name
  for (const element of document.querySelectorAll('[data-session-initial]'))
    element.textContent = name.trim().charAt(0).toUpperCase() || '?'
  for (const button of document.querySelectorAll('[data-sign-out]'))
    button.addEventListener('click', () => {
      try {
        window.localStorage.removeItem(storageKey)
      } catch {
        // Storage refused (private mode): nothing was kept, so nothing to clear.
      }
      window.location.assign('/signin')
    })
}
