import { describe, expect, it } from 'vitest'
import { requiredText, text } from './common.ts'

const UNSTORABLE = 'Note must not contain NUL characters or unpaired surrogates'
const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message

describe('text', () => {
  it.each([
    ['a NUL character', 'a\u0000b'],
    ['a lone high surrogate', 'a\uD800b'],
    ['a lone low surrogate', 'a\uDC00b'],
    ['a pair in the wrong order', '\uDE00\uD83D'],
  ])('refuses %s', (_, value) => {
    expect(firstMessage(text('Note', 50).safeParse(value))).toBe(UNSTORABLE)
  })

  it('keeps every other character, surrogate pairs included', () => {
    const value = 'Grüße 😀 𝕏 \u202E\t«»'
    expect(text('Note', 50).parse(value)).toBe(value)
  })

  it('trims unless told not to', () => {
    expect(text('Note', 50).parse('  a  ')).toBe('a')
    expect(text('Note', 50, { trim: false }).parse('  a  ')).toBe('  a  ')
  })

  it('names the field for a wrong type and for a missing value', () => {
    expect(firstMessage(text('Note', 50).safeParse(42))).toBe('Note must be text')
    expect(firstMessage(text('Note', 50).safeParse(undefined))).toBe('Note is required')
  })

  it('stops at the length cap: no later check or pattern sees an over-long value', () => {
    const seen: number[] = []
    const schema = requiredText('Note', 5)
      .refine((value) => seen.push(value.length) > 0)
      .regex(/^a+$/)
    const result = schema.safeParse('a'.repeat(10_000))
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Note must be at most 5 characters',
    ])
    expect(seen).toEqual([])
  })
})
