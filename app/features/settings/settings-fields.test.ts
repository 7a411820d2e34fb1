import { describe, expect, it } from 'vitest'
import { SITE_DEFAULTS } from '#common/site-defaults.ts'
import { settingsFromForm } from './settings-fields.ts'

const form = {
  businessName: 'Harbour Pixel Works',
  ownerName: 'Sam Lee',
  tagline: 'Websites for harbour towns',
  email: 'sam@harbour.example',
  location: 'Halifax, Nova Scotia',
  github: 'https://github.com/harbour',
  linkedin: '',
  x: 'https://x.com/harbour',
  stack1: 'React',
  stack2: 'Node.js',
  stack3: 'PostgreSQL',
  seoDescription: SITE_DEFAULTS.seoDescription,
  shareImage: SITE_DEFAULTS.shareImage,
  signupsOpen: 'on',
}

describe('settingsFromForm', () => {
  it('nests the social links and stack names', () => {
    const result = settingsFromForm(form)
    expect(result).toEqual({
      ok: true,
      data: expect.objectContaining({
        social: { github: 'https://github.com/harbour', linkedin: '', x: 'https://x.com/harbour' },
        bannerStacks: ['React', 'Node.js', 'PostgreSQL'],
        signupsOpen: true,
      }),
    })
  })

  it('reads an unticked box as sign-ups closed', () => {
    const { signupsOpen: _, ...closed } = form
    const result = settingsFromForm(closed)
    expect(result.ok && result.data.signupsOpen).toBe(false)
  })

  it('names the flat field of a nested problem', () => {
    const result = settingsFromForm({ ...form, x: 'ftp://x.example', stack2: ' ' })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors.x).toMatch(/X \(Twitter\) link must be an https:\/\/ address/)
    expect(result.errors.stack2).toBe('Banner stack name is required')
  })
})
