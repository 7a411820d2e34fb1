import { describe, expect, it } from 'vitest'
import { isSameSitePath } from './same-site-path.ts'

describe('isSameSitePath', () => {
  it.each([
    '/',
    '/contact',
    '/admin/messages?q=hello%20world&page=2',
    '/journal/a-post#comments',
    '/a//b',
    '/%E2%82%AC',
  ])('accepts %j', (path) => {
    expect(isSameSitePath(path)).toBe(true)
  })

  it.each([
    '',
    'contact',
    ' /contact',
    'https://evil.example/',
    'javascript:alert(1)',
    '//evil.example',
    '///evil.example',
    '/\\evil.example/x',
    '/\\/evil.example',
    '/a\\b',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r/evil.example',
    '/%5Cevil.example',
    '/%5cevil.example',
    '/%2F/evil.example',
    '/%2Fevil.example',
    '/%09/evil.example',
    '/..//evil.example',
    '/./%2F/evil.example',
    '/%2e%2e//evil.example',
    '/%2F[',
    '/%E0%A4%A',
    '/contact page',
    '/\u00a0/evil.example',
  ])('refuses %j, which could lead off the site', (path) => {
    expect(isSameSitePath(path)).toBe(false)
  })
})
