/** The setup form's reordering of the header's menu items. */
import { MENU_ITEMS, type MenuKey } from '#common/site-identity.ts'

export interface MenuMove {
  key: MenuKey
  direction: 'up' | 'down'
}

const parentOf = (key: MenuKey): MenuKey | undefined =>
  (MENU_ITEMS.find((item) => item.key === key) as { parent?: MenuKey } | undefined)?.parent

/**
 * The menu's keys with one item swapped with its neighbour among its siblings (the top-level items,
 * or one group's children); an item at an end of its siblings stays where it is.
 */
export function moveMenuKey(order: readonly MenuKey[], { key, direction }: MenuMove): MenuKey[] {
  const siblings = order.filter((other) => parentOf(other) === parentOf(key))
  const from = siblings.indexOf(key)
  const to = direction === 'up' ? from - 1 : from + 1
  const neighbour = siblings[to]
  if (from < 0 || neighbour === undefined) return [...order]
  return order.map((other) => (other === key ? neighbour : other === neighbour ? key : other))
}
