import { describe, expect, it } from 'vitest'
import { checkedDayText, onlineText, tlsText } from './link-health-text.ts'

const NOW = new Date('2026-05-10T09:00:00Z')

describe('checkedDayText', () => {
  it('counts calendar days', () => {
    expect(checkedDayText('2026-05-10T00:10:00.000Z', NOW)).toBe('today')
    expect(checkedDayText('2026-05-09T23:50:00.000Z', NOW)).toBe('yesterday')
    expect(checkedDayText('2026-05-06T12:00:00.000Z', NOW)).toBe('4 days ago')
  })
})

describe('onlineText', () => {
  it('reads as the public line', () => {
    expect(onlineText({ checkedAt: '2026-05-10T06:00:00.000Z', ms: 180 }, NOW)).toBe(
      'Online · checked today · 180 ms',
    )
  })
})

describe('tlsText', () => {
  const health = {
    checkedAt: NOW.toISOString(),
    ok: true,
    status: 200,
    finalUrl: 'https://a.example/',
    ms: 10,
    error: null,
  }
  it('names the days left, an expired certificate, or nothing over http', () => {
    expect(tlsText({ ...health, tlsDaysLeft: 1 })).toBe('Certificate: 1 day left')
    expect(tlsText({ ...health, tlsDaysLeft: 30 })).toBe('Certificate: 30 days left')
    expect(tlsText({ ...health, tlsDaysLeft: -2 })).toBe('Certificate expired')
    expect(tlsText({ ...health, tlsDaysLeft: null })).toBeNull()
  })
})
