import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGE_KEYS, type Page } from '#common/schemas/pages.ts'
import { FIRST_RUN_PAGES as PAGE_SEEDS } from '#server/first-run/pages.ts'
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

const getPage = (key: string) => app.inject({ method: 'GET', url: `/api/pages/${key}` })
const putPage = (key: string, payload: unknown, headers = admin) =>
  app.inject({ method: 'PUT', url: `/api/pages/${key}`, headers, payload: payload as object })

describe('GET /api/pages/{key}', () => {
  it.each(PAGE_KEYS)('answers the first-run text of %s to visitors', async (key) => {
    const res = await getPage(key)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ...PAGE_SEEDS[key], key })
  })

  it('answers 404 for an unknown key', async () => {
    expectError(await getPage('pricing'), 404, 'Page not found')
  })
})

describe('PUT /api/pages/{key}', () => {
  it('accepts every first-run text as it is', async () => {
    for (const key of PAGE_KEYS) {
      const res = await putPage(key, PAGE_SEEDS[key])
      expect(res.statusCode, key).toBe(200)
    }
  })

  it('stores the page for the admin and answers it, with unknown fields dropped', async () => {
    const body = {
      ...PAGE_SEEDS.about,
      title: 'About the studio',
      description: 'Who builds your site.',
      story: 'I write **every line** myself.',
      extra: 'ignored',
    }
    const res = await putPage('about', body)
    expect(res.statusCode).toBe(200)
    const saved = res.json<Page<'about'>>()
    expect(saved).toMatchObject({ key: 'about', title: 'About the studio', story: body.story })
    expect(saved).not.toHaveProperty('extra')
    expect((await getPage('about')).json()).toEqual(saved)
  })

  it('keeps raw HTML as it was typed (the page escapes it when rendering)', async () => {
    const story = 'Hello <script>alert(1)</script>'
    const res = await putPage('about', { ...PAGE_SEEDS.about, story })
    expect(res.json<Page<'about'>>().story).toBe(story)
  })

  it('refuses visitors with 401 and signed-in users with 403, changing nothing', async () => {
    const before = (await getPage('contact')).json()
    const changed = { ...PAGE_SEEDS.contact, heading: 'Changed by a visitor' }
    expectError(await putPage('contact', changed, {}), 401)
    expectError(await putPage('contact', changed, user), 403)
    expect((await getPage('contact')).json()).toEqual(before)
  })

  it('answers 404 for an unknown key', async () => {
    expectError(await putPage('pricing', PAGE_SEEDS.about), 404, 'Page not found')
  })

  it.each([
    ['an empty title', { title: '  ' }, 'title: Title is required'],
    ['a missing description', { description: undefined }, 'description: Description is required'],
    ['an over-long title', { title: 'x'.repeat(71) }, 'title: Title must be at most 70 characters'],
    ['an empty step body', 'emptyBody', 'steps.1.body: Body is required'],
    ['a missing image alt text', 'noAlt', 'steps.0.image.alt: Alt text is required'],
    ['a script image path', 'badImage', 'steps.0.image.src: Image must be an uploaded image path'],
    ['no steps at all', { steps: [] }, 'steps: Steps needs at least one entry'],
  ])('answers 400 naming the field for %s, and keeps the page', async (_, change, message) => {
    const before = (await getPage('dns')).json<Page<'dns'>>()
    const seed = PAGE_SEEDS.dns
    const step = (i: number, patch: object) =>
      seed.steps.map((s, j) => (j === i ? { ...s, ...patch } : s))
    const body =
      change === 'emptyBody'
        ? { ...seed, steps: step(1, { body: '' }) }
        : change === 'noAlt'
          ? { ...seed, steps: step(0, { image: { src: seed.steps[0]!.image.src, caption: 'c' } }) }
          : change === 'badImage'
            ? {
                ...seed,
                steps: step(0, { image: { ...seed.steps[0]!.image, src: 'javascript:alert(1)' } }),
              }
            : { ...seed, ...(change as object) }
    expectError(await putPage('dns', body), 400, message)
    expect((await getPage('dns')).json()).toEqual(before)
  })

  it.each([
    ['a NUL character', 'heading', 'Heading'],
    ['a lone surrogate', 'heading', 'Heading'],
    ['a NUL character', 'steps.1.body', 'Body'],
    ['a lone surrogate', 'steps.1.body', 'Body'],
  ])('answers 400 naming the field for %s in %s, and keeps the page', async (what, field, name) => {
    const before = (await getPage('dns')).json<Page<'dns'>>()
    const text = what === 'a NUL character' ? 'Hello\u0000World' : 'Hello\uD800World'
    const seed = PAGE_SEEDS.dns
    const body =
      field === 'heading'
        ? { ...seed, heading: text }
        : { ...seed, steps: seed.steps.map((s, i) => (i === 1 ? { ...s, body: text } : s)) }
    const message = `${field}: ${name} must not contain NUL characters or unpaired surrogates`
    expectError(await putPage('dns', body), 400, message)
    expect((await getPage('dns')).json()).toEqual(before)
  })

  it('answers 400 at once to image paths that made the old pattern backtrack, and keeps serving', async () => {
    const seed = PAGE_SEEDS.dns
    const withImage = (src: string) => ({
      ...seed,
      steps: seed.steps.map((s, i) => (i === 0 ? { ...s, image: { ...s.image, src } } : s)),
    })
    const notAnImage = 'steps.0.image.src: Image must be an uploaded image path'
    const started = performance.now()
    // Each letter before the refused `!` doubled the old pattern's work: 30 took half a minute.
    expectError(await putPage('dns', withImage(`/uploads/${'a'.repeat(30)}!`)), 400, notAnImage)
    expectError(
      await putPage('dns', withImage('/images/acme-homepage-v2 (1).png')),
      400,
      notAnImage,
    )
    expectError(
      await putPage('dns', withImage(`/uploads/${'a'.repeat(10_000)}`)),
      400,
      'steps.0.image.src: Image must be at most 200 characters',
    )
    // A bound no machine comes near: the answers take milliseconds, the old pattern took seconds.
    expect(performance.now() - started).toBeLessThan(2_000)
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
  })

  it('answers 400 for a body that is not an object', async () => {
    expectError(await putPage('home', ['not', 'a', 'page']), 400)
  })

  it('stores a guide step image that was uploaded', async () => {
    const steps = PAGE_SEEDS.mernRender.steps.map((s, i) =>
      i === 0 ? { ...s, image: { ...s.image, src: '/uploads/0123456789abcdef01234567.webp' } } : s,
    )
    const res = await putPage('mernRender', { ...PAGE_SEEDS.mernRender, steps })
    expect(res.statusCode).toBe(200)
    expect(res.json<Page<'mernRender'>>().steps[0]!.image.src).toBe(
      '/uploads/0123456789abcdef01234567.webp',
    )
  })
})
