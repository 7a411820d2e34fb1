import { describe, expect, it } from 'vitest'
import { contrastRatio, relativeLuminance } from './contrast.ts'

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#174ca8', '#174ca8')).toBe(1)
  })

  it('matches the published WCAG figures, whichever colour comes first', () => {
    // #767676 is the lightest grey that passes 4.5:1 on white; #777777 just fails.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2)
    expect(contrastRatio('#ffffff', '#777777')).toBeCloseTo(4.48, 2)
  })
})

describe('relativeLuminance', () => {
  it('reads upper- and lower-case hex alike', () => {
    expect(relativeLuminance('#FFAA00')).toBe(relativeLuminance('#ffaa00'))
  })
})
