import { describe, expect, it } from 'vitest'
import { dropXmlForbiddenChars } from './xml-chars.ts'

describe('dropXmlForbiddenChars', () => {
  it('drops control characters, U+FFFE, U+FFFF and lone surrogates', () => {
    expect(dropXmlForbiddenChars('a\u0000b\u0001c\u0008d\u000Be\u000Cf\u001Fg\u007F')).toBe(
      'abcdefg\u007F',
    )
    expect(dropXmlForbiddenChars('x\uFFFEy\uFFFFz')).toBe('xyz')
    expect(dropXmlForbiddenChars('lone \uD800 high, lone \uDC00 low')).toBe('lone  high, lone  low')
  })

  it('keeps tab, line feed, carriage return and every allowed character, astral ones included', () => {
    const text = 'Tab\tLF\nCR\r é ü \uD7FF \uE000 \uFFFD 😀 \u{10FFFF}'
    expect(dropXmlForbiddenChars(text)).toBe(text)
  })
})
