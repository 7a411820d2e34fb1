import { describe, expect, it } from 'vitest'
import { UPLOAD_MAX_BYTES } from '#common/constants.ts'
import { imageFileProblem } from './upload-image.ts'

describe('imageFileProblem', () => {
  it('accepts an image up to the upload limit', () => {
    expect(imageFileProblem({ type: 'image/png', size: UPLOAD_MAX_BYTES })).toBeNull()
  })

  it('refuses a file over the limit with its size and the limit', () => {
    expect(imageFileProblem({ type: 'image/jpeg', size: UPLOAD_MAX_BYTES + 1 })).toBe(
      'The image is 5.0 MB; the limit is 5 MB',
    )
    expect(imageFileProblem({ type: 'image/jpeg', size: 7.5 * 1024 * 1024 })).toBe(
      'The image is 7.5 MB; the limit is 5 MB',
    )
  })

  it('refuses a file that is not an image', () => {
    expect(imageFileProblem({ type: 'application/pdf', size: 10 })).toBe(
      'Please choose an image file',
    )
  })
})
