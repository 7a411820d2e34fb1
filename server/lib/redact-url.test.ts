import { describe, expect, it } from 'vitest'
import { redactUrl } from './redact-url.ts'

describe('redactUrl', () => {
  it('redacts the token of a reset page, document or data request', () => {
    expect(redactUrl('/reset-password/abc_DEF-123')).toBe('/reset-password/[redacted]')
    expect(redactUrl('/reset-password/abc.data?_routes=x')).toBe('/reset-password/[redacted]')
    expect(redactUrl('/RESET-PASSWORD/abc')).toBe('/RESET-PASSWORD/[redacted]')
  })

  it('redacts the token of a testimonial form, document or data request', () => {
    expect(redactUrl('/testimonial/abc_DEF-123')).toBe('/testimonial/[redacted]')
    expect(redactUrl('/testimonial/abc.data?_routes=x')).toBe('/testimonial/[redacted]')
  })

  it('redacts the token of a newsletter confirmation or unsubscribe link', () => {
    expect(redactUrl('/subscribe/abc_DEF-123')).toBe('/subscribe/[redacted]')
    expect(redactUrl('/unsubscribe/abc_DEF-123')).toBe('/unsubscribe/[redacted]')
    expect(redactUrl('/subscribe/abc.data?_routes=x')).toBe('/subscribe/[redacted]')
  })

  it('drops the query string and the fragment, tokens and campaign ids with them', () => {
    expect(redactUrl('/api/x?token=secret')).toBe('/api/x')
    expect(redactUrl('/?utm_source=news&utm_campaign=spring')).toBe('/')
    expect(redactUrl('/portfolio?page=2')).toBe('/portfolio')
    expect(redactUrl('/about#team')).toBe('/about')
  })

  it('leaves other paths as they are', () => {
    expect(redactUrl('/portfolio')).toBe('/portfolio')
    expect(redactUrl('/api/users/reset-password')).toBe('/api/users/reset-password')
    expect(redactUrl('/api/testimonials/requests')).toBe('/api/testimonials/requests')
    expect(redactUrl('/api/subscribers/confirm')).toBe('/api/subscribers/confirm')
  })
})
