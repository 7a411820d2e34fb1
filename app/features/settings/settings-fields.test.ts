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
  ownerRole: 'Web developer',
  serviceArea: 'Nova Scotia and remote clients in Canada',
  responseTime: 'within two business days',
  foundingYear: '2011',
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
        foundingYear: 2011,
      }),
    })
  })

  it('reads the weekly digest box, unticked as off', () => {
    expect(settingsFromForm({ ...form, weeklyDigest: 'on' })).toMatchObject({
      ok: true,
      data: { weeklyDigest: true },
    })
    expect(settingsFromForm(form)).toMatchObject({ ok: true, data: { weeklyDigest: false } })
  })

  it('reads the contact form questions one option a line, blank lines and an unticked box left out', () => {
    const result = settingsFromForm({
      ...form,
      projectTypes: 'New website\r\n\r\n  Redesign  \n',
      budgets: '',
      timelines: 'Flexible',
    })
    expect(result).toMatchObject({
      ok: true,
      data: {
        inquiry: {
          projectTypes: ['New website', 'Redesign'],
          budgets: [],
          timelines: ['Flexible'],
          askWebsite: false,
        },
      },
    })
    expect(settingsFromForm({ ...form, askWebsite: 'on' })).toMatchObject({
      ok: true,
      data: { inquiry: { askWebsite: true } },
    })
  })

  it('names the question whose list holds an option twice', () => {
    const result = settingsFromForm({ ...form, budgets: 'Small\nSmall' })
    expect(!result.ok && result.errors.budgets).toBe('Budgets lists an option twice')
  })

  it('names an empty or non-numeric founding year', () => {
    const empty = settingsFromForm({ ...form, foundingYear: ' ' })
    expect(!empty.ok && empty.errors.foundingYear).toBe('Founding year is required')
    const word = settingsFromForm({ ...form, foundingYear: 'twenty' })
    expect(!word.ok && word.errors.foundingYear).toBe('Founding year must be a year, e.g. 2017')
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
