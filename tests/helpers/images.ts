/** Images made in code, for sizes no fixture file should hold; a fixture image uploaded. */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import { expect } from 'vitest'
import { ROOT_DIR } from '#server/lib/paths.ts'
import type { TestApp } from './test-app.ts'

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

/**
 * Uploads the fixture file `fixture` as the admin's screens upload an image (multipart, field
 * `image`), and answers its stored path.
 */
export async function uploadFixture(
  app: Pick<TestApp, 'inject'>,
  headers: Record<string, string>,
  fixture = 'image.png',
  type = 'image/png',
): Promise<string> {
  const content = await readFile(path.join(ROOT_DIR, 'tests', 'fixtures', fixture))
  const form = new FormData()
  form.append('image', new Blob([new Uint8Array(content)], { type }), fixture)
  const request = new Request('http://upload.test', { method: 'POST', body: form })
  const res = await app.inject({
    method: 'POST',
    url: '/api/upload',
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { ...headers, 'content-type': request.headers.get('content-type')! },
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<string>()
}
