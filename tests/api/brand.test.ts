import { randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { SiteSettingsSchema, type SiteSettings } from '#common/schemas/settings.ts'
import { shareImageOf } from '#common/share-image.ts'
import { SITE_DEFAULTS } from '#common/site-defaults.ts'
import { asAdmin } from '#tests/helpers/auth.ts'
import { uploadFixture } from '#tests/helpers/images.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

let app: TestApp
let admin: Record<string, string>

beforeAll(async () => {
  app = await createTestApp()
  admin = (await asAdmin(app)).headers
})
afterAll(() => app.cleanup())

const uploadLogo = (fixture?: string, type?: string) => uploadFixture(app, admin, fixture, type)

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

describe('GET /brand/{file} drawing', () => {
  it('draws each icon once per logo and size, and again for a new logo', async () => {
    const setLogo = async (logo: string) => {
      const res = await app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: admin,
        payload: { ...SITE_DEFAULTS, logo },
      })
      expect(res.statusCode).toBe(200)
    }
    const askForEachTwice = async () => {
      const { icons } = await manifest()
      for (const icon of [...icons, ...icons]) {
        const res = await app.inject({ method: 'GET', url: icon.src })
        expect(res.statusCode).toBe(200)
        expect((await sharp(res.rawPayload).metadata()).width).toBe(
          Number(icon.sizes.split('x')[0]),
        )
      }
      return icons.length
    }
    const first = await uploadLogo('image.jpg', 'image/jpeg')
    const second = await uploadLogo()
    // Every icon is a PNG the logo is drawn into: sharp's png() is called once per draw.
    const draws = vi.spyOn(sharp.prototype, 'png')
    try {
      await setLogo(first)
      const sizes = await askForEachTwice()
      expect(draws).toHaveBeenCalledTimes(sizes)
      await setLogo(second)
      await askForEachTwice()
      expect(draws).toHaveBeenCalledTimes(2 * sizes)
    } finally {
      draws.mockRestore()
    }
  })
})

describe('GET /brand/share.png', () => {
  const saveSettings = async (changes: Partial<SiteSettings>) => {
    const res = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin,
      payload: { ...SITE_DEFAULTS, ...changes },
    })
    expect(res.statusCode).toBe(200)
    return SiteSettingsSchema.parse(res.json())
  }
  const share = (url: string) => app.inject({ method: 'GET', url })

  it('answers a 1200 x 630 PNG at the versioned address the pages give, kept for good', async () => {
    const settings = await saveSettings({ ownerName: 'Sam Okafor', businessName: 'Okafor Digital' })
    const { path, size } = shareImageOf(settings)
    const res = await share(path)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const meta = await sharp(res.rawPayload).metadata()
    expect(meta.format).toBe('png')
    expect({ width: meta.width, height: meta.height }).toEqual(size)
  })

  it('answers the current picture at another version, to be asked for again', async () => {
    await saveSettings({ ownerName: 'Sam Okafor', businessName: 'Okafor Digital' })
    for (const url of ['/brand/share.png', '/brand/share.png?v=0123456789abcdef']) {
      const res = await share(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['content-type']).toBe('image/png')
      expect(res.headers['cache-control'], url).toBe('public, no-cache')
    }
  })

  it('draws once per version, again after a change of name, and with the logo', async () => {
    const logo = await uploadLogo()
    const draws = vi.spyOn(sharp.prototype, 'png')
    try {
      // A name no earlier test saved: a version not drawn yet.
      const businessName = `Okafor ${randomUUID().slice(0, 8)}`
      const first = shareImageOf(await saveSettings({ businessName }))
      for (let i = 0; i < 3; i++) expect((await share(first.path)).statusCode).toBe(200)
      expect(draws).toHaveBeenCalledTimes(1)

      const renamed = shareImageOf(
        await saveSettings({ businessName: `${businessName} Studio`, logo }),
      )
      expect(renamed.path).not.toBe(first.path)
      const res = await share(renamed.path)
      await share(renamed.path)
      expect(draws).toHaveBeenCalledTimes(2)
      expect((await sharp(res.rawPayload).metadata()).width).toBe(1200)
    } finally {
      draws.mockRestore()
    }
  })
})
