import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SessionSchema } from '#common/schemas/users.ts'
import {
  SettingsOptionsSchema,
  SiteSettingsSchema,
  type SiteSettings,
} from '#common/schemas/settings.ts'
import { DEFAULT_MENU } from '#common/site-identity.ts'
import { BILLING_DEFAULTS, SITE_DEFAULTS } from '#common/site-defaults.ts'
import { asAdmin, asUser, expectError } from '#tests/helpers/auth.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

let app: TestApp
let admin: Record<string, string>
let user: Record<string, string>

beforeAll(async () => {
  app = await createTestApp()
  admin = (await asAdmin(app)).headers
  user = (await asUser(app)).headers
})
afterAll(() => app.cleanup())

const edited: SiteSettings = {
  businessName: 'Harbour Pixel Works',
  ownerName: 'Sam Lee',
  tagline: 'Websites for harbour towns',
  email: 'sam@harbour.example',
  location: 'Halifax, Nova Scotia',
  social: { github: 'https://github.com/harbour', linkedin: '', x: 'https://x.com/harbour' },
  bannerStacks: ['React', 'Node.js', 'PostgreSQL'],
  seoDescription: 'Harbour Pixel Works builds fast websites for small businesses by the sea.',
  shareImage: '/uploads/0123456789abcdef01234567.webp',
  signupsOpen: true,
  ownerRole: 'Web developer and designer',
  serviceArea: 'Nova Scotia and remote clients in Canada',
  responseTime: 'within two business days',
  foundingYear: 2011,
  weeklyDigest: true,
  showLinkHealth: true,
  journalInHeader: false,
  journalInFooter: true,
  accentColor: '#0f766e',
  fontPair: 'fraunces-inter',
  colorScheme: 'auto',
  logo: '/uploads/0123456789abcdef01234568.webp',
  portrait: '/uploads/0123456789abcdef01234569.webp',
  headerButton: { label: 'Book a call', href: '/contact' },
  menu: [
    { key: 'portfolio', label: 'Work', hidden: false },
    { key: 'about-us', label: 'Studio', hidden: false },
    { key: 'dns', label: 'DNS', hidden: true },
  ],
  inquiry: {
    projectTypes: ['Shop', 'Booking site'],
    budgets: [],
    timelines: ['This season'],
    askWebsite: false,
  },
  booking: {
    enabled: true,
    timeZone: 'America/Halifax',
    durations: [30],
    weekly: {
      mon: [{ start: '10:00', end: '12:00' }],
      tue: [],
      wed: [
        { start: '09:00', end: '11:00' },
        { start: '14:00', end: '16:00' },
      ],
      thu: [],
      fri: [],
      sat: [],
      sun: [],
    },
    bufferMinutes: 5,
    minNoticeHours: 24,
    horizonDays: 14,
    location: 'https://meet.example/harbour',
    busyCalendarUrl: null,
  },
  billing: BILLING_DEFAULTS,
}

const put = (body: unknown, headers = admin) =>
  app.inject({ method: 'PUT', url: '/api/settings', headers, payload: body as object })

const getSettings = async () => {
  const res = await app.inject({ method: 'GET', url: '/api/settings' })
  expect(res.statusCode).toBe(200)
  return SiteSettingsSchema.parse(res.json())
}

describe('GET /api/settings', () => {
  it('answers the first-run defaults to anyone before the first save', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/settings' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(SITE_DEFAULTS)
    expect(res.headers['cache-control']).toBe('public, no-cache')
  })

  it('starts with the blue accent, the system fonts, a light scheme, no logo or portrait, the "Start a project" button and the specification\'s menu', async () => {
    expect(await getSettings()).toMatchObject({
      accentColor: '#174ca8',
      fontPair: 'system',
      colorScheme: 'light',
      logo: null,
      portrait: null,
      headerButton: { label: 'Start a project', href: '/contact' },
      menu: DEFAULT_MENU,
    })
    expect(DEFAULT_MENU.map((item) => item.key)).toEqual([
      'about-us',
      'about',
      'contact',
      'faq',
      'portfolio',
      'journal',
      'webdesign',
      'deployment',
      'mernRender',
      'dns',
    ])
    expect(DEFAULT_MENU.every((item) => !item.hidden)).toBe(true)
  })

  it("asks a freelance web developer's qualifying questions until the owner changes them", async () => {
    expect((await getSettings()).inquiry).toEqual({
      projectTypes: ['New website', 'Redesign', 'Web application', 'Maintenance'],
      budgets: expect.arrayContaining(['Not sure yet']),
      timelines: expect.arrayContaining(['Flexible']),
      askWebsite: true,
    })
  })

  it("includes the practice's facts, with the weekly digest off", async () => {
    expect(await getSettings()).toMatchObject({
      ownerRole: 'Freelance full-stack web developer',
      serviceArea: 'Portland, Oregon, and remote clients across North America and Europe',
      responseTime: 'within one business day',
      foundingYear: 2017,
      weeklyDigest: false,
    })
  })
})

