import { describe, expect, it } from 'vitest'
import { fieldPropsOf } from './field-props.ts'

describe('fieldPropsOf', () => {
  it('gives a field its name, its value and its refusal, read by that name', () => {
    const field = fieldPropsOf({ name: 'Ada', year: 2024 }, { name: 'Name is required' })
    expect(field('name')).toEqual({ name: 'name', defaultValue: 'Ada', error: 'Name is required' })
    expect(field('year')).toEqual({ name: 'year', defaultValue: 2024, error: undefined })
  })

  it('names the fields of one part of a larger value with its prefix, and reads their refusals so', () => {
    const field = fieldPropsOf(
      { iban: 'DE89', country: 'DE' },
      { 'billing.iban': 'IBAN check digits are wrong', country: 'not this one' },
      'billing',
    )
    expect(field('iban')).toEqual({
      name: 'billing.iban',
      defaultValue: 'DE89',
      error: 'IBAN check digits are wrong',
    })
    expect(field('country')).toEqual({
      name: 'billing.country',
      defaultValue: 'DE',
      error: undefined,
    })
  })
})
