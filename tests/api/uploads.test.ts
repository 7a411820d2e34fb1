import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMAGE_THUMB_WIDTH, IMAGE_VARIANT_WIDTHS, UPLOAD_MAX_BYTES } from '#common/constants.ts'
import { imageSrcSet, imageVariantPath } from '#common/images.ts'
import { images } from '#server/db/schema.ts'
import { ROOT_DIR } from '#server/lib/paths.ts'
import { asAdmin, asUser, expectError } from '#tests/helpers/auth.ts'
import { blankPng } from '#tests/helpers/images.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const FIXTURES = path.join(ROOT_DIR, 'tests', 'fixtures')
const fixture = (name: string) => readFile(path.join(FIXTURES, name))

const UPLOAD_PATH = /^\/uploads\/[a-f0-9]{24}\.webp$/
const IMMUTABLE = 'public, max-age=31536000, immutable'

let app: TestApp
let admin: Record<string, string>

beforeAll(async () => {
  app = await createTestApp()
  admin = (await asAdmin(app)).headers
})
afterAll(() => app.cleanup())

/** A real multipart body, encoded by the platform's own FormData. */
async function multipart(content: Buffer, filename: string, type: string, field = 'image') {
  const form = new FormData()
  form.append(field, new Blob([new Uint8Array(content)], { type }), filename)
  const request = new Request('http://upload.test', { method: 'POST', body: form })
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  }
}

async function upload(
  content: Buffer,
  filename: string,
  type: string,
  headers: Record<string, string> = admin,
  field = 'image',
) {
  const body = await multipart(content, filename, type, field)
  return app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  })
}

describe('POST /api/upload', () => {
  it.each([
    ['image.png', 'image/png'],
    ['image.jpg', 'image/jpeg'],
    ['image.webp', 'image/webp'],
    ['image.gif', 'image/gif'],
    ['image.avif', 'image/avif'],
  ])('stores %s as WebP variants served back with immutable caching', async (name, type) => {
    const res = await upload(await fixture(name), name, type)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    const imagePath = res.json() as string
    expect(imagePath).toMatch(UPLOAD_PATH)

    const full = await app.inject({ method: 'GET', url: imagePath })
    expect(full.statusCode).toBe(200)
    expect(full.headers['content-type']).toBe('image/webp')
    expect(full.headers['cache-control']).toBe(IMMUTABLE)
    expect(full.headers.etag).toMatch(/^".+"$/)
    expect(Number(full.headers['content-length'])).toBe(full.rawPayload.length)
    const fullMeta = await sharp(full.rawPayload).metadata()
    expect(fullMeta).toMatchObject({ format: 'webp', width: 320, height: 200 })

    const thumb = await app.inject({
      method: 'GET',
      url: imageVariantPath(imagePath, IMAGE_THUMB_WIDTH),
    })
    expect(thumb.statusCode).toBe(200)
    expect(thumb.headers['content-type']).toBe('image/webp')
    expect(thumb.headers['cache-control']).toBe(IMMUTABLE)
    const thumbMeta = await sharp(thumb.rawPayload).metadata()
    expect(thumbMeta).toMatchObject({ format: 'webp', width: IMAGE_THUMB_WIDTH })
  })

  it('never enlarges: the 640 variant of a 320-pixel image stays 320 wide', async () => {
    const res = await upload(await fixture('image.png'), 'image.png', 'image/png')
    const variant = await app.inject({ method: 'GET', url: imageVariantPath(res.json(), 640) })
    expect(variant.statusCode).toBe(200)
    expect((await sharp(variant.rawPayload).metadata()).width).toBe(320)
  })

  it('turns the image upright per EXIF and strips its metadata', async () => {
    const res = await upload(await fixture('rotated.jpg'), 'rotated.jpg', 'image/jpeg')
    expect(res.statusCode).toBe(200)
    const full = await app.inject({ method: 'GET', url: res.json() })
    const meta = await sharp(full.rawPayload).metadata()
    expect(meta).toMatchObject({ width: 200, height: 320 })
    expect(meta.exif).toBeUndefined()
    expect(meta.orientation).toBeUndefined()
    expect(full.rawPayload.includes('Fixture Camera')).toBe(false)
  })

  it('returns the same path when the same content is uploaded again', async () => {
    const content = await fixture('image.webp')
    const first = await upload(content, 'a.webp', 'image/webp')
    const second = await upload(content, 'renamed.webp', 'image/webp')
    expect(first.statusCode).toBe(200)
    expect(second.statusCode).toBe(200)
    expect(second.json()).toBe(first.json())
  })

  it('sniffs the content: a PNG named .txt with a text type is still accepted', async () => {
    const res = await upload(await fixture('image.png'), 'notes.txt', 'text/plain')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatch(UPLOAD_PATH)
  })

  it('returns 400 for a text file named .png', async () => {
    const res = await upload(await fixture('not-an-image.png'), 'not-an-image.png', 'image/png')
    expectError(res, 400, 'Only JPEG, PNG, WebP, GIF or AVIF images are allowed')
  })

  it('returns 400 for a file that starts like a PNG but does not decode', async () => {
    const png = await fixture('image.png')
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)])
    const res = await upload(broken, 'broken.png', 'image/png')
    expectError(res, 400, 'The image could not be read')
  })

  it('returns 400 for a decompression bomb (a small file claiming a huge picture)', async () => {
    const bomb = blankPng(10_000, 10_000)
    expect(bomb.length).toBeLessThan(20_000)
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 10_000,
      height: 10_000,
    })
    const res = await upload(bomb, 'bomb.png', 'image/png')
    expectError(res, 400, 'The image has too many pixels')
  })

  it('returns 413 for a file over the size limit', async () => {
    const png = await fixture('image.png')
    const oversize = Buffer.concat([png, Buffer.alloc(UPLOAD_MAX_BYTES + 1 - png.length)])
    const res = await upload(oversize, 'huge.png', 'image/png')
    expectError(res, 413, /at most 5 MB/)
  })

  it('returns 400 when the file is sent in another field', async () => {
    const res = await upload(await fixture('image.png'), 'image.png', 'image/png', admin, 'photo')
    expectError(res, 400, /^image: No image uploaded/)
  })

  it('returns 400 when no file is sent', async () => {
    const form = new FormData()
    form.append('image', 'just text')
    const request = new Request('http://upload.test', { method: 'POST', body: form })
    const res = await app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { ...admin, 'content-type': request.headers.get('content-type')! },
    })
    expectError(res, 400, /^image: No image uploaded/)
  })

  it('returns 400 for a JSON body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: admin,
      payload: { image: 'x' },
    })
    expectError(res, 400, /^image: No image uploaded/)
  })

  it('returns 401 for a visitor and 403 for a signed-in user', async () => {
    const content = await fixture('image.png')
    expectError(await upload(content, 'image.png', 'image/png', {}), 401)
    expectError(await upload(content, 'image.png', 'image/png', (await asUser(app)).headers), 403)
  })
})

