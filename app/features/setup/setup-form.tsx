import { useEffect, useState, type ReactNode } from 'react'
import { Link, href } from 'react-router'
import {
  SiteSettingsSchema,
  type SettingsOptions,
  type SiteSettings,
} from '#common/schemas/settings.ts'
import { BookingSettingsSchema, isTimeZone } from '#common/schemas/booking-settings.ts'
import { BOOKING_DEFAULTS } from '#common/site-defaults.ts'
import { MENU_ITEMS, resolveMenu, type MenuKey } from '#common/site-identity.ts'
import { Button } from '#app/components/ui/button.tsx'
import { CheckboxField, InputField } from '#app/components/ui/field.tsx'
import { FieldsForm } from '#app/components/ui/fields-form.tsx'
import { TimeZoneField } from '#app/components/ui/time-zone-field.tsx'
import { cn } from '#app/lib/cn.ts'
import type { FieldErrors } from '#app/lib/form.ts'
import { BrandKit } from './brand-kit.tsx'
import { moveMenuKey, type MenuMove } from './menu-order.ts'

/**
 * The fields this form edits; the page sends them over the current settings (and the booking's two
 * over the current booking settings).
 */
export const SetupFormSchema = SiteSettingsSchema.pick({
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
}).extend({ booking: BookingSettingsSchema.pick({ enabled: true, timeZone: true }) })

/**
 * The zone the setup offers for booking: the saved one once the owner has set it or opened
 * booking, else this browser's (the first run's UTC is nobody's choice).
 */
function offeredTimeZone(booking: SiteSettings['booking']): string {
  if (booking.enabled || booking.timeZone !== BOOKING_DEFAULTS.timeZone) return booking.timeZone
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    return zone && isTimeZone(zone) ? zone : booking.timeZone
  } catch {
    return booking.timeZone
  }
}

/** Where the header's button usually leads: the contact form, booking a call, the portfolio. */
const HEADER_BUTTON_TARGETS = ['/contact', '/book', '/portfolio']

function Section({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 rounded-lg border border-slate-200 px-4 pt-1 pb-5 sm:px-5">
      <legend className="px-1 text-sm font-semibold text-slate-800">{title}</legend>
      {lead ? <p className="mb-4 text-sm text-slate-600">{lead}</p> : null}
      <div className="grid gap-5 sm:grid-cols-2">{children}</div>
    </fieldset>
  )
}

const menuMoveId = (key: MenuKey, direction: 'up' | 'down') => `menu-move-${direction}-${key}`

