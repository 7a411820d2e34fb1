import { describe, expect, it } from 'vitest'
import { el, keptEmpty, xmlDocument } from './xml-builder.ts'

describe('xmlDocument', () => {
  it('escapes text and attributes and drops what XML 1.0 cannot carry', () => {
    expect(xmlDocument(el('a', 'Crumb & <Crust> "x" \'y\'\u0000\u0007', { b: 'q"&' }))).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<a b="q&quot;&amp;">Crumb &amp; &lt;Crust&gt; &quot;x&quot; &apos;y&apos;</a>\n',
    )
  })

  it('leaves out empty elements and absent children, but keeps one the schema requires', () => {
    expect(
      xmlDocument(
        el('root', [
          el('empty', ''),
          null,
          false,
          el('blank', [el('inner', '  ')]),
          keptEmpty('kept'),
          el('x', '1', { y: '' }),
        ]),
      ),
    ).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<root>\n  <kept/>\n  <x>1</x>\n</root>\n')
  })
})