describe('PUT /api/settings', () => {
  it('answers 401 to a visitor and 403 to a user, and changes nothing', async () => {
    expectError(await put(edited, {}), 401)
    expectError(await put(edited, user), 403)
    expect(await getSettings()).toEqual(SITE_DEFAULTS)
  })

  it('saves every field and answers the settings', async () => {
    const res = await put(edited)
    expect(res.statusCode).toBe(200)
    expect(SiteSettingsSchema.parse(res.json())).toEqual(edited)
    expect(await getSettings()).toEqual(edited)
  })

  it('keeps the SEO description and share image when they are left out', async () => {
    const { seoDescription: _, shareImage: __, ...rest } = edited
    const res = await put({ ...rest, businessName: 'Harbour Pixel Studio' })
    expect(res.statusCode).toBe(200)
    expect(await getSettings()).toEqual({ ...edited, businessName: 'Harbour Pixel Studio' })
    await put(edited)
  })

  it('keeps the contact form questions when a body leaves them out', async () => {
    const { inquiry: _, ...rest } = edited
    const res = await put({ ...rest, ownerName: 'Sam Lee-Hart' })
    expect(res.statusCode).toBe(200)
    expect(await getSettings()).toEqual({ ...edited, ownerName: 'Sam Lee-Hart' })
    await put(edited)
  })

  it("keeps the practice's facts and the weekly digest when a body of the first shape leaves them out", async () => {
    const {
      ownerRole: _,
      serviceArea: __,
      responseTime: ___,
      foundingYear: ____,
      weeklyDigest: _____,
      ...firstShape
    } = edited
    const res = await put({ ...firstShape, tagline: 'Websites for harbour towns and villages' })
    expect(res.statusCode).toBe(200)
    expect(await getSettings()).toEqual({
      ...edited,
      tagline: 'Websites for harbour towns and villages',
    })
    await put(edited)
  })

  it.each([
    [{ businessName: ' ' }, /businessName: Business name is required/],
    [{ ownerRole: '' }, /ownerRole: Owner role is required/],
    [{ ownerRole: 'x'.repeat(81) }, /ownerRole: Owner role must be at most 80 characters/],
    [{ serviceArea: ' ' }, /serviceArea: Service area is required/],
    [{ serviceArea: 'x'.repeat(161) }, /serviceArea: Service area must be at most 160 characters/],
    [{ responseTime: 'x'.repeat(81) }, /responseTime: Response time must be at most 80 characters/],
    [{ foundingYear: '2017' }, /foundingYear: Founding year must be a year/],
    [{ foundingYear: 2017.5 }, /foundingYear: Founding year must be a whole year/],
    [{ foundingYear: 1899 }, /foundingYear: Founding year must be 1900 or later/],
    [{ foundingYear: 3000 }, /foundingYear: Founding year cannot be in the future/],
    [{ weeklyDigest: 'yes' }, /weeklyDigest: Weekly digest must be true or false/],
    [{ email: 'not-an-email' }, /email: Email is not a valid e-mail address/],
    [
      { social: { ...edited.social, github: 'javascript:alert(1)' } },
      /social\.github: GitHub link/,
    ],
    [
      { social: { ...edited.social, x: 'http://x.com/a' } },
      /social\.x: X \(Twitter\) link must be an https/,
    ],
    [{ bannerStacks: ['React', 'Node.js'] }, /bannerStacks: Banner stack names must be exactly 3/],
    [{ bannerStacks: ['React', '', 'Node.js'] }, /bannerStacks\.1: Banner stack name is required/],
    [{ shareImage: 'https://evil.example/a.png' }, /shareImage: Share image must be an uploaded/],
    [{ signupsOpen: 'yes' }, /signupsOpen: Sign-ups open must be true or false/],
    [{ tagline: 'x'.repeat(161) }, /tagline: Tagline must be at most 160 characters/],
    [{ accentColor: '#ffcc00' }, /^accentColor: Accent color is too light for white text/],
    [{ accentColor: '#777777' }, /^accentColor: Accent color is too light for white text/],
    [{ accentColor: 'teal' }, /^accentColor: Accent color must be a colour such as/],
    [{ fontPair: 'comic-sans' }, /^fontPair: Font pair must be one of system, inter/],
    [{ colorScheme: 'sepia' }, /^colorScheme: Color scheme must be light, dark or auto/],
    [{ logo: 'https://evil.example/logo.png' }, /^logo: Logo must be an uploaded image path/],
    [{ portrait: '/images/../x.png' }, /^portrait: Portrait must be an uploaded image path/],
    [
      { headerButton: { label: '', href: '/contact' } },
      /^headerButton\.label: Header button label is required/,
    ],
    [
      { headerButton: { label: 'Go', href: 'javascript:alert(1)' } },
      /^headerButton\.href: Header button link must be a page of this site/,
    ],
    [
      { headerButton: { label: 'Go', href: '//evil.example' } },
      /^headerButton\.href: Header button link must be a page of this site/,
    ],
    [
      { headerButton: { label: 'Go', href: '/\\evil.example/x' } },
      /^headerButton\.href: Header button link must be a page of this site/,
    ],
    [
      { headerButton: { label: 'Go', href: '/%5Cevil.example/x' } },
      /^headerButton\.href: Header button link must be a page of this site/,
    ],
    [
      { headerButton: { label: 'Go', href: '/\t/evil.example' } },
      /^headerButton\.href: Header button link must be a page of this site/,
    ],
    [
      { headerButton: { label: 'Go', href: '/..//evil.example' } },
      /^headerButton\.href: Header button link must be a page of this site/,
    ],
    [
      { menu: [{ key: 'blog', label: 'Blog', hidden: false }] },
      /^menu\.0\.key: Menu item key must be one of/,
    ],
    [
      { menu: [{ key: 'faq', label: ' ', hidden: false }] },
      /^menu\.0\.label: Menu label is required/,
    ],
    [
      {
        menu: [
          { key: 'faq', label: 'FAQ', hidden: false },
          { key: 'faq', label: 'Questions', hidden: false },
        ],
      },
      /^menu: Menu lists each item once/,
    ],
    [
      { inquiry: { ...edited.inquiry, budgets: ['Small', 'Small'] } },
      /inquiry\.budgets: Budgets lists an option twice/,
    ],
    [
      { inquiry: { ...edited.inquiry, projectTypes: ['Shop', ' '] } },
      /inquiry\.projectTypes\.1: Project types option is required/,
    ],
    [
      { inquiry: { ...edited.inquiry, timelines: ['x'.repeat(61)] } },
      /inquiry\.timelines\.0: Timelines option must be at most 60 characters/,
    ],
    [
      { inquiry: { ...edited.inquiry, askWebsite: 'yes' } },
      /inquiry\.askWebsite: Ask for the current website must be true or false/,
    ],
  ])(
    'answers 400 naming the field for %j and keeps the saved settings',
    async (change, message) => {
      expectError(await put({ ...edited, ...change }), 400, message)
      expect(await getSettings()).toEqual(edited)
    },
  )

  it('accepts an accent just dark enough, in either letter case', async () => {
    const res = await put({ ...edited, accentColor: '#767676' })
    expect(res.statusCode).toBe(200)
    expect((await getSettings()).accentColor).toBe('#767676')
    expect((await put({ ...edited, accentColor: '#0F766E' })).statusCode).toBe(200)
    expect((await getSettings()).accentColor).toBe('#0F766E')
    await put(edited)
  })

  it('keeps the look, the logo, the portrait, the button and the menu when a body leaves them out', async () => {
    const {
      accentColor: _a,
      fontPair: _f,
      colorScheme: _c,
      logo: _l,
      portrait: _p,
      headerButton: _h,
      menu: _m,
      ...older
    } = edited
    expect((await put({ ...older, tagline: 'Websites by the sea' })).statusCode).toBe(200)
    expect(await getSettings()).toEqual({ ...edited, tagline: 'Websites by the sea' })
    await put(edited)
  })

  it('answers 400 when a field is missing', async () => {
    const { location: _, ...rest } = edited
    expectError(await put(rest), 400, /location/)
  })
})

