import { describe, expect, it } from 'vitest'
import { DEFAULT_IMAGE } from './constants.ts'
import { imageSrcSet, imageVariantPath, parseUploadFile } from './images.ts'

const HASH = '0123456789abcdef01234567'

describe('parseUploadFile', () => {
  it('reads the widest image and each variant', () => {
    expect(parseUploadFile(`${HASH}.webp`)).toEqual({ hash: HASH, width: 1600 })
    expect(parseUploadFile(`${HASH}-225.webp`)).toEqual({ hash: HASH, width: 225 })
    expect(parseUploadFile(`${HASH}-640.webp`)).toEqual({ hash: HASH, width: 640 })
  })

  it.each([
    `${HASH}-300.webp`,
    `${HASH}.png`,
    `${HASH.toUpperCase()}.webp`,
    `${HASH}0.webp`,
    `../${HASH}.webp`,
    `${HASH}.webp/..`,
    `${HASH}.webp\n`,
  ])('refuses %j', (file) => {
    expect(parseUploadFile(file)).toBeNull()
  })
})

describe('imageSrcSet', () => {
  it('lists every variant of an upload', () => {
    expect(imageSrcSet(`/uploads/${HASH}.webp`)).toEqual({
      src: `/uploads/${HASH}.webp`,
      srcSet: `/uploads/${HASH}-225.webp 225w, /uploads/${HASH}-640.webp 640w, /uploads/${HASH}-720.webp 720w, /uploads/${HASH}-960.webp 960w, /uploads/${HASH}.webp 1600w`,
    })
  })

  it('gives the default image its size, and other static images as they are', () => {
    expect(imageSrcSet(DEFAULT_IMAGE)).toEqual({ src: DEFAULT_IMAGE, width: 1200, height: 750 })
    expect(imageSrcSet('/images/dns-step-1.png')).toEqual({ src: '/images/dns-step-1.png' })
  })
})

describe('imageVariantPath', () => {
  it('points an upload at its thumbnail and leaves other paths alone', () => {
    expect(imageVariantPath(`/uploads/${HASH}.webp`, 225)).toBe(`/uploads/${HASH}-225.webp`)
    expect(imageVariantPath(`/uploads/${HASH}-640.webp`, 1600)).toBe(`/uploads/${HASH}.webp`)
    expect(imageVariantPath(DEFAULT_IMAGE, 225)).toBe(DEFAULT_IMAGE)
  })
})
