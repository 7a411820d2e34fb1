import { readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SITE_DEFAULTS } from '#common/site-defaults.ts'
import { ROOT_DIR } from '#server/lib/paths.ts'
import { asAdmin } from '#tests/helpers/auth.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

let app: TestApp
let admin: Record<string, string>

beforeAll(async () => {
  app = await createTestApp()
  admin = (await asAdmin(app)).headers
})
afterAll(() => app.cleanup())

async function uploadLogo(): Promise<string> {
  const content = await readFile(path.join(ROOT_DIR, 'tests', 'fixtures', 'image.png'))
  const form = new FormData()
  form.append('image', new Blob([new Uint8Array(content)], { type: 'image/png' }), 'logo.png')
  const request = new Request('http://upload.test', { method: 'POST', body: form })
  const res = await app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { ...admin, 'content-type': request.headers.get('content-type')! },
  })
  expect(res.statusCode).toBe(200)
  return res.json<string>()
}

const manifest = async () => {
  const res = await app.inject({ method: 'GET', url: '/manifest.webmanifest' })
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/)
  return res.json<{ name: string; icons: { src: string; sizes: string; type: string }[] }>()
}

describe('GET /manifest.webmanifest', () => {
  it("names the business and lists the site's own icons while there is no logo", async () => {
    const body = await manifest()
    expect(body.name).toBe(SITE_DEFAULTS.businessName)
    expect(body.icons.map((icon) => icon.src)).toEqual(['/favicon.svg', '/apple-touch-icon.png'])
  })

  it('lists PNG icons made from the logo, each of its size, once a logo is set', async () => {
    const logo = await uploadLogo()
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin,
      payload: { ...SITE_DEFAULTS, businessName: 'Okafor Digital', logo },
    })
    expect(saved.statusCode).toBe(200)

    const body = await manifest()
    expect(body.name).toBe('Okafor Digital')
    expect(body.icons.map((icon) => icon.sizes)).toEqual(['32x32', '180x180', '192x192', '512x512'])
    for (const icon of body.icons) {
      const res = await app.inject({ method: 'GET', url: icon.src })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/png')
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      const meta = await sharp(res.rawPayload).metadata()
      expect(meta.format).toBe('png')
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes)
    }
  })
})

describe('GET /brand/{file}', () => {
  it('answers 404 for a size the site does not make, or a logo that is not the current one', async () => {
    const { icons } = await manifest()
    const favicon = icons[0]!.src
    for (const url of [
      favicon.replace('-32.png', '-64.png'),
      '/brand/0123456789abcdef01234567-32.png',
      '/brand/not-a-name.png',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404)
    }
  })
})
