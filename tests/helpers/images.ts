/** Images made in code, for sizes no fixture file should hold. */
import { crc32, deflateSync } from 'node:zlib'

function pngChunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const frame = Buffer.alloc(8 + body.length)
  frame.writeUInt32BE(data.length, 0)
  body.copy(frame, 4)
  frame.writeUInt32BE(crc32(body), 4 + body.length)
  return frame
}

/**
 * A valid black-and-white PNG of any size: its all-zero rows deflate to almost nothing, so a huge
 * one is a decompression bomb of a few kilobytes.
 */
export function blankPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 1 // bit depth; colour type 0 (greyscale), default compression, filter and interlace
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}
