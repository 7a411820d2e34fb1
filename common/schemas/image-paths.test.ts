import { describe, expect, it } from 'vitest'
import { SiteSettingsSchema } from './settings.ts'
import { ImagePathSchema } from './websites.ts'

describe('image paths of websites and the share image', () => {
  const shareImage = SiteSettingsSchema.shape.shareImage

  it.each(['/uploads/abc.webp', '/images/default.jpg', '/uploads/a-b_c.1.webp'])(
    'accepts %s',
    (path) => {
      expect(ImagePathSchema.safeParse(path).success).toBe(true)
      expect(shareImage.safeParse(path).success).toBe(true)
    },
  )

  it.each(['/uploads/..', '/uploads/.env', '/images/../package.json', '/uploads/', '/other/a.png'])(
    'refuses %s',
    (path) => {
      expect(ImagePathSchema.safeParse(path).success).toBe(false)
      expect(shareImage.safeParse(path).success).toBe(false)
    },
  )
})
