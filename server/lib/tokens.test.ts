import { describe, expect, it } from 'vitest'
import { SESSION_TTL_SECONDS } from '#common/constants.ts'
import { createTokenService } from './tokens.ts'

const USER_ID = '3b241101-e2bb-4255-8caf-4136c566a962'
const SESSION_ID = '5c3a1b2e-7d4f-4e6a-9b8c-0d1e2f3a4b5c'

describe('createTokenService', () => {
  it('verifies a token again from memory, and refuses it once expired', async () => {
    let clock = new Date('2026-01-01T00:00:00Z')
    const tokens = createTokenService('s'.repeat(40), () => clock)
    const token = await tokens.sign({ userId: USER_ID, tokenVersion: 3, sessionId: SESSION_ID })
    expect(await tokens.verify(token)).toEqual({
      userId: USER_ID,
      tokenVersion: 3,
      sessionId: SESSION_ID,
    })
    expect(await tokens.verify(token)).toEqual({
      userId: USER_ID,
      tokenVersion: 3,
      sessionId: SESSION_ID,
    })
    clock = new Date(clock.getTime() + SESSION_TTL_SECONDS * 1000)
    expect(await tokens.verify(token)).toBeNull()
  })

  it('refuses a token signed with another secret or altered, even next to a verified one', async () => {
    const tokens = createTokenService('s'.repeat(40))
    const other = createTokenService('o'.repeat(40))
    const good = await tokens.sign({ userId: USER_ID, tokenVersion: 0, sessionId: SESSION_ID })
    expect(await tokens.verify(good)).not.toBeNull()
    expect(
      await tokens.verify(
        await other.sign({ userId: USER_ID, tokenVersion: 0, sessionId: SESSION_ID }),
      ),
    ).toBeNull()
    const [header, payload, signature] = good.split('.')
    const tampered = `${header}.${payload}.${signature!.slice(0, -2)}AA`
    expect(await tokens.verify(tampered)).toBeNull()
  })
})

describe('session id claim', () => {
  it('refuses a token without a session id (signed before sessions were recorded)', async () => {
    const { SignJWT } = await import('jose')
    const secret = 's'.repeat(40)
    const issuedAt = Math.floor(Date.now() / 1000)
    const legacy = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(USER_ID)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 60)
      .sign(new TextEncoder().encode(secret))
    expect(await createTokenService(secret).verify(legacy)).toBeNull()
  })
})
