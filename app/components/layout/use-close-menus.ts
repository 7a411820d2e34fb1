/**
 * Once hydrated, the header's open menus close as on a static page (closeMenusWhenDone in
 * page-behaviour.ts), and also when the app navigates.
 */
import { useEffect, type RefObject } from 'react'
import { useLocation } from 'react-router'
import { closeMenusWhenDone } from '#app/lib/page-behaviour.ts'

export function useCloseMenus(ref: RefObject<HTMLElement | null>) {
  const location = useLocation()

  useEffect(() => (ref.current ? closeMenusWhenDone(ref.current) : undefined), [ref])

  useEffect(() => {
    for (const menu of ref.current?.querySelectorAll<HTMLDetailsElement>('details[open]') ?? [])
      menu.open = false
  }, [location.pathname, location.search, ref])
}
