import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT_DIR } from '#server/lib/paths.ts'
import { sniffImageFormat } from './image-format.ts'

const fixture = (name: string) => readFile(path.join(ROOT_DIR, 'tests', 'fixtures', name))

function ftyp(major: string, compatible: string[]): Buffer {
  const brands = Buffer.from([major, '\0\0\0\0', ...compatible].join(''), 'latin1')
  const size = Buffer.alloc(4)
  size.writeUInt32BE(8 + brands.length)
  return Buffer.concat([size, Buffer.from('ftyp', 'latin1'), brands, Buffer.alloc(32)])
}

describe('sniffImageFormat', () => {
  it.each([
    ['image.jpg', 'jpeg'],
    ['image.png', 'png'],
    ['image.webp', 'webp'],
    ['image.gif', 'gif'],
    ['image.avif', 'avif'],
  ])('recognises %s as %s', async (name, format) => {
    expect(sniffImageFormat(await fixture(name))).toBe(format)
  })

  it('recognises AVIF by a compatible brand', () => {
    expect(sniffImageFormat(ftyp('mif1', ['miaf', 'avif']))).toBe('avif')
  })

  it.each([
    ['text named .png', Buffer.from('<script>alert(1)</script>')],
    ['empty content', Buffer.alloc(0)],
    ['a truncated PNG signature', Buffer.from([0x89, 0x50, 0x4e])],
    ['a WAV file (RIFF but not WEBP)', Buffer.from('RIFF\x24\0\0\0WAVEfmt ', 'latin1')],
    ['a HEIC photo', ftyp('heic', ['mif1', 'heic'])],
    ['an MP4 video', ftyp('isom', ['iso2', 'mp41'])],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
  ])('refuses %s', (_label, content) => {
    expect(sniffImageFormat(content)).toBeNull()
  })
})
