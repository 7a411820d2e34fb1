import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { PASSWORDS_DO_NOT_MATCH } from '#common/constants.ts'
import { WEEKDAYS } from '#common/schemas/booking-settings.ts'
import { PAGE_CONTENT_SCHEMAS } from '#common/schemas/pages.ts'
import { SiteSettingsSchema } from '#common/schemas/settings.ts'
import {
  ForgetPasswordBodySchema,
  ProfileFormSchema,
  ResetPasswordFormSchema,
  SignInBodySchema,
  SignUpFormSchema,
  UserUpdateBodySchema,
} from '#common/schemas/users.ts'
import { WebsiteUpdateBodySchema } from '#common/schemas/websites.ts'
import { BOOKING_DEFAULTS, SITE_DEFAULTS } from '#common/site-defaults.ts'
import { MENU_KEYS } from '#common/site-identity.ts'
import { ApiError } from './api-client.ts'
import {
  adminPost,
  answerMessage,
  FieldRefusal,
  formDataOf,
  parseForm,
  parseValue,
  runIntent,
  runSignedIn,
  submitForm,
} from './form.ts'
import { clearSession, saveSession } from './session.ts'
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

describe('parseForm with the account forms', () => {
  const GOOD_PASSWORD = 'Str0ng!pass'
  const fields = (values: Record<string, string>) => formOf(...Object.entries(values))
  const signUp = {
    name: 'Ada',
    email: 'Ada@Example.com',
    password: GOOD_PASSWORD,
    confirmPassword: GOOD_PASSWORD,
  }

  it('accepts a sign-up with matching passwords and normalises the e-mail', () => {
    expect(parseForm(SignUpFormSchema, fields({ ...signUp, redirect: '/profile' }))).toEqual({
      ok: true,
      data: { ...signUp, email: 'ada@example.com' },
    })
  })

  it('shows Passwords do not match under the confirmation, and each wrong field once', () => {
    expect(
      parseForm(SignUpFormSchema, fields({ ...signUp, confirmPassword: 'Str0ng!pasS' })),
    ).toEqual({ ok: false, errors: { confirmPassword: PASSWORDS_DO_NOT_MATCH } })
    const wrong = parseForm(
      SignUpFormSchema,
      fields({ name: ' ', email: 'nope', password: 'short', confirmPassword: '' }),
    )
    expect(!wrong.ok && wrong.errors).toMatchObject({
      name: 'Name is required',
      email: 'Email is not a valid e-mail address',
      confirmPassword: 'Please confirm the password',
      password: expect.stringMatching(/^Password must have at least 8 characters/),
    })
  })

  it('requires the sign-in fields, the reset link’s e-mail and matching new passwords', () => {
    expect(parseForm(SignInBodySchema, fields({ email: '', password: '' }))).toEqual({
      ok: false,
      errors: { email: 'Email is required', password: 'Password is required' },
    })
    expect(parseForm(ForgetPasswordBodySchema, fields({ email: '' }))).toEqual({
      ok: false,
      errors: { email: 'Email is required' },
    })
    expect(
      parseForm(
        ResetPasswordFormSchema,
        fields({ password: GOOD_PASSWORD, confirmPassword: 'different' }),
      ),
    ).toEqual({ ok: false, errors: { confirmPassword: PASSWORDS_DO_NOT_MATCH } })
  })

  it('keeps the current password when the profile’s password fields are empty, and checks a new one', () => {
    const profile = { name: 'Ada', email: 'ada@example.com', currentPassword: '' }
    const kept = parseForm(
      ProfileFormSchema,
      fields({ ...profile, password: '', confirmPassword: '' }),
    )
    expect(kept.ok && kept.data.password).toBeUndefined()
    expect(kept.ok).toBe(true)
    expect(
      parseForm(
        ProfileFormSchema,
        fields({ ...profile, password: GOOD_PASSWORD, confirmPassword: '' }),
      ),
    ).toEqual({ ok: false, errors: { confirmPassword: PASSWORDS_DO_NOT_MATCH } })
    const weak = parseForm(
      ProfileFormSchema,
      fields({ ...profile, password: 'weak', confirmPassword: 'weak' }),
    )
    expect(!weak.ok && weak.errors.password).toMatch(/uppercase letter/)
  })

  it('reads the admin flag from the user form’s box', () => {
    const user = { name: 'Ada', email: 'ada@example.com', currentEmail: 'ada@example.com' }
    expect(parseForm(UserUpdateBodySchema, fields({ ...user, isAdmin: 'on' }))).toEqual({
      ok: true,
      data: { name: 'Ada', email: 'ada@example.com', isAdmin: true },
    })
    expect(parseForm(UserUpdateBodySchema, fields({ name: '', email: 'ada@' }))).toEqual({
      ok: false,
      errors: { name: 'Name is required', email: 'Email is not a valid e-mail address' },
    })
  })
})

