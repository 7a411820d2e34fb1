import { describe, expect, it } from 'vitest'
import type { SiteSettings } from './schemas/settings.ts'
import { SHARE_IMAGE_SIZE, shareImageOf, shareImageVersion } from './share-image.ts'
import { SITE_DEFAULTS } from './site-defaults.ts'

const renamed = { ...SITE_DEFAULTS, ownerName: 'Sam Okafor', businessName: 'Okafor Digital' }

describe('shareImageOf', () => {
  it('points at the drawn image, versioned, with its size, while no image is uploaded', () => {
    const { path, size } = shareImageOf(renamed)
    expect(path).toMatch(/^\/brand\/share\.png\?v=[0-9a-f]{16}$/)
    expect(path).toBe(`/brand/share.png?v=${shareImageVersion(renamed)}`)
    expect(size).toEqual(SHARE_IMAGE_SIZE)
  })

  it("takes the owner's uploaded image instead, of no known size", () => {
    expect(shareImageOf({ ...renamed, shareImage: '/uploads/abc.webp' })).toEqual({
      path: '/uploads/abc.webp',
    })
  })
})

describe('shareImageVersion', () => {
  it('is the same for the same inputs and changes with each thing the image shows', () => {
    const version = shareImageVersion(renamed)
    expect(shareImageVersion({ ...renamed })).toBe(version)
    for (const change of [
      { businessName: 'Okafor Digital Ltd' },
      { ownerName: 'Sam Okafor-Reid' },
      { ownerRole: 'Web designer' },
      { tagline: 'Websites for bakeries' },
      { accentColor: '#7c2d12' },
      { logo: '/uploads/0123456789abcdef01234567.webp' },
    ]) {
      expect(shareImageVersion({ ...renamed, ...change }), JSON.stringify(change)).not.toBe(version)
    }
    expect(shareImageVersion(SITE_DEFAULTS)).not.toBe(version)
  })

  it('ignores what the image does not show and the accent colour’s letter case', () => {
    const elsewhere: SiteSettings = {
      ...renamed,
      email: 'sam@okafor.example',
      location: 'Leeds, UK',
      accentColor: SITE_DEFAULTS.accentColor.toUpperCase(),
    }
    expect(shareImageVersion(elsewhere)).toBe(shareImageVersion(renamed))
  })
})
