import { describe, expect, it } from 'vitest'
import { asciiSource } from './ascii-source.ts'

/** The value a piece of JavaScript evaluates to. */
const run = (code: string): unknown => new Function(`return (${code})`)()

describe('asciiSource', () => {
  it('writes every character outside ASCII as an escape, leaving ASCII alone', () => {
    const code = 'const s = "Don’t — café"; // Jimmy Wärting'
    const ascii = asciiSource(code)
    expect(ascii).toMatch(/^[\x20-\x7e]*$/)
    expect(ascii).toBe('const s = "Don\\u2019t \\u2014 caf\\u00e9"; // Jimmy W\\u00e4rting')
  })

  it('keeps the meaning of strings, templates and regular expressions', () => {
    const cases = [
      '"Don’t — café"',
      '`${1 + 1}… “quoted”`',
      '"ẞtraße".replace(/ẞ/g, "ß")',
      '/([?!])…/.test("?…")',
      '"smile 😀".length',
      '/^[😀-😂]$/u.test("😁")',
      '"😀".codePointAt(0)',
    ]
    for (const code of cases) expect(run(asciiSource(code)), code).toEqual(run(code))
  })
})
