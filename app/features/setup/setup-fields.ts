/**
 * The setup form's flat field names (`menu-faq-label`, `buttonLabel`, ...) to the settings' shape,
 * checked with the server's own schema; the page sends them over the current settings.
 */
import { type z } from 'zod'
import { SiteSettingsSchema } from '#common/schemas/settings.ts'
import { MENU_ITEMS, MENU_KEYS, type MenuKey } from '#common/site-identity.ts'
import type { FieldErrors, Validation } from '#app/lib/form-errors.ts'

export const menuLabelField = (key: MenuKey) => `menu-${key}-label`
export const menuShownField = (key: MenuKey) => `menu-${key}-shown`

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

const SetupFormSchema = SiteSettingsSchema.pick({
  ownerName: true,
  businessName: true,
  ownerRole: true,
  location: true,
  email: true,
  responseTime: true,
  portrait: true,
  logo: true,
  accentColor: true,
  fontPair: true,
  colorScheme: true,
  headerButton: true,
  menu: true,
})

export type SetupFields = z.infer<typeof SetupFormSchema>

/** The menu's keys in the order the form lists them (the saved order), every key once. */
function menuOrder(values: Record<string, string>): MenuKey[] {
  const listed = Object.keys(values)
    .filter((name) => name.startsWith('menu-') && name.endsWith('-label'))
    .map((name) => name.slice('menu-'.length, -'-label'.length))
    .filter((key): key is MenuKey => (MENU_KEYS as string[]).includes(key))
  return [...listed, ...MENU_KEYS.filter((key) => !listed.includes(key))]
}

const imageOrNull = (value: string | undefined) => (value ? value : null)

export function setupFromForm(values: Record<string, string>): Validation<SetupFields> {
  const result = SetupFormSchema.safeParse({
    ownerName: values.ownerName,
    businessName: values.businessName,
    ownerRole: values.ownerRole,
    location: values.location,
    email: values.email,
    responseTime: values.responseTime,
    portrait: imageOrNull(values.portrait),
    logo: imageOrNull(values.logo),
    accentColor: values.accentColor,
    fontPair: values.fontPair,
    colorScheme: values.colorScheme,
    headerButton: { label: values.buttonLabel, href: values.buttonHref },
    menu: menuOrder(values).map((key) => ({
      key,
      label: values[menuLabelField(key)],
      hidden: values[menuShownField(key)] !== 'on',
    })),
  })
  if (result.success) return { ok: true, data: result.data }
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const [first, second, third] = issue.path
    const field =
      first === 'headerButton'
        ? second === 'href'
          ? 'buttonHref'
          : 'buttonLabel'
        : first === 'menu' && typeof second === 'number' && third === 'label'
          ? menuLabelField(menuOrder(values)[second]!)
          : String(first ?? 'form')
    errors[field] ??= issue.message
  }
  return { ok: false, errors }
}