describe('parseForm with the website form', () => {
  const WEBSITE: [string, string][] = [
    ['intent', 'publish'],
    ['name', 'Bakery'],
    ['slug', 'corner-bakery'],
    ['image', '/images/default.jpg'],
    ['language', 'React'],
    ['languageDescription', 'MERN Stack'],
    ['description', 'Orders online.'],
    ['link', 'https://bakery.example'],
    ['year', ''],
    ['tags', 'React, Node.js'],
    ['results', ''],
    ['gallery', ''],
    ['featured', 'false'],
  ]

  it('reads an entry with no results or gallery left as empty lists, and the box’s last value', () => {
    const result = parseForm(WebsiteUpdateBodySchema, formOf(...WEBSITE, ['featured', 'true']))
    expect(result).toEqual({
      ok: true,
      data: {
        name: 'Bakery',
        slug: 'corner-bakery',
        image: '/images/default.jpg',
        language: 'React',
        languageDescription: 'MERN Stack',
        description: 'Orders online.',
        link: 'https://bakery.example',
        year: null,
        tags: ['React', 'Node.js'],
        results: [],
        gallery: [],
        featured: true,
      },
    })
  })

  it('reads the rows of a list from the fields of each, beside the list’s own empty field', () => {
    const result = parseForm(
      WebsiteUpdateBodySchema,
      formOf(
        ...WEBSITE,
        ['results.0.value', '+38 %'],
        ['results.0.label', 'bookings'],
        ['gallery.0.image', '/uploads/shop.webp'],
        ['gallery.0.alt', 'The shop'],
        ['gallery.0.caption', ''],
      ),
    )
    expect(result.ok && [result.data.results, result.data.gallery, result.data.featured]).toEqual([
      [{ value: '+38 %', label: 'bookings' }],
      [{ image: '/uploads/shop.webp', alt: 'The shop', caption: '' }],
      false,
    ])
  })

  it('puts a row’s error on its field, and a bad slug and link on theirs', () => {
    const result = parseForm(
      WebsiteUpdateBodySchema,
      formOf(
        ...WEBSITE.map(([name, value]): [string, string] => [
          name,
          name === 'slug' ? 'Bad Slug' : name === 'link' ? 'javascript:alert(1)' : value,
        ]),
        ['results.0.value', '+38 %'],
        ['results.0.label', ' '],
      ),
    )
    expect(!result.ok && result.errors).toEqual({
      slug: expect.any(String),
      link: 'Link must be an http:// or https:// address',
      'results.0.label': 'Result label is required',
    })
  })
})

describe('formDataOf', () => {
  it('sends an editor’s value as fields named by their paths, which parseForm reads back', () => {
    const Guide = PAGE_CONTENT_SCHEMAS.dns
    const step = {
      title: 'Point the domain',
      body: 'Add an **A** record.',
      image: { src: '/images/dns/a-record.png', alt: 'The A record', caption: 'At the registrar' },
    }
    const guide = {
      title: 'DNS',
      description: 'How to point a domain',
      heading: 'DNS guide',
      intro: 'Three steps.',
      steps: [step, { ...step, body: '' }],
      noteTitle: 'Note',
      note: 'It takes a while.',
      ctaTitle: 'Stuck?',
      ctaText: 'Write to me.',
    }
    const fields = formDataOf(guide)
    expect(fields.get('steps.1.image.alt')).toBe('The A record')
    expect(parseForm(Guide, fields)).toEqual({
      ok: false,
      errors: { 'steps.1.body': 'Body is required' },
    })
    expect(parseForm(Guide, formDataOf({ ...guide, steps: [step] }))).toEqual({
      ok: true,
      data: { ...guide, steps: [step] },
    })
    expect(parseForm(Guide, formDataOf({ ...guide, steps: [] }))).toEqual({
      ok: false,
      errors: { steps: 'Steps needs at least one entry' },
    })
  })
})

