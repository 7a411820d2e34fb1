/**
 * Testimonials on the production build's pages: a pending one is on no page until the owner
 * approves it, then shows on the home page and its project's page with schema.org Review data; the
 * client's form page answers by the state of its link (200, 410, 404), is never cached nor
 * indexed, and takes a plain form post, as a browser without JavaScript sends it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  TestimonialSubmitResponseSchema,
  type AdminTestimonialList,
} from '#common/schemas/testimonials.ts'
import { putFirstRunContent } from '#server/first-run/first-run.ts'
import { FIRST_RUN_TESTIMONIAL } from '#server/first-run/testimonials.ts'
import { asAdmin } from '#tests/helpers/auth.ts'
import { ensureBuild } from '#tests/helpers/build.ts'
import { makeWebsite } from '#tests/helpers/factories.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const PUBLIC_URL = 'http://site.test'
const LINK = /http:\/\/site\.test\/testimonial\/([\w-]+)/
const DOCUMENT = { accept: 'text/html' }

let smtp: TestSmtpServer
let app: TestApp
let admin: Record<string, string>
let sequence = 0

beforeAll(async () => {
  await ensureBuild()
  smtp = await startSmtpServer()
  app = await createTestApp({
    web: true,
    // A response cache as in production: an approval must reach the cached home page.
    env: { SMTP_URL: smtp.url, PUBLIC_URL, RESPONSE_CACHE_TTL_MS: '600000' },
  })
  admin = (await asAdmin(app)).headers
  await putFirstRunContent(app.services)
}, 300_000)
afterAll(async () => {
  await app?.cleanup()
  await smtp?.close()
})

const get = (url: string) => app.inject({ method: 'GET', url, headers: DOCUMENT })

async function requestToken(fields: Record<string, unknown> = {}) {
  const email = `page-client-${++sequence}@example.com`
  const res = await app.inject({
    method: 'POST',
    url: '/api/testimonials/requests',
    headers: admin,
    payload: { name: 'Robin Client', email, ...fields },
  })
  expect(res.statusCode, res.body).toBe(201)
  return LINK.exec((await smtp.waitForMailTo(email)).text)![1]!
}

/** Posts the form as a browser without JavaScript does: urlencoded, from the page's origin. */
const postForm = (token: string, fields: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: `/testimonial/${token}`,
    headers: {
      ...DOCUMENT,
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'http://localhost:80',
      host: 'localhost:80',
    },
    payload: new URLSearchParams(fields).toString(),
  })

/** The schema.org Reviews of a page's structured data. */
function reviewsIn(html: string): { reviewBody: string; itemReviewed: Record<string, unknown> }[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)]
  return blocks.flatMap(([, json]) => {
    const data = JSON.parse(json!) as { '@graph'?: { '@type': string }[] }
    return (data['@graph'] ?? []).filter((node) => node['@type'] === 'Review') as never[]
  })
}

async function approve(text: string) {
  const list = (
    await app.inject({ method: 'GET', url: '/api/testimonials/admin', headers: admin })
  ).json<AdminTestimonialList>()
  const id = list.testimonials.find((t) => t.text === text)!._id
  const res = await app.inject({
    method: 'PUT',
    url: `/api/testimonials/${id}`,
    headers: admin,
    payload: { approved: true },
  })
  expect(res.statusCode).toBe(200)
}

