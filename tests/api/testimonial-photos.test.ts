/**
 * The client's photo or logo on a testimonial: sent with the testimonial (the page's multipart
 * form hands the file to the service), checked and re-encoded as every uploaded image is, shown in
 * the public and admin lists, and replaced or removed by the owner.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UPLOAD_MAX_BYTES } from '#common/constants.ts'
import {
  AdminTestimonialListSchema,
  TestimonialListSchema,
  TestimonialResponseSchema,
  TestimonialSubmitResponseSchema,
} from '#common/schemas/testimonials.ts'
import { ROOT_DIR } from '#server/lib/paths.ts'
import { asAdmin, expectError } from '#tests/helpers/auth.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const FIXTURES = path.join(ROOT_DIR, 'tests', 'fixtures')
const LINK = /\/testimonial\/([A-Za-z0-9_-]+)/
const UPLOAD = /^\/uploads\/[a-f0-9]+\.webp$/

let smtp: TestSmtpServer
let app: TestApp
let admin: Record<string, string>
let png: Buffer
let jpeg: Buffer

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await createTestApp({ env: { SMTP_URL: smtp.url } })
  admin = (await asAdmin(app)).headers
  png = await readFile(path.join(FIXTURES, 'image.png'))
  jpeg = await readFile(path.join(FIXTURES, 'image.jpg'))
})
afterAll(async () => {
  await app.cleanup()
  await smtp.close()
})

let sequence = 0

/** A request's one-time token, as the mailed link carries it. */
async function requestToken() {
  const email = `photo-${++sequence}-${Date.now().toString(36)}@example.com`
  const res = await app.inject({
    method: 'POST',
    url: '/api/testimonials/requests',
    headers: admin,
    payload: { name: 'Robin Client', email },
  })
  expect(res.statusCode, res.body).toBe(201)
  const mail = await smtp.waitForMailTo(email)
  return LINK.exec(mail.text)![1]!
}

const fields = (token: string) => ({
  token,
  name: 'Robin Client',
  role: 'Founder',
  company: 'Robin & Co',
  text: `Clear, quick and kind (${++sequence}).`,
})

async function adminList() {
  const res = await app.inject({ method: 'GET', url: '/api/testimonials/admin', headers: admin })
  return AdminTestimonialListSchema.parse(res.json()).testimonials
}

async function putTestimonial(id: string, payload: Record<string, unknown>) {
  return app.inject({ method: 'PUT', url: `/api/testimonials/${id}`, headers: admin, payload })
}

describe('a client’s photo sent with the testimonial', () => {
  it('is stored as an uploaded image and shown with the testimonial once approved', async () => {
    const body = fields(await requestToken())
    const { testimonial } = await app.services.testimonials.submit(body, { photo: png })
    expect(testimonial.photo).toMatch(UPLOAD)
    const image = await app.inject({ method: 'GET', url: testimonial.photo! })
    expect(image.statusCode).toBe(200)
    expect(image.headers['content-type']).toBe('image/webp')

    expect((await adminList()).find((t) => t._id === testimonial._id)?.photo).toBe(
      testimonial.photo,
    )
    expect((await putTestimonial(testimonial._id, { approved: true })).statusCode).toBe(200)
    const listed = TestimonialListSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/testimonials' })).json(),
    ).testimonials.find((t) => t._id === testimonial._id)
    expect(listed?.photo).toBe(testimonial.photo)
  })

  it('is optional: without one the testimonial has none', async () => {
    const { testimonial } = await app.services.testimonials.submit(fields(await requestToken()))
    expect(testimonial.photo).toBeNull()
  })

  it('answers 400 naming the photo field for a file that is no image, and keeps the link', async () => {
    const body = fields(await requestToken())
    const notAnImage = await readFile(path.join(FIXTURES, 'not-an-image.png'))
    await expect(
      app.services.testimonials.submit(body, { photo: notAnImage }),
    ).rejects.toMatchObject({
      statusCode: 400,
      field: 'photo',
      message: expect.stringMatching(/^Only JPEG, PNG/),
    })
    const tooBig = Buffer.concat([png, Buffer.alloc(UPLOAD_MAX_BYTES)])
    await expect(app.services.testimonials.submit(body, { photo: tooBig })).rejects.toMatchObject({
      statusCode: 400,
      field: 'photo',
      message: expect.stringMatching(/^The image must be at most \d+ MB$/),
    })
    // The link was not used up: the client can send it again with another file.
    const { testimonial } = await app.services.testimonials.submit(body, { photo: jpeg })
    expect(testimonial.photo).toMatch(UPLOAD)
  })
})

