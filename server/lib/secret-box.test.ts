import { describe, expect, it } from 'vitest'
import { createSecretBox, decryptWith, encryptWith } from './secret-box.ts'

describe('secret box', () => {
  it('reads back what it sealed, and the sealed text does not hold the plain text', () => {
    const box = createSecretBox('a'.repeat(48))
    const sealed = box.encrypt('JBSWY3DPEHPK3PXP')
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP')
    expect(box.decrypt(sealed)).toBe('JBSWY3DPEHPK3PXP')
  })

  it('gives nothing back under another secret or for damaged text', () => {
    const sealed = encryptWith('first secret', 'value')
    expect(decryptWith('second secret', sealed)).toBeUndefined()
    expect(decryptWith('first secret', sealed.slice(0, -2) + 'AA')).toBeUndefined()
    expect(decryptWith('first secret', 'not sealed')).toBeUndefined()
  })

  it('seals with the new secret once replaced', () => {
    const box = createSecretBox('old')
    box.replaceSecret('new')
    expect(decryptWith('new', box.encrypt('value'))).toBe('value')
  })
})
