import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGE_KEYS, PAGE_LABELS } from '#common/schemas/pages.ts'
import { SetupSchema } from '#common/schemas/setup.ts'
import { SITE_DEFAULTS } from '#common/site-defaults.ts'
import { DEMO_SITES } from '#server/first-run/demo-portfolio.ts'
import { FIRST_RUN_FAQ } from '#server/first-run/faq.ts'
import { seedSite } from '#server/first-run/first-run.ts'
import { FIRST_RUN_POST } from '#server/first-run/journal.ts'
import { asAdmin, asUser, expectError } from '#tests/helpers/auth.ts'
import { makeWebsite } from '#tests/helpers/factories.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

let app: TestApp
let admin: Record<string, string>

beforeAll(async () => {
  app = await createTestApp()
  admin = (await asAdmin(app)).headers
  await seedSite(app.services)
}, 120_000)
afterAll(() => app.cleanup())

const getSetup = async () => {
  const res = await app.inject({ method: 'GET', url: '/api/setup', headers: admin })
  expect(res.statusCode).toBe(200)
  return SetupSchema.parse(res.json())
}
const doneOf = async () =>
  Object.fromEntries((await getSetup()).steps.map((step) => [step.key, step.done]))

describe('GET /api/setup', () => {
  it('answers 401 to a visitor and 403 to a user', async () => {
    expectError(await app.inject({ method: 'GET', url: '/api/setup' }), 401)
    const { headers } = await asUser(app)
    expectError(await app.inject({ method: 'GET', url: '/api/setup', headers }), 403)
  })

  it('lists every step undone on a new site, and every first-run sample', async () => {
    const setup = await getSetup()
    expect(setup.steps.map((step) => step.key)).toEqual([
      'name',
      'business',
      'role',
      'place',
      'portrait',
      'logo',
      'accent',
      'fonts',
      'contact',
      'booking',
      'portfolio',
    ])
    expect(setup.steps.every((step) => !step.done && step.label.length > 0)).toBe(true)
    const [testimonial, post, ...rest] = setup.samples
    const websites = rest.filter((item) => item.kind === 'website')
    expect(testimonial).toEqual({
      kind: 'testimonial',
      id: expect.any(String),
      label: 'Testimonial from Sample Client',
    })
    expect(post).toEqual({ kind: 'post', id: expect.any(String), label: FIRST_RUN_POST.title })
    // The demo entries, in portfolio order.
    expect(websites.every((item) => item.kind === 'website')).toBe(true)
    expect(websites.map((item) => item.label).sort()).toEqual(
      DEMO_SITES.map((site) => site.name).sort(),
    )
  })

  it('marks the steps the settings complete as done', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin,
      payload: {
        ...SITE_DEFAULTS,
        ownerName: 'Sam Okafor',
        businessName: 'Okafor Digital',
        ownerRole: 'Web designer',
        location: 'Leeds, UK',
        email: 'sam@okafor.example',
        accentColor: '#0f766e',
        fontPair: 'inter',
        logo: '/uploads/0123456789abcdef01234568.webp',
        portrait: '/uploads/0123456789abcdef01234569.webp',
      },
    })
    expect(res.statusCode).toBe(200)
    expect(await doneOf()).toEqual({
      name: true,
      business: true,
      role: true,
      place: true,
      portrait: true,
      logo: true,
      accent: true,
      fonts: true,
      contact: true,
      booking: false,
      portfolio: false,
    })
  })

  it("marks booking done once the owner's time zone is set or booking is open", async () => {
    const put = async (booking: Partial<typeof SITE_DEFAULTS.booking>) => {
      const current = await app.inject({ method: 'GET', url: '/api/settings', headers: admin })
      const settings = current.json() as typeof SITE_DEFAULTS
      const res = await app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: admin,
        payload: { ...settings, booking: { ...SITE_DEFAULTS.booking, ...booking } },
      })
      expect(res.statusCode).toBe(200)
    }
    expect((await doneOf()).booking).toBe(false)
    await put({ timeZone: 'Europe/London' })
    expect((await doneOf()).booking).toBe(true)
    await put({ enabled: true })
    expect((await doneOf()).booking).toBe(true)
    await put({})
    expect((await doneOf()).booking).toBe(false)
  })

  it("counts a portfolio entry of the owner's own, not a demo one", async () => {
    await makeWebsite(app)
    expect((await doneOf()).portfolio).toBe(true)
  })

  it('drops a sample once the owner rewrites or saves it, and keeps it while it is only approved', async () => {
    const { samples } = await getSetup()
    const testimonial = samples.find((sample) => sample.kind === 'testimonial')!
    const post = samples.find((sample) => sample.kind === 'post')!
    const website = samples.find((sample) => sample.kind === 'website')!

    const approved = await app.inject({
      method: 'PUT',
      url: `/api/testimonials/${testimonial.id}`,
      headers: admin,
      payload: { approved: false },
    })
    expect(approved.statusCode).toBe(200)
    expect((await getSetup()).samples).toContainEqual(testimonial)

    const rewritten = await app.inject({
      method: 'PUT',
      url: `/api/testimonials/${testimonial.id}`,
      headers: admin,
      payload: { text: 'Sam rebuilt our booking site in three weeks.' },
    })
    expect(rewritten.statusCode).toBe(200)

    const current = await app.inject({ method: 'GET', url: `/api/posts/admin`, headers: admin })
    const sample = (
      current.json() as { posts: { _id: string; title: string; slug: string }[] }
    ).posts.find((p) => p._id === post.id)!
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/posts/${post.id}`,
      headers: admin,
      payload: { title: sample.title, slug: sample.slug, body: 'My own words.' },
    })
    expect(saved.statusCode).toBe(200)

    const site = await app.inject({ method: 'GET', url: `/api/websites/${website.id}` })
    const savedSite = await app.inject({
      method: 'PUT',
      url: `/api/websites/${website.id}`,
      headers: admin,
      payload: site.json(),
    })
    expect(savedSite.statusCode).toBe(200)

    const after = (await getSetup()).samples.map((item) => item.id)
    expect(after).not.toContain(testimonial.id)
    expect(after).not.toContain(post.id)
    expect(after).not.toContain(website.id)
    const left = (await getSetup()).samples.filter((item) =>
      ['website', 'post', 'testimonial'].includes(item.kind),
    )
    expect(left).toHaveLength(DEMO_SITES.length - 1)
  })

  it('lists every untouched first-run page text and FAQ entry, after the other samples', async () => {
    const { samples } = await getSetup()
    const pages = samples.filter((item) => item.kind === 'page')
    expect(pages).toEqual(
      PAGE_KEYS.map((key) => ({ kind: 'page', id: key, label: PAGE_LABELS[key] })),
    )
    const faqRes = await app.inject({ method: 'GET', url: '/api/faq' })
    const entries = (faqRes.json() as { faqs: { _id: string; question: string }[] }).faqs
    expect(entries).toHaveLength(FIRST_RUN_FAQ.length)
    expect(samples.filter((item) => item.kind === 'faq')).toEqual(
      entries.map((entry) => ({ kind: 'faq', id: entry._id, label: entry.question })),
    )
    const kinds = samples.map((item) => item.kind)
    expect(kinds.indexOf('page')).toBeGreaterThan(kinds.lastIndexOf('website'))
    expect(kinds.indexOf('faq')).toBeGreaterThan(kinds.lastIndexOf('page'))
  })

  it('drops a page once its text is edited and an FAQ entry once it is rewritten, and keeps one saved unchanged', async () => {
    const before = await getSetup()
    const about = await app.inject({ method: 'GET', url: '/api/pages/about', headers: admin })
    const { key: _key, ...content } = about.json() as Record<string, unknown>
    const unchanged = await app.inject({
      method: 'PUT',
      url: '/api/pages/about',
      headers: admin,
      payload: content,
    })
    expect(unchanged.statusCode).toBe(200)
    expect((await getSetup()).samples).toContainEqual({ kind: 'page', id: 'about', label: 'About' })

    const edited = await app.inject({
      method: 'PUT',
      url: '/api/pages/about',
      headers: admin,
      payload: { ...content, title: 'About my practice' },
    })
    expect(edited.statusCode).toBe(200)

    const faq = before.samples.find((item) => item.kind === 'faq')!
    const rewritten = await app.inject({
      method: 'PUT',
      url: `/api/faq/${faq.id}`,
      headers: admin,
      payload: { question: faq.label, answer: 'In my own words: it depends on the pages.' },
    })
    expect(rewritten.statusCode).toBe(200)

    const after = (await getSetup()).samples
    expect(after.map((item) => item.id)).not.toContain('about')
    expect(after.map((item) => item.id)).not.toContain(faq.id)
    expect(after.filter((item) => item.kind === 'page')).toHaveLength(PAGE_KEYS.length - 1)
    expect(after.filter((item) => item.kind === 'faq')).toHaveLength(FIRST_RUN_FAQ.length - 1)
  })
})