describe('GET /api/settings/options', () => {
  it('answers at least four font pairs to anyone, each with its heading and body fonts', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/settings/options' })
    expect(res.statusCode).toBe(200)
    const { fontPairs } = SettingsOptionsSchema.parse(res.json())
    expect(fontPairs.length).toBeGreaterThanOrEqual(4)
    expect(new Set(fontPairs.map((pair) => pair.id)).size).toBe(fontPairs.length)
    expect(fontPairs.map((pair) => pair.id)).toContain(SITE_DEFAULTS.fontPair)
    for (const pair of fontPairs) {
      expect(pair).toEqual({
        id: expect.any(String),
        label: expect.any(String),
        heading: expect.any(String),
        body: expect.any(String),
      })
    }
  })
})

describe('POST /api/users/signup with sign-ups closed', () => {
  const signUp = (email: string, payload: object = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: { name: 'Newcomer', email, password: 'Newc0mer!Pass', ...payload },
    })

  it('answers 403 "Sign-ups are closed", whatever the body, until they open again', async () => {
    expect((await put({ ...edited, signupsOpen: false })).statusCode).toBe(200)
    expectError(await signUp('closed@site.test'), 403, 'Sign-ups are closed')
    expectError(await signUp('closed@site.test', { password: 'short' }), 403, 'Sign-ups are closed')

    expect((await put({ ...edited, signupsOpen: true })).statusCode).toBe(200)
    const res = await signUp('opened@site.test')
    expect(res.statusCode).toBe(201)
    expect(SessionSchema.parse(res.json()).email).toBe('opened@site.test')
  })
})
