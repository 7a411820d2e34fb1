import { describe, expect, it } from 'vitest'
import { ApiError } from './api-client.ts'
import { settle, settleEach } from './settle.ts'

describe('settle', () => {
  it('gives the value of an answered request and the message of a refused one', async () => {
    expect(await settle(Promise.resolve(3))).toEqual({ ok: true, value: 3 })
    expect(await settle(Promise.reject(new ApiError('Not allowed', 403)))).toEqual({
      ok: false,
      message: 'Not allowed',
    })
  })

  it('still throws a 401, for the sign-in redirect', async () => {
    await expect(settle(Promise.reject(new ApiError('Sign in', 401)))).rejects.toThrow('Sign in')
  })
})

describe('settleEach', () => {
  it('settles each request of a record under its own key', async () => {
    expect(
      await settleEach({ a: Promise.resolve('x'), b: Promise.reject(new Error('Down')) }),
    ).toEqual({ a: { ok: true, value: 'x' }, b: { ok: false, message: 'Down' } })
  })
})