describe('parseValue', () => {
  it('keys each error by its path’s first key, or as the caller names the field', () => {
    const Steps = z.object({
      steps: z.array(z.object({ body: z.string().min(1, 'Body is required') })),
    })
    const value = { steps: [{ body: 'ok' }, { body: '' }] }
    expect(parseValue(Steps, value)).toEqual({ ok: false, errors: { steps: 'Body is required' } })
    expect(parseValue(Steps, value, (path) => path.join('.'))).toEqual({
      ok: false,
      errors: { 'steps.1.body': 'Body is required' },
    })
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

  it('sends the value, says saved and hands on the answer', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {})
    const save = vi.fn(() => Promise.resolve({ message: 'Stored' }))
    expect(await submitForm(form(), Schema, save, ({ message }) => message)).toEqual({
      saved: true,
      answer: { message: 'Stored' },
    })
    expect(save).toHaveBeenCalledWith({
      businessName: 'Harbour',
      social: { github: '', linkedin: '', x: '' },
    })
    expect(success).toHaveBeenCalledWith('Stored')
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

  it('puts a refusal the save names a field for on that field', async () => {
    const wrong = new FieldRefusal('businessName', 'That name is the old one')
    expect(await submitForm(form(), Schema, () => Promise.reject(wrong), 'Saved')).toEqual({
      errors: { businessName: 'That name is the old one' },
    })
  })

  it('throws a redirect to sign in on', async () => {
    const redirect = new Response(null, { status: 302 })
    await expect(submitForm(form(), Schema, () => Promise.reject(redirect), 'Saved')).rejects.toBe(
      redirect,
    )
  })
})

describe('runIntent', () => {
  afterEach(() => vi.restoreAllMocks())

  it('says done with the answer’s words and hands the answer on', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {})
    const answer = { message: 'Client deleted' }
    expect(
      await runIntent(
        () => Promise.resolve(answer),
        ({ message }) => message,
      ),
    ).toBe(answer)
    expect(success).toHaveBeenCalledWith('Client deleted')
  })

  it('toasts a refusal and answers undefined, and throws a redirect on', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {})
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {})
    const refused = new ApiError('A client with a sent proposal stays', 409)
    expect(await runIntent(() => Promise.reject(refused), 'Deleted')).toBeUndefined()
    expect(error).toHaveBeenCalledWith('A client with a sent proposal stays')
    expect(success).not.toHaveBeenCalled()
    const redirect = new Response(null, { status: 302 })
    await expect(runIntent(() => Promise.reject(redirect), 'Deleted')).rejects.toBe(redirect)
  })
})

describe('runSignedIn', () => {
  afterEach(() => vi.restoreAllMocks())

  it('says done once sent, and goes to sign in and back when the server refuses the sign-in', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {})
    const request = new Request('http://localhost/admin/faq')
    expect(await runSignedIn(request, () => Promise.resolve('sent'), 'Deleted')).toBe('sent')
    expect(success).toHaveBeenCalledWith('Deleted')
    const thrown: unknown = await runSignedIn(
      request,
      () => Promise.reject(new ApiError('Please sign in', 401)),
      'Deleted',
    ).catch((error: unknown) => error)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).headers.get('Location')).toBe('/signin?redirect=/admin/faq')
  })
})

describe('adminPost', () => {
  function fakeWindow() {
    const items = new Map<string, string>()
    return {
      localStorage: {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => void items.set(key, value),
        removeItem: (key: string) => void items.delete(key),
      },
      addEventListener: () => {},
      removeEventListener: () => {},
    }
  }
  const post = (fields: Record<string, string>) =>
    new Request('http://localhost/admin/clients', {
      method: 'POST',
      body: new URLSearchParams(fields),
    })

  afterEach(() => vi.unstubAllGlobals())

  it('reads the fields, the button and its row once an admin is signed in', async () => {
    vi.stubGlobal('window', fakeWindow())
    saveSession({ _id: 'a1', name: 'Ada', email: 'ada@example.com', isAdmin: true, token: 't' })
    const { formData, intent, id } = await adminPost(
      post({ intent: 'delete', id: 'c7', name: 'Acme' }),
    )
    expect([intent, id, formData.get('name')]).toEqual(['delete', 'c7', 'Acme'])
  })

  it('sends a signed-out visitor to sign in before the form is read', async () => {
    vi.stubGlobal('window', fakeWindow())
    clearSession()
    const request = post({ intent: 'delete', id: 'c7' })
    const thrown: unknown = await adminPost(request).catch((error: unknown) => error)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).headers.get('Location')).toBe('/signin?redirect=/admin/clients')
    expect(request.bodyUsed).toBe(false)
  })
})

describe('answerMessage', () => {
  it("is the server's own words", () => {
    expect(answerMessage({ message: 'Client deleted' })).toBe('Client deleted')
  })
})
