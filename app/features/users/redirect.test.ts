import { describe, expect, it } from 'vitest'
import type { Session } from '#common/schemas/users.ts'
import { canVisit, isAdminPath, landingAfterSignIn, safeRedirect } from './redirect.ts'

const user: Session = {
  _id: 'u1',
  name: 'Uma',
  email: 'uma@example.com',
  isAdmin: false,
  token: 't',
}
const admin: Session = { ...user, isAdmin: true }

describe('safeRedirect', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeRedirect('/profile')).toBe('/profile')
    expect(safeRedirect('/admin/websites?page=2')).toBe('/admin/websites?page=2')
  })

  it('falls back to / when there is no target', () => {
    expect(safeRedirect(null)).toBe('/')
    expect(safeRedirect(undefined)).toBe('/')
    expect(safeRedirect('')).toBe('/')
  })

  it.each([
    'https://evil.example/',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/%5Cevil.example',
    '/..//evil.example',
    'javascript:alert(1)',
    'profile',
    ' /profile',
  ])('refuses %j, which could leave the site', (target) => {
    expect(safeRedirect(target)).toBe('/')
  })

  it('uses the given fallback', () => {
    expect(safeRedirect('//evil.example', '/profile')).toBe('/profile')
  })
})

describe('landingAfterSignIn', () => {
  it('takes an admin who came without a target to the dashboard, and a user home', () => {
    expect(landingAfterSignIn(admin, null)).toBe('/admin/dashboard')
    expect(landingAfterSignIn(admin, '//evil.example')).toBe('/admin/dashboard')
    expect(landingAfterSignIn(user, null)).toBe('/')
  })

  it('follows the target either way', () => {
    expect(landingAfterSignIn(admin, '/admin/messages?page=2')).toBe('/admin/messages?page=2')
    expect(landingAfterSignIn(user, '/profile')).toBe('/profile')
  })
})

describe('canVisit', () => {
  it('opens admin paths to admins only', () => {
    expect(isAdminPath('/admin/users')).toBe(true)
    expect(isAdminPath('/administrator')).toBe(false)
    expect(canVisit(admin, '/admin/users?page=2')).toBe(true)
    expect(canVisit(user, '/admin/users')).toBe(false)
    expect(canVisit(null, '/admin/dashboard')).toBe(false)
  })

  it('opens the profile to any signed-in user', () => {
    expect(canVisit(user, '/profile')).toBe(true)
    expect(canVisit(null, '/profile')).toBe(false)
  })

  it('opens public pages to everyone', () => {
    expect(canVisit(null, '/portfolio?page=2')).toBe(true)
  })
})
