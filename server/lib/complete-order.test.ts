import { describe, expect, it } from 'vitest'
import { assertCompleteOrder } from './complete-order.ts'

describe('assertCompleteOrder', () => {
  const stored = ['a', 'b', 'c']

  it('accepts every stored id once, in any order', () => {
    expect(() => assertCompleteOrder(['c', 'a', 'b'], stored, 'entry')).not.toThrow()
    expect(() => assertCompleteOrder([], [], 'entry')).not.toThrow()
  })

  it.each([
    ['a missing id', ['a', 'b']],
    ['a repeated id', ['a', 'b', 'b']],
    ['a repeated id in place of a missing one', ['a', 'a', 'b']],
    ['an unknown id', ['a', 'b', 'x']],
    ['an extra id', ['a', 'b', 'c', 'x']],
  ])('refuses %s with 400 naming the list', (_case, ids) => {
    expect(() => assertCompleteOrder(ids, stored, 'FAQ entry')).toThrow(
      expect.objectContaining({
        statusCode: 400,
        message: 'ids must list every FAQ entry exactly once',
      }),
    )
  })
})
