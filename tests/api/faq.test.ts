import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FaqListSchema, FaqResponseSchema } from '#common/schemas/faq.ts'
import { FIRST_RUN_FAQ } from '#server/first-run/faq.ts'
import { putFirstRunContent } from '#server/first-run/first-run.ts'
import { asAdmin, asUser, expectError } from '#tests/helpers/auth.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

let app: TestApp
let admin: Record<string, string>
let user: Record<string, string>

beforeAll(async () => {
  app = await createTestApp()
  // As a start does: the FAQ a new site begins with.
  await putFirstRunContent(app.services)
  admin = (await asAdmin(app)).headers
  user = (await asUser(app)).headers
})
afterAll(() => app.cleanup())

const list = async () => {
  const res = await app.inject({ method: 'GET', url: '/api/faq' })
  expect(res.statusCode).toBe(200)
  return FaqListSchema.parse(res.json()).faqs
}

const create = async (question: string, answer = 'An answer with **Markdown**.') => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/faq',
    headers: admin,
    payload: { question, answer },
  })
  expect(res.statusCode).toBe(201)
  return FaqResponseSchema.parse(res.json()).faq
}

describe('GET /api/faq', () => {
  it('answers the first-run questions in order to anyone', async () => {
    const faqs = await list()
    expect(faqs).toHaveLength(FIRST_RUN_FAQ.length)
    expect(faqs[0]).toMatchObject({ question: 'How much does a website cost?', position: 1 })
    expect(faqs.map((faq) => faq.position)).toEqual(faqs.map((_, i) => i + 1))
  })
})

describe('POST /api/faq', () => {
  it('answers 401 to a visitor and 403 to a user', async () => {
    const payload = { question: 'Q?', answer: 'A.' }
    expectError(await app.inject({ method: 'POST', url: '/api/faq', payload }), 401)
    expectError(await app.inject({ method: 'POST', url: '/api/faq', headers: user, payload }), 403)
  })

  it('appends the entry at the end', async () => {
    const faq = await create('Do you build online shops?')
    const faqs = await list()
    expect(faqs.at(-1)).toEqual(faq)
    expect(faq.position).toBe(Math.max(...faqs.map((f) => f.position)))
  })

  it.each([
    [{ question: ' ', answer: 'A.' }, /question: Question is required/],
    [{ question: 'Q?' }, /answer: Answer is required/],
    [{ question: 'Q?', answer: 'x'.repeat(5001) }, /answer: Answer must be at most 5000/],
  ])('answers 400 naming the field for %j', async (payload, message) => {
    const before = await list()
    expectError(
      await app.inject({ method: 'POST', url: '/api/faq', headers: admin, payload }),
      400,
      message,
    )
    expect(await list()).toEqual(before)
  })
})

describe('PUT /api/faq/{id}', () => {
  it('updates the question and answer, keeping the place', async () => {
    const faq = await create('Old question?')
    const res = await app.inject({
      method: 'PUT',
      url: `/api/faq/${faq._id}`,
      headers: admin,
      payload: { question: 'New question?', answer: 'New answer.' },
    })
    expect(res.statusCode).toBe(200)
    expect(FaqResponseSchema.parse(res.json()).faq).toEqual({
      ...faq,
      question: 'New question?',
      answer: 'New answer.',
    })
  })

  it('answers 401, 403, 404 and 400 as it should', async () => {
    const faq = await create('Guarded?')
    const url = `/api/faq/${faq._id}`
    const payload = { question: 'Changed?', answer: 'Changed.' }
    expectError(await app.inject({ method: 'PUT', url, payload }), 401)
    expectError(await app.inject({ method: 'PUT', url, headers: user, payload }), 403)
    expectError(
      await app.inject({ method: 'PUT', url: `/api/faq/${UNKNOWN_ID}`, headers: admin, payload }),
      404,
      'FAQ entry not found',
    )
    expectError(
      await app.inject({ method: 'PUT', url: '/api/faq/nope', headers: admin, payload }),
      400,
      /id/,
    )
    expectError(
      await app.inject({
        method: 'PUT',
        url,
        headers: admin,
        payload: { question: 'Q?', answer: '' },
      }),
      400,
      /answer/,
    )
    expect((await list()).find((f) => f._id === faq._id)).toEqual(faq)
  })
})

describe('DELETE /api/faq/{id}', () => {
  it('removes the entry for an admin only', async () => {
    const faq = await create('Short-lived?')
    const url = `/api/faq/${faq._id}`
    expectError(await app.inject({ method: 'DELETE', url }), 401)
    expectError(await app.inject({ method: 'DELETE', url, headers: user }), 403)
    const res = await app.inject({ method: 'DELETE', url, headers: admin })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: 'FAQ entry deleted successfully' })
    expect((await list()).some((f) => f._id === faq._id)).toBe(false)
    expectError(await app.inject({ method: 'DELETE', url, headers: admin }), 404)
  })
})

describe('PUT /api/faq/order', () => {
  const order = (ids: unknown, headers = admin) =>
    app.inject({ method: 'PUT', url: '/api/faq/order', headers, payload: { ids } })

  it('sets the order of every entry', async () => {
    const ids = (await list()).map((f) => f._id)
    const reversed = [...ids].reverse()
    const res = await order(reversed)
    expect(res.statusCode).toBe(200)
    expect(FaqListSchema.parse(res.json()).faqs.map((f) => f._id)).toEqual(reversed)
    const faqs = await list()
    expect(faqs.map((f) => f._id)).toEqual(reversed)
    expect(faqs.map((f) => f.position)).toEqual(faqs.map((_, i) => i + 1))
  })

  it('answers 400 unless every entry is named exactly once, and keeps the order', async () => {
    const before = await list()
    const ids = before.map((f) => f._id)
    expectError(await order(ids.slice(1)), 400, 'ids must list every FAQ entry exactly once')
    expectError(await order([...ids, ids[0]]), 400, 'ids must list every FAQ entry exactly once')
    expectError(await order([...ids.slice(1), UNKNOWN_ID]), 400, /exactly once/)
    expectError(await order('nope'), 400, /ids/)
    expect(await list()).toEqual(before)
  })

  it('answers 401 to a visitor and 403 to a user', async () => {
    const ids = (await list()).map((f) => f._id)
    expectError(await order(ids, {}), 401)
    expectError(await order(ids, user), 403)
  })
})
