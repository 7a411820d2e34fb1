import { afterEach, describe, expect, it, vi } from 'vitest'
import { BOOKING_DEFAULTS, WEEKDAYS } from '#common/schemas/booking-settings.ts'
import { SiteSettingsSchema } from '#common/schemas/settings.ts'
import { SITE_DEFAULTS } from '#common/site-defaults.ts'
import { MENU_KEYS } from '#common/site-identity.ts'
import { ApiError } from './api-client.ts'
import { parseForm, submitForm } from './form.ts'
import { toast } from './toast.tsx'

/** A submitted form: each pair one field, in order, a name given twice sent twice. */
const formOf = (...fields: [string, string][]) => {
  const data = new FormData()
  for (const [name, value] of fields) data.append(name, value)
  return data
}

const SettingsForm = SiteSettingsSchema.pick({
  businessName: true,
  social: true,
  bannerStacks: true,
  signupsOpen: true,
  foundingYear: true,
  inquiry: true,
})

const SETTINGS: [string, string][] = [
  ['businessName', 'Harbour Pixel Works'],
  ['social.github', 'https://github.com/harbour'],
  ['social.linkedin', ''],
  ['social.x', 'https://x.com/harbour'],
  ['bannerStacks.0', 'React'],
  ['bannerStacks.1', 'Node.js'],
  ['bannerStacks.2', 'PostgreSQL'],
  ['foundingYear', '2011'],
  ['inquiry.projectTypes', 'New website\r\n\r\n  Redesign  \n'],
  ['inquiry.budgets', ''],
  ['inquiry.timelines', 'Flexible'],
]

const settingsWith = (changes: Record<string, string>) =>
  formOf(
    ...SETTINGS.map(([name, value]): [string, string] => [name, changes[name] ?? value]),
    ...Object.entries(changes).filter(([name]) => !SETTINGS.some(([other]) => other === name)),
  )