/** A labelled group of radio buttons, one per option. */
function Choice({
  legend,
  name,
  options,
  value,
  error,
  className,
  isInline = false,
}: {
  legend: string
  name: string
  options: { value: string; label: string; hint?: string }[]
  value: string
  error?: string
  className?: string
  /** The options side by side from a tablet's width up. */
  isInline?: boolean
}) {
  return (
    <fieldset className={cn('min-w-0', className)} aria-invalid={error ? true : undefined}>
      <legend className="mb-2 text-sm font-medium text-slate-800">{legend}</legend>
      <div className={cn('grid gap-2', isInline && 'sm:grid-cols-3')}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 px-3 py-2 text-sm has-checked:border-brand-600 has-checked:bg-brand-50"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={option.value === value}
              className="mt-0.5 h-4 w-4 accent-brand-700"
            />
            <span>
              <span className="font-medium text-slate-900">{option.label}</span>
              {option.hint ? (
                <span className="block text-xs text-slate-600">{option.hint}</span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
    </fieldset>
  )
}

/**
 * The setup page's form: who the owner is, booking calls, their portrait and logo, the site's look
 * and its header.
 * It posts to the route's clientAction; the two image fields come from the route, which combines
 * them with the upload feature.
 */
export function SetupForm({
  settings,
  options,
  errors,
  isSubmitting,
  isBusy,
  portraitField,
  logoField,
  zones,
  onEdit,
}: {
  settings: SiteSettings
  options: SettingsOptions
  /** The time zones offered as the booking's zone is typed. */
  zones: string[]
  errors?: FieldErrors
  isSubmitting: boolean
  isBusy: boolean
  portraitField: ReactNode
  logoField: ReactNode
  onEdit: () => void
}) {
  // Read once: the form renders only in the browser (the route's clientLoader), where Intl knows it.
  const [timeZone] = useState(() => offeredTimeZone(settings.booking))
  const text = (
    name: 'ownerName' | 'businessName' | 'ownerRole' | 'location' | 'email' | 'responseTime',
    label: string,
    extra: object = {},
  ) => (
    <InputField
      label={label}
      name={name}
      defaultValue={settings[name]}
      required
      error={errors?.[name]}
      {...extra}
    />
  )
  // Every item, in the saved order, hidden ones included: the form shows, hides and reorders them.
  const saved = new Map(settings.menu.map((entry) => [entry.key, entry]))
  const [order, setOrder] = useState<MenuKey[]>(() => settings.menu.map((entry) => entry.key))
  const [lastMove, setLastMove] = useState<MenuMove | null>(null)
  const menu = resolveMenu(order.map((key) => ({ key, label: key, hidden: false })))
  const rows = menu.flatMap((item) => [
    { key: item.key, siblings: menu.map((other) => other.key), isChild: false },
    ...item.children.map((child) => ({
      key: child.key,
      siblings: item.children.map((other) => other.key),
      isChild: true,
    })),
  ])
  const move = (moved: MenuMove) => {
    setOrder((current) => moveMenuKey(current, moved))
    setLastMove(moved)
    onEdit()
  }
  useEffect(() => {
    // The moved row keeps the focus: on the same button, or the other one at an end of its list.
    if (!lastMove) return
    const other: MenuMove['direction'] = lastMove.direction === 'up' ? 'down' : 'up'
    const button = [lastMove.direction, other]
      .map((direction) => document.getElementById(menuMoveId(lastMove.key, direction)))
      .find((candidate) => candidate instanceof HTMLButtonElement && !candidate.disabled)
    button?.focus()
  }, [lastMove])

  return (
    <FieldsForm
      errors={errors}
      onChange={onEdit}
      aria-label="Set up your site"
      className="space-y-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <Section
        title="You and your business"
        lead="Every page, e-mail and search result names you with these."
      >
        {text('ownerName', 'Your name', { autoComplete: 'name' })}
        {text('businessName', 'Business name', { autoComplete: 'organization' })}
        {text('ownerRole', 'What you do', { hint: 'e.g. Freelance web designer and developer.' })}
        {text('location', 'Where you work', {
          hint: 'As visitors should read it, e.g. Leeds, UK.',
        })}
        {text('email', 'Contact e-mail', {
          type: 'email',
          autoComplete: 'off',
          hint: 'Shown on the contact page; new messages are sent here.',
        })}
        {text('responseTime', 'How fast you reply', {
          hint: 'Completes “Replies …”, e.g. within one business day.',
        })}
      </Section>

      <Section
        title="Booking calls"
        lead="Visitors pick a free time on /book. Your weekly hours, meeting lengths and where calls happen are on the Booking screen."
      >
        <CheckboxField
          label="Visitors can book a call"
          hint="Opens /book and offers it after a contact message."
          name="booking.enabled"
          defaultChecked={settings.booking.enabled}
          className="sm:col-span-2"
        />
        <TimeZoneField
          name="booking.timeZone"
          zones={zones}
          defaultValue={timeZone}
          hint={
            timeZone !== settings.booking.timeZone
              ? 'Filled in from this browser. Your weekly hours are in this zone.'
              : 'Type to search, e.g. Berlin or New York. Your weekly hours are in this zone.'
          }
          error={errors?.['booking.timeZone']}
        />
        <p className="self-center text-sm text-slate-700 sm:pt-6">
          <Link
            to={href('/admin/booking')}
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            Set your hours on the Booking screen
          </Link>
        </p>
      </Section>

      <Section
        title="Portrait and logo"
        lead="A square photo of you, and your logo (the browser tab and phone home-screen icons are made from it)."
      >
        <div>{portraitField}</div>
        <div>{logoField}</div>
      </Section>

      <Section title="Look" lead="Your colour and fonts, previewed as visitors see them.">
        <Choice
          legend="Colour scheme"
          name="colorScheme"
          value={settings.colorScheme}
          error={errors?.colorScheme}
          className="sm:col-span-2"
          isInline
          options={[
            { value: 'light', label: 'Light' },
            { value: 'dark', label: 'Dark' },
            { value: 'auto', label: 'Automatic', hint: 'Follows each visitor’s device setting.' },
          ]}
        />
        <BrandKit
          accentColor={settings.accentColor}
          fontPair={settings.fontPair}
          options={options}
          errors={errors}
        />
      </Section>

      <Section
        title="Header"
        lead="The one filled button in the header and the phone menu, and the menu's items in their order: move an item up or down among its neighbours."
      >
        <InputField
          label="Button label"
          name="headerButton.label"
          defaultValue={settings.headerButton.label}
          required
          error={errors?.['headerButton.label']}
        />
        <InputField
          label="Button link"
          name="headerButton.href"
          defaultValue={settings.headerButton.href}
          required
          list="header-button-targets"
          hint="A page of this site, such as /contact or /book (booking a call), or an https:// address."
          error={errors?.['headerButton.href']}
        />
        {/* The pages a header button usually leads to, offered as the link is typed. */}
        <datalist id="header-button-targets">
          {HEADER_BUTTON_TARGETS.map((target) => (
            <option key={target} value={target} />
          ))}
        </datalist>
        <div className="sm:col-span-2">
          {/* Fixed columns: the labels' fields take what the checkbox and the buttons leave, on a phone too. */}
          <table className="w-full table-fixed text-sm max-sm:block">
            <caption className="mb-2 text-left text-sm font-medium text-slate-800 max-sm:block">
              Menu items
            </caption>
            <colgroup>
              <col />
              <col className="w-24" />
              <col className="w-24" />
            </colgroup>
            <thead className="sr-only">
              <tr>
                <th scope="col">Label</th>
                <th scope="col">Shown</th>
                <th scope="col">Order</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 max-sm:block">
              {rows.map(({ key, siblings, isChild }, index) => {
                const entry = saved.get(key)
                const defaultLabel = MENU_ITEMS.find((m) => m.key === key)!.label
                const place = siblings.indexOf(key)
                return (
                  <tr
                    key={key}
                    className="max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto] max-sm:items-center"
                  >
                    <td className={cn('py-2 max-sm:col-span-2 max-sm:pb-1', isChild && 'pl-6')}>
                      <InputField
                        label={`Label for ${defaultLabel}`}
                        name={`menu.${index}.label`}
                        defaultValue={entry?.label ?? defaultLabel}
                        required
                        error={errors?.[`menu.${index}.label`]}
                        className="[&_label]:sr-only"
                      />
                    </td>
                    <td
                      className={cn(
                        'py-2 pl-4 whitespace-nowrap',
                        isChild ? 'max-sm:pl-6' : 'max-sm:pl-0',
                      )}
                    >
                      {/* The row's place is its order; unticked, the hidden "true" stands. */}
                      <input type="hidden" name={`menu.${index}.key`} value={key} />
                      <input type="hidden" name={`menu.${index}.hidden`} value="true" />
                      <label className="flex items-center gap-2 text-slate-700">
                        <input
                          type="checkbox"
                          name={`menu.${index}.hidden`}
                          value="false"
                          defaultChecked={!(entry?.hidden ?? false)}
                          className="h-4 w-4 accent-brand-700"
                        />
                        Shown<span className="sr-only"> in the menu: {defaultLabel}</span>
                      </label>
                    </td>
                    <td className="py-2 pl-3">
                      <div className="flex justify-end gap-1">
                        {(['up', 'down'] as const).map((direction) => (
                          <Button
                            key={direction}
                            id={menuMoveId(key, direction)}
                            variant="secondary"
                            size="sm"
                            className="px-2"
                            aria-label={`Move ${defaultLabel} ${direction}`}
                            disabled={
                              direction === 'up' ? place === 0 : place === siblings.length - 1
                            }
                            onClick={() => move({ key, direction })}
                          >
                            <span aria-hidden="true">{direction === 'up' ? '↑' : '↓'}</span>
                          </Button>
                        ))}
                      </div>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      </Section>

      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting || isBusy}>
          {isSubmitting ? 'Saving...' : 'Save and show on the site'}
        </Button>
      </div>
    </FieldsForm>
  )
}
