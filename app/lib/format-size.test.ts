import { describe, expect, it } from 'vitest'
import { formatSize } from './format-size.ts'

describe('formatSize', () => {
  it('picks the unit and keeps one decimal below ten', () => {
    expect(formatSize(0)).toBe('0 bytes')
    expect(formatSize(512)).toBe('512 bytes')
    expect(formatSize(1536)).toBe('1.5 KB')
    expect(formatSize(20_000_000)).toBe('19 MB')
    expect(formatSize(5 * 1024 ** 4)).toBe('5120 GB')
  })
})