describe('GET /uploads/:file', () => {
  it('answers 304 when the browser already has this version', async () => {
    const res = await upload(await fixture('image.gif'), 'image.gif', 'image/gif')
    const first = await app.inject({ method: 'GET', url: res.json() })
    const again = await app.inject({
      method: 'GET',
      url: res.json(),
      headers: { 'if-none-match': first.headers.etag as string },
    })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
  })

  it('serves every srcset candidate of an upload', async () => {
    const res = await upload(await fixture('image.jpg'), 'image.jpg', 'image/jpeg')
    const { src, srcSet } = imageSrcSet(res.json())
    expect(src).toBe(res.json())
    const candidates = srcSet!.split(', ').map((c) => c.split(' ')[0]!)
    expect(candidates).toHaveLength(IMAGE_VARIANT_WIDTHS.length)
    for (const url of candidates) {
      const image = await app.inject({ method: 'GET', url })
      expect(image.statusCode, url).toBe(200)
    }
  })

  it('makes a width an older upload was stored without from its widest variant, once', async () => {
    const res = await upload(blankPng(1200, 750), 'wide.png', 'image/png')
    const hash = /([a-f0-9]{24})/.exec(res.json() as string)![1]!
    const key = `${hash}-720`
    await app.database.db.delete(images).where(eq(images.key, key))
    const url = imageVariantPath(res.json(), 720)
    const [first, second] = await Promise.all([
      app.inject({ method: 'GET', url }),
      app.inject({ method: 'GET', url }),
    ])
    expect([first.statusCode, second.statusCode]).toEqual([200, 200])
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true)
    const widest = await sharp(
      (await app.inject({ method: 'GET', url: res.json() })).rawPayload,
    ).metadata()
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: Math.min(720, widest.width!),
    })
    const stored = await app.database.db.select().from(images).where(eq(images.key, key))
    expect(stored).toHaveLength(1)
    expect(stored[0]!.data.equals(first.rawPayload)).toBe(true)
  })

  it.each([
    '/uploads/0123456789abcdef01234567.webp',
    '/uploads/0123456789abcdef01234567-300.webp',
    '/uploads/..%2F..%2F..%2Fetc%2Fpasswd',
    '/uploads/..%2Fpackage.json',
    '/uploads/%2e%2e%2fpackage.json',
    '/uploads/../package.json',
    '/uploads/0123456789ABCDEF01234567.webp',
  ])('returns a JSON 404 for %s', async (url) => {
    const res = await app.inject({ method: 'GET', url })
    expectError(res, 404)
    expect(res.headers['cache-control']).not.toBe(IMMUTABLE)
  })
})
