import { describe, expect, it } from 'vitest'
import { redactUrl } from './redact-url.ts'

describe('redactUrl', () => {
  it('redacts the token of a reset page, document or data request', () => {
    expect(redactUrl('/reset-password/abc_DEF-123')).toBe('/reset-password/[redacted]')
    expect(redactUrl('/reset-password/abc.data?_routes=x')).toBe(
      '/reset-password/[redacted]?_routes=x',
    )
    expect(redactUrl('/RESET-PASSWORD/abc')).toBe('/RESET-PASSWORD/[redacted]')
  })

  it('redacts the token of a testimonial form, document or data request', () => {
    expect(redactUrl('/testimonial/abc_DEF-123')).toBe('/testimonial/[redacted]')
    expect(redactUrl('/testimonial/abc.data?_routes=x')).toBe('/testimonial/[redacted]?_routes=x')
  })

  it('redacts a token query value wherever it appears', () => {
    expect(redactUrl('/api/x?token=secret')).toBe('/api/x?token=[redacted]')
    expect(redactUrl('/api/x?a=1&token=secret&b=2')).toBe('/api/x?a=1&token=[redacted]&b=2')
  })

  it('leaves other URLs as they are', () => {
    expect(redactUrl('/portfolio?page=2')).toBe('/portfolio?page=2')
    expect(redactUrl('/api/users/reset-password')).toBe('/api/users/reset-password')
    expect(redactUrl('/api/testimonials/requests')).toBe('/api/testimonials/requests')
  })
})
