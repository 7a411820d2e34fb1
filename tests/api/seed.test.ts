import { readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_IMAGE, IMAGE_THUMB_WIDTH } from '#common/constants.ts'
import { DEFAULT_IMAGE_SIZE, imageVariantPath } from '#common/images.ts'
import { WebsiteSchema, WebsiteSearchPageSchema } from '#common/schemas/websites.ts'
import { DEMO_SITES, demoLink, seedDemoContent } from '#server/cli/demo-content.ts'
import { PUBLIC_DIR } from '#server/lib/paths.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const slugs = DEMO_SITES.map((s) => s.slug)
const DEFAULT_IMAGE_MAX_BYTES = 40 * 1024

let app: TestApp
beforeAll(async () => {
  app = await createTestApp()
})
afterAll(() => app.cleanup())

describe('seedDemoContent', () => {
  it('adds the demo sites once, however often it runs', async () => {
    expect(await seedDemoContent(app.services)).toEqual({ added: slugs, skipped: [] })
    expect(await seedDemoContent(app.services)).toEqual({ added: [], skipped: slugs })

    const res = await app.inject({ method: 'GET', url: '/api/websites/search' })
    const page = WebsiteSearchPageSchema.parse(res.json())
    expect(page.countWebsites).toBe(DEMO_SITES.length)
    expect(page.websites.map((w) => w.slug).sort()).toEqual([...slugs].sort())
  })

  it('stores complete entries whose images are real uploads with a thumbnail', async () => {
    await seedDemoContent(app.services)
    const images = new Set<string>()
    for (const site of DEMO_SITES) {
      const res = await app.inject({ method: 'GET', url: `/api/websites/slug/${site.slug}` })
      expect(res.statusCode).toBe(200)
      const website = WebsiteSchema.parse(res.json())
      expect(website).toMatchObject({
        name: site.name,
        language: site.language,
        languageDescription: site.languageDescription,
        description: site.description,
        link: demoLink(site.slug),
      })
      expect(website.link).toBe(`https://${site.slug}.example.com`)
      expect(website.image).toMatch(/^\/uploads\/[a-f0-9]{24}\.webp$/)
      images.add(website.image)

      const thumb = await app.inject({
        method: 'GET',
        url: imageVariantPath(website.image, IMAGE_THUMB_WIDTH),
      })
      expect(thumb.statusCode).toBe(200)
      expect(thumb.headers['content-type']).toBe('image/webp')
      expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({
        format: 'webp',
        width: IMAGE_THUMB_WIDTH,
      })
    }
    expect(images.size).toBe(DEMO_SITES.length)
  })
})

describe('public/images/default.jpg', () => {
  it('is a real JPEG of the size the web app declares, small enough for every page', async () => {
    const file = path.join(PUBLIC_DIR, DEFAULT_IMAGE)
    const meta = await sharp(await readFile(file)).metadata()
    expect(meta).toMatchObject({ format: 'jpeg', ...DEFAULT_IMAGE_SIZE })
    expect(meta.size).toBeLessThan(DEFAULT_IMAGE_MAX_BYTES)
  })
})