describe('parseForm', () => {
  it('nests fields by their names, lists by index, a textarea one item a line, an unticked box as false', () => {
    const result = parseForm(SettingsForm, settingsWith({}))
    expect(result).toEqual({
      ok: true,
      data: {
        businessName: 'Harbour Pixel Works',
        social: { github: 'https://github.com/harbour', linkedin: '', x: 'https://x.com/harbour' },
        bannerStacks: ['React', 'Node.js', 'PostgreSQL'],
        signupsOpen: false,
        foundingYear: 2011,
        inquiry: {
          projectTypes: ['New website', 'Redesign'],
          budgets: [],
          timelines: ['Flexible'],
          askWebsite: false,
        },
      },
    })
    const ticked = parseForm(
      SettingsForm,
      settingsWith({ signupsOpen: 'on', 'inquiry.askWebsite': 'on' }),
    )
    expect(ticked.ok && [ticked.data.signupsOpen, ticked.data.inquiry.askWebsite]).toEqual([
      true,
      true,
    ])
  })

  it('puts each error on the field of its path, a list item’s on the textarea', () => {
    const result = parseForm(
      SettingsForm,
      settingsWith({
        'social.x': 'ftp://x.example',
        'bannerStacks.1': ' ',
        'inquiry.budgets': 'Small\nSmall',
      }),
    )
    expect(!result.ok && result.errors).toEqual({
      'social.x': expect.stringMatching(/X \(Twitter\) link must be an https:\/\/ address/),
      'bannerStacks.1': 'Banner stack name is required',
      'inquiry.budgets': 'Budgets lists an option twice',
    })
  })

  it('reads an empty number as missing and a word as no number', () => {
    const empty = parseForm(SettingsForm, settingsWith({ foundingYear: ' ' }))
    expect(!empty.ok && empty.errors.foundingYear).toBe('Founding year is required')
    const word = parseForm(SettingsForm, settingsWith({ foundingYear: 'twenty' }))
    expect(!word.ok && word.errors.foundingYear).toBe('Founding year must be a year, e.g. 2017')
  })

  it('reads an empty nullable field as null, and a hidden "true" before a ticked "false" as false', () => {
    const SetupForm = SiteSettingsSchema.pick({ portrait: true, headerButton: true, menu: true })
    const menu = SITE_DEFAULTS.menu.flatMap((item, i): [string, string][] => [
      [`menu.${i}.key`, item.key],
      [`menu.${i}.label`, item.key === 'faq' ? 'Questions' : item.label],
      [`menu.${i}.hidden`, 'true'],
      ...(item.key === 'dns' ? [] : [[`menu.${i}.hidden`, 'false'] as [string, string]]),
    ])
    const result = parseForm(
      SetupForm,
      formOf(
        ['portrait', ''],
        ['headerButton.label', 'Book a call'],
        ['headerButton.href', '/contact'],
        ...menu,
      ),
    )
    expect(result.ok && result.data.portrait).toBe(null)
    expect(result.ok && result.data.headerButton).toEqual({
      label: 'Book a call',
      href: '/contact',
    })
    const read = result.ok ? result.data.menu : []
    expect(read.map((item) => item.key)).toEqual(MENU_KEYS)
    expect(read.find((item) => item.key === 'faq')).toEqual({
      key: 'faq',
      label: 'Questions',
      hidden: false,
    })
    expect(read.find((item) => item.key === 'dns')?.hidden).toBe(true)
  })

  it('reads numbers typed into one field, a day’s JSON, and names the day of an error', () => {
    const BookingForm = SiteSettingsSchema.pick({ booking: true })
    const weekly = { ...BOOKING_DEFAULTS.weekly, tue: [{ start: '17:00', end: '09:00' }] }
    const booking = (durations: string, days: typeof weekly) =>
      formOf(
        ['booking.enabled', 'on'],
        ['booking.timeZone', BOOKING_DEFAULTS.timeZone],
        ['booking.durations', durations],
        ...WEEKDAYS.map((day): [string, string] => [
          `booking.weekly.${day}`,
          JSON.stringify(days[day]),
        ]),
        ['booking.bufferMinutes', String(BOOKING_DEFAULTS.bufferMinutes)],
        ['booking.minNoticeHours', String(BOOKING_DEFAULTS.minNoticeHours)],
        ['booking.horizonDays', String(BOOKING_DEFAULTS.horizonDays)],
        ['booking.location', ''],
        ['booking.busyCalendarUrl', ' '],
      )
    const good = parseForm(
      BookingForm,
      booking(BOOKING_DEFAULTS.durations.join(', '), BOOKING_DEFAULTS.weekly),
    )
    expect(good).toEqual({
      ok: true,
      data: {
        booking: { ...BOOKING_DEFAULTS, enabled: true, location: '', busyCalendarUrl: null },
      },
    })
    const bad = parseForm(BookingForm, booking('20, soon', weekly))
    expect(!bad.ok && Object.keys(bad.errors).sort()).toEqual([
      'booking.durations',
      'booking.weekly.tue',
    ])
    expect(!bad.ok && bad.errors['booking.weekly.tue']).toMatch(/Tuesday/)
  })
})

describe('submitForm', () => {
  afterEach(() => vi.restoreAllMocks())
  const Schema = SiteSettingsSchema.pick({ businessName: true, social: true })
  const form = () =>
    formOf(
      ['businessName', 'Harbour'],
      ['social.github', ''],
      ['social.linkedin', ''],
      ['social.x', ''],
    )

  it('sends the value and says saved', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {})
    const save = vi.fn(() => Promise.resolve())
    expect(await submitForm(form(), Schema, save, 'Saved')).toEqual({ saved: true })
    expect(save).toHaveBeenCalledWith({
      businessName: 'Harbour',
      social: { github: '', linkedin: '', x: '' },
    })
    expect(success).toHaveBeenCalledWith('Saved')
  })

  it('puts a 400 naming a field on that field, and any other refusal on the form', async () => {
    const refuse = (error: Error) => () => Promise.reject(error)
    const named = new ApiError('social.github: GitHub link must be an https:// address', 400)
    expect(await submitForm(form(), Schema, refuse(named), 'Saved')).toEqual({
      errors: { 'social.github': 'GitHub link must be an https:// address' },
    })
    const unknownField = new ApiError('booking.durations: Meeting lengths are required', 400)
    expect(await submitForm(form(), Schema, refuse(unknownField), 'Saved')).toEqual({
      errors: { form: 'booking.durations: Meeting lengths are required' },
    })
    const conflict = new ApiError('social.github: taken', 409)
    expect(await submitForm(form(), Schema, refuse(conflict), 'Saved')).toEqual({
      errors: { form: 'social.github: taken' },
    })
  })

  it('throws a redirect to sign in on', async () => {
    const redirect = new Response(null, { status: 302 })
    await expect(submitForm(form(), Schema, () => Promise.reject(redirect), 'Saved')).rejects.toBe(
      redirect,
    )
  })
})
