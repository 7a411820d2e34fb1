import { describe, expect, it } from 'vitest'
import { parseAdminInput } from './users.service.ts'

describe('parseAdminInput', () => {
  it('normalises the e-mail and defaults the name to Admin', () => {
    expect(parseAdminInput({ email: '  Boss@Example.COM ', password: 'Str0ng!Passw0rd' })).toEqual({
      email: 'boss@example.com',
      password: 'Str0ng!Passw0rd',
      name: 'Admin',
    })
    expect(
      parseAdminInput({ email: 'a@b.co', password: 'Str0ng!Passw0rd', name: '  Ann ' }).name,
    ).toBe('Ann')
  })

  it('rejects a malformed e-mail', () => {
    expect(() => parseAdminInput({ email: 'boss', password: 'Str0ng!Passw0rd' })).toThrow(
      /Admin email is not a valid e-mail address/,
    )
  })

  it.each(['Sh0rt!', 'alllowercase1!', 'ALLUPPERCASE1!', 'NoDigits!!', 'N0Special1Char', ''])(
    'rejects the password %j, which breaks the policy',
    (password) => {
      expect(() => parseAdminInput({ email: 'a@b.co', password })).toThrow(
        /Admin password rejected/,
      )
    },
  )
})