/** A real multipart body, encoded by the platform's own FormData. */
async function multipart(
  fields: Record<string, string>,
  file?: { field: string; content: Buffer },
) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  if (file)
    form.append(
      file.field,
      new Blob([new Uint8Array(file.content)], { type: 'image/png' }),
      'me.png',
    )
  const request = new Request('http://site.test', { method: 'POST', body: form })
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  }
}

async function postForm(fields: Record<string, string>, file?: { field: string; content: Buffer }) {
  return app.inject({
    method: 'POST',
    url: '/api/testimonials',
    ...(await multipart(fields, file)),
  })
}

describe('POST /api/testimonials as a multipart form', () => {
  it('answers 201 with the photo stored as an uploaded image', async () => {
    const res = await postForm(
      { ...fields(await requestToken()), rating: '4' },
      { field: 'photo', content: png },
    )
    expect(res.statusCode, res.body).toBe(201)
    const { testimonial } = TestimonialSubmitResponseSchema.parse(res.json())
    expect(testimonial).toMatchObject({ rating: 4, company: 'Robin & Co' })
    expect(testimonial.photo).toMatch(UPLOAD)
  })

  it('answers 201 without a photo, and ignores an empty file input', async () => {
    const res = await postForm(fields(await requestToken()), {
      field: 'photo',
      content: Buffer.alloc(0),
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(TestimonialSubmitResponseSchema.parse(res.json()).testimonial.photo).toBeNull()
  })

  it('answers 400 naming the photo field for a bad file, and the link still works', async () => {
    const body = fields(await requestToken())
    const notAnImage = await readFile(path.join(FIXTURES, 'not-an-image.png'))
    expectError(
      await postForm(body, { field: 'photo', content: notAnImage }),
      400,
      /^photo: Only JPEG, PNG, WebP, GIF or AVIF images are allowed$/,
    )
    expectError(
      await postForm(body, { field: 'photo', content: Buffer.alloc(UPLOAD_MAX_BYTES + 1) }),
      400,
      /^photo: The image must be at most \d+ MB$/,
    )
    expectError(await postForm(body, { field: 'avatar', content: png }), 400, /^avatar: /)
    expectError(
      await postForm({ ...body, text: '' }, { field: 'photo', content: png }),
      400,
      /text/i,
    )
    expect((await postForm(body, { field: 'photo', content: png })).statusCode).toBe(201)
  })
})

describe('PUT /api/testimonials/:id photo', () => {
  async function manual() {
    const res = await app.inject({
      method: 'POST',
      url: '/api/testimonials/manual',
      headers: admin,
      payload: { name: 'Sam Elsewhere', role: '', company: 'Sam Ltd', text: 'Received by post.' },
    })
    expect(res.statusCode).toBe(201)
    return TestimonialResponseSchema.parse(res.json()).testimonial
  }

  async function uploaded(content: Buffer) {
    return app.services.uploads.store(content)
  }

  it('sets, replaces and removes the photo', async () => {
    const testimonial = await manual()
    expect(testimonial.photo).toBeNull()
    const first = await uploaded(png)
    const second = await uploaded(jpeg)

    for (const photo of [first, second]) {
      const res = await putTestimonial(testimonial._id, { photo })
      expect(res.statusCode).toBe(200)
      expect(TestimonialResponseSchema.parse(res.json()).testimonial.photo).toBe(photo)
    }
    const removed = await putTestimonial(testimonial._id, { photo: null })
    expect(TestimonialResponseSchema.parse(removed.json()).testimonial.photo).toBeNull()
    // Other fields leave the photo as it is.
    await putTestimonial(testimonial._id, { photo: first })
    const renamed = await putTestimonial(testimonial._id, { name: 'Sam Renamed' })
    expect(TestimonialResponseSchema.parse(renamed.json()).testimonial.photo).toBe(first)
  })

  it('answers 400 naming the field for a photo that is no uploaded image path', async () => {
    const testimonial = await manual()
    for (const photo of ['javascript:alert(1)', 'https://elsewhere.example/face.png', 42]) {
      expectError(await putTestimonial(testimonial._id, { photo }), 400, /photo/)
    }
  })
})
