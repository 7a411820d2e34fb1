import { describe, expect, it } from 'vitest'
import { PASSWORD_BREACHED } from '#common/constants.ts'
import { parseAdminInput } from './users.service.ts'

describe('parseAdminInput', () => {
  it('normalises the e-mail and defaults the name to Admin', async () => {
    expect(
      await parseAdminInput({ email: '  Boss@Example.COM ', password: 'Str0ng!Passw0rd' }),
    ).toEqual({
      email: 'boss@example.com',
      password: 'Str0ng!Passw0rd',
      name: 'Admin',
    })
    expect(
      (await parseAdminInput({ email: 'a@b.co', password: 'Str0ng!Passw0rd', name: '  Ann ' }))
        .name,
    ).toBe('Ann')
  })

  it('rejects a malformed e-mail', async () => {
    await expect(parseAdminInput({ email: 'boss', password: 'Str0ng!Passw0rd' })).rejects.toThrow(
      /Admin email is not a valid e-mail address/,
    )
  })

  it.each(['Sh0rt!', 'alllowercase1!', 'ALLUPPERCASE1!', 'NoDigits!!', 'N0Special1Char', ''])(
    'rejects the password %j, which breaks the policy',
    async (password) => {
      await expect(parseAdminInput({ email: 'a@b.co', password })).rejects.toThrow(
        /Admin password rejected/,
      )
    },
  )

  it.each(['P@ssw0rd', 'Password1!', 'pA$$W0RD'])(
    'rejects the common breached password %j (the create-admin CLI and ADMIN_PASSWORD)',
    async (password) => {
      await expect(parseAdminInput({ email: 'a@b.co', password })).rejects.toThrow(
        `Admin password rejected: ${PASSWORD_BREACHED}`,
      )
    },
  )
})
