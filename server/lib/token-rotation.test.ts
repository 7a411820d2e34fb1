import { describe, expect, it } from 'vitest'
import { createTokenService } from './tokens.ts'

const USER_ID = '3b241101-e2bb-4255-8caf-4136c566a962'
const SESSION_ID = '5c3a1b2e-7d4f-4e6a-9b8c-0d1e2f3a4b5c'

describe('TokenService.replaceSecret', () => {
  it('refuses tokens signed before, even ones verified from memory, and signs with the new one', async () => {
    const tokens = createTokenService('a'.repeat(40))
    const before = await tokens.sign({ userId: USER_ID, tokenVersion: 1, sessionId: SESSION_ID })
    expect(await tokens.verify(before)).toEqual({
      userId: USER_ID,
      tokenVersion: 1,
      sessionId: SESSION_ID,
    })

    tokens.replaceSecret('b'.repeat(40))
    expect(await tokens.verify(before)).toBeNull()
    const after = await tokens.sign({ userId: USER_ID, tokenVersion: 1, sessionId: SESSION_ID })
    expect(await tokens.verify(after)).toEqual({
      userId: USER_ID,
      tokenVersion: 1,
      sessionId: SESSION_ID,
    })
    expect(await createTokenService('b'.repeat(40)).verify(after)).not.toBeNull()
  })

  it('refuses a token whose check began before the secret was replaced', async () => {
    const tokens = createTokenService('a'.repeat(40))
    const before = await tokens.sign({ userId: USER_ID, tokenVersion: 1, sessionId: SESSION_ID })
    // The check starts with the old key and is suspended at its first await; the secret changes.
    const checking = tokens.verify(before)
    tokens.replaceSecret('b'.repeat(40))
    expect(await checking).toBeNull()
    // Nor was it remembered as verified.
    expect(await tokens.verify(before)).toBeNull()
  })
})
