import { describe, expect, it } from 'vitest'
import { campaignLabel, leadSource } from './lead-source.ts'

const VISIT = {
  landingPage: '/',
  source: 'www.linkedin.com',
  campaign: { source: 'linkedin', medium: 'social', campaign: 'launch' },
  pagesSeen: 3,
  device: 'mobile' as const,
}

describe('leadSource', () => {
  it('names the referrer and the campaign tags in order', () => {
    expect(leadSource(VISIT)).toEqual({
      source: 'www.linkedin.com',
      campaign: 'linkedin / social / launch',
    })
  })

  it('leaves out the tags not given, and the campaign when the visit had none', () => {
    expect(campaignLabel({ source: 'newsletter', medium: '', campaign: 'spring' })).toBe(
      'newsletter / spring',
    )
    expect(campaignLabel({ source: '', medium: '', campaign: '' })).toBeNull()
    expect(leadSource({ ...VISIT, source: 'Direct', campaign: null })).toEqual({
      source: 'Direct',
      campaign: null,
    })
  })
})
