import { describe, expect, it } from 'vitest'
import { attachmentDisposition, cleanFileName, storableContentType } from './file-name.ts'

describe('cleanFileName', () => {
  it('keeps the last part of a path and drops unprintable characters', () => {
    expect(cleanFileName('C:\\Users\\ana\\plan.pdf')).toBe('plan.pdf')
    expect(cleanFileName('../../etc/passwd')).toBe('passwd')
    expect(cleanFileName('in\u202Evoice\u0000 .pdf')).toBe('invoice .pdf')
    expect(cleanFileName('  two   words.txt ')).toBe('two words.txt')
  })

  it('names an empty or dotted name "file"', () => {
    expect(cleanFileName('')).toBe('file')
    expect(cleanFileName('..')).toBe('file')
    expect(cleanFileName('dir/')).toBe('file')
  })

  it('shortens a long name and keeps its extension', () => {
    const name = cleanFileName(`${'a'.repeat(300)}.docx`)
    expect([...name]).toHaveLength(200)
    expect(name.endsWith('a.docx')).toBe(true)
  })
})

describe('storableContentType', () => {
  it('keeps a plain type and refuses anything else', () => {
    expect(storableContentType('Image/PNG')).toBe('image/png')
    expect(storableContentType('text/html; charset=utf-8')).toBe('text/html')
    expect(storableContentType('text/html\r\nx: y')).toBe('application/octet-stream')
    expect(storableContentType(undefined)).toBe('application/octet-stream')
  })
})

describe('attachmentDisposition', () => {
  it('gives an ASCII name and the UTF-8 one', () => {
    expect(attachmentDisposition('Angebot für "Kunde".pdf')).toBe(
      `attachment; filename="Angebot f_r _Kunde_.pdf"; filename*=UTF-8''Angebot%20f%C3%BCr%20%22Kunde%22.pdf`,
    )
    expect(attachmentDisposition("it's (1).txt")).toBe(
      `attachment; filename="it's (1).txt"; filename*=UTF-8''it%27s%20%281%29.txt`,
    )
  })
})
