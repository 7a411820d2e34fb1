import { describe, expect, it } from 'vitest'
import { escapeMarkup } from './escape-markup.ts'

describe('escapeMarkup', () => {
  it('escapes the five markup characters', () => {
    expect(escapeMarkup(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    )
  })

  it('leaves other text as it is', () => {
    expect(escapeMarkup('Plain text, émojis 🙂 and /paths?a=1')).toBe(
      'Plain text, émojis 🙂 and /paths?a=1',
    )
  })
})
