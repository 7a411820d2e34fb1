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

  it('redacts the token of the manage link of a booked call and the key of the bookings feed', () => {
    expect(redactUrl('/booking/abc_DEF-123')).toBe('/booking/[redacted]')
    expect(redactUrl('/booking/abc.data?_routes=x')).toBe('/booking/[redacted]')
    expect(redactUrl('/api/booking/abc_DEF-123')).toBe('/api/booking/[redacted]')
    expect(redactUrl('/api/booking/abc_DEF-123/cancel')).toBe('/api/booking/[redacted]/cancel')
    expect(redactUrl('/api/booking/abc/reschedule')).toBe('/api/booking/[redacted]/reschedule')
    expect(redactUrl('/api/booking/feed/k3y_-x.ics')).toBe('/api/booking/feed/[redacted]')
    expect(redactUrl('/api/booking/slots?from=2026-03-01')).toBe('/api/booking/slots')
    expect(redactUrl('/api/booking/admin')).toBe('/api/booking/admin')
    expect(redactUrl('/api/booking/feed')).toBe('/api/booking/feed')
    expect(redactUrl('/book')).toBe('/book')
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
