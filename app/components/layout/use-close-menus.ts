/**
 * Once hydrated, a click outside, Escape, opening another menu, leaving the menu or navigating
 * closes the header's open menus.
 */
import { useEffect, type RefObject } from 'react'
import { useLocation } from 'react-router'

export function useCloseMenus(ref: RefObject<HTMLElement | null>) {
  const location = useLocation()

  useEffect(() => {
    const root = ref.current
    if (!root) return
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
      for (const menu of openMenus())
        if (menu !== opened && !menu.contains(opened)) menu.open = false
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
  }, [ref])

  useEffect(() => {
    for (const menu of ref.current?.querySelectorAll<HTMLDetailsElement>('details[open]') ?? [])
      menu.open = false
  }, [location.pathname, location.search, ref])
}