describe('/testimonial/:token', () => {
  it('greets the client by the requested name, and is neither cached nor indexed', async () => {
    const token = await requestToken()
    const res = await get(`/testimonial/${token}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.headers['x-robots-tag']).toBe('noindex')
    expect(res.body).toContain('<meta name="robots" content="noindex"/>')
    expect(res.body).toMatch(/Hello <!-- -->Robin Client<!-- -->,/)
    expect(res.body).toContain('value="Robin Client"')
    expect(res.body).toContain('Send testimonial')
    // A public page: no React, only the static pages' inline script (docs/decisions/023).
    expect(res.body).not.toMatch(/type="module"|rel="modulepreload"|__reactRouter/)
  })

  it('takes a plain form post, answers field errors with 400, and the link then answers 410', async () => {
    const token = await requestToken()
    const refused = await postForm(token, { name: 'Robin', text: '', rating: '7' })
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toContain('Testimonial is required')
    expect(refused.body).toContain('Rating must be a whole number from 1 to 5')

    const sent = await postForm(token, {
      name: 'Robin',
      role: 'Owner',
      company: 'Robin & Sons',
      text: 'Sent as a plain form.',
      rating: '4',
    })
    expect(sent.statusCode).toBe(200)
    expect(sent.body).toContain('Thank you! Your testimonial was sent.')

    const used = await get(`/testimonial/${token}`)
    expect(used.statusCode).toBe(410)
    expect(used.body).toContain('This link is no longer valid')
    expect(used.body).toContain('This testimonial link was already used')
    expect(used.headers['x-robots-tag']).toBe('noindex')
    expect((await postForm(token, { name: 'Robin', text: 'Again' })).statusCode).toBe(400)
  })

  it('answers 404 to a link that was never sent', async () => {
    const res = await get('/testimonial/not-a-link-we-sent')
    expect(res.statusCode).toBe(404)
    expect(res.body).toContain('This testimonial link is not valid')
  })
})

describe('testimonials on the public pages', () => {
  it('shows none pending, and an approved one on the home page with its Review data', async () => {
    const text = 'Pending until the owner approves it.'
    const token = await requestToken()
    const sent = await app.inject({
      method: 'POST',
      url: '/api/testimonials',
      payload: { token, name: 'Robin Client', role: 'Owner', company: 'Robin Co', text, rating: 5 },
    })
    TestimonialSubmitResponseSchema.parse(sent.json())

    const before = await get('/')
    expect(before.statusCode).toBe(200)
    expect(before.body).not.toContain(text)
    // The first run's sample is pending: nobody said it, so no page shows it.
    expect(before.body).not.toContain(FIRST_RUN_TESTIMONIAL.text)
    expect(reviewsIn(before.body)).toEqual([])

    await approve(text)
    const after = await get('/')
    expect(after.body).toContain('What clients say')
    expect(after.body).toMatch(
      /<figure[^>]*>.*?<blockquote[^>]*><p[^>]*>“Pending until the owner approves it\.”<\/p><\/blockquote><figcaption[^>]*>.*?Robin Client.*?, Owner, Robin Co(?:<\/span>)?<\/figcaption><\/figure>/,
    )
    expect(after.body).toContain('Rated 5 out of 5')
    expect(after.body).not.toContain('page-client-')
    const [review] = reviewsIn(after.body)
    expect(review).toMatchObject({
      reviewBody: text,
      itemReviewed: { '@type': 'ProfessionalService', '@id': `${PUBLIC_URL}/#business` },
      author: { '@type': 'Person', name: 'Robin Client' },
      reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5 },
    })
  })

  it("shows a project's approved testimonials on its page only", async () => {
    const website = await makeWebsite(app, { published: true })
    const other = await makeWebsite(app, { published: true })
    const text = 'About this project only.'
    const token = await requestToken({ websiteId: website.id })
    await app.inject({
      method: 'POST',
      url: '/api/testimonials',
      payload: { token, name: 'Robin Client', text },
    })
    expect((await get(`/website/${website.slug}`)).body).not.toContain(text)
    await approve(text)
    const page = await get(`/website/${website.slug}`)
    expect(page.body).toContain(text)
    expect(page.body).toContain('What the client says')
    const review = reviewsIn(page.body).find((r) => r.reviewBody === text)
    expect(review?.itemReviewed).toEqual({
      '@type': 'CreativeWork',
      name: website.name,
      url: `${PUBLIC_URL}/website/${website.slug}`,
    })
    expect(review).not.toHaveProperty('reviewRating')
    expect((await get(`/website/${other.slug}`)).body).not.toContain(text)
  })

  it('pulls the first testimonial of a project out as a large quote, and lists the others under it', async () => {
    const website = await makeWebsite(app, { published: true })
    const texts = ['The first words a visitor reads.', 'A second client said this too.']
    for (const text of texts) {
      const token = await requestToken({ websiteId: website.id })
      await app.inject({
        method: 'POST',
        url: '/api/testimonials',
        payload: { token, name: 'Robin Client', company: 'Robin Co', text },
      })
      await approve(text)
    }
    const { body } = await get(`/website/${website.slug}`)
    const pulled = body.match(/<section aria-labelledby="client-says".*?<\/section>/s)?.[0] ?? ''
    const more = body.match(/<h2[^>]*>More from clients<\/h2>.*?<\/section>/s)?.[0] ?? ''
    expect(pulled).toContain('What the client says')
    expect(more).not.toBe('')
    const [first, second] = texts.map((text) =>
      pulled.includes(text) ? 'pulled' : more.includes(text) ? 'more' : 'none',
    )
    expect([first, second].sort()).toEqual(['more', 'pulled'])
  })
})
