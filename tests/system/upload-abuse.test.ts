/**
 * Upload abuse over real HTTP: files that only claim to be images, decompression bombs, oversize
 * bodies, hostile file names, and path traversal in GET /uploads/... are all refused, and the
 * server stays healthy.
 */
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { UPLOAD_MAX_BYTES } from '#common/constants.ts'
import { ROOT_DIR } from '#server/lib/paths.ts'
import { asAdmin, asUser } from '#tests/helpers/auth.ts'
import { ensureBuild } from '#tests/helpers/build.ts'
import { call } from '#tests/helpers/http-calls.ts'
import { blankPng } from '#tests/helpers/images.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

let app: TestApp
let baseUrl: string
let admin: Record<string, string>
let refused = 0

beforeAll(async () => {
  await ensureBuild()
  app = await createTestApp({ web: true })
  await app.listen({ port: 0, host: '127.0.0.1' })
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  admin = (await asAdmin(app)).headers
}, 240_000)
afterAll(async () => {
  console.log(
    `[upload-abuse] hostile uploads and traversal requests refused: ${refused} (each asserted refused)`,
  )
  await app?.cleanup()
})

const fixture = (name: string) => readFile(path.join(ROOT_DIR, 'tests', 'fixtures', name))

function upload(content: Buffer, filename: string, type: string, headers = admin) {
  const form = new FormData()
  form.append('image', new Blob([new Uint8Array(content)], { type }), filename)
  return call(baseUrl, 'POST', '/api/upload', { body: form, headers, timeoutMs: 30_000 })
}

/** A GIF whose screen claims 65535 x 65535 pixels, with one real pixel. */
function bombGif() {
  const screen = Buffer.from([0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00])
  const image = Buffer.from([
    0x2c, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b,
  ])
  return Buffer.concat([Buffer.from('GIF89a', 'latin1'), screen, image])
}

/** A raw GET: the path goes out byte for byte, without the URL normalisation fetch would do. */
function rawGet(rawPath: string) {
  const { port } = new URL(baseUrl)
  return new Promise<{ status: number; type: string; location?: string; body: string }>(
    (resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: Number(port), method: 'GET', path: rawPath },
        (res) => {
          let body = ''
          res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk))
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              type: String(res.headers['content-type']),
              location: res.headers.location,
              body,
            }),
          )
        },
      )
      req.on('error', reject)
      req.end()
    },
  )
}

describe('POST /api/upload abuse', () => {
  it('refuses files that only claim to be images, whatever their name and declared type', async () => {
    const png = await fixture('image.png')
    const fakes: [string, Buffer, string, string][] = [
      ['script named .png', await fixture('not-an-image.png'), 'photo.png', 'image/png'],
      [
        'HTML page',
        Buffer.from('<!doctype html><script>alert(1)</script>'),
        'index.jpg',
        'image/jpeg',
      ],
      [
        'SVG with a script',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'logo.svg',
        'image/svg+xml',
      ],
      [
        'ELF binary',
        Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(64)]),
        'a.gif',
        'image/gif',
      ],
      ['PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj<<>>endobj'), 'doc.webp', 'image/webp'],
      [
        'PNG body behind a text prefix',
        Buffer.concat([Buffer.from('GIF'), png]),
        'x.png',
        'image/png',
      ],
      ['empty file', Buffer.alloc(0), 'empty.png', 'image/png'],
    ]
    for (const [label, content, name, type] of fakes) {
      const res = await upload(content, name, type)
      expect(res.status, label).toBe(400)
      expect(res.json, label).toEqual({
        message: expect.stringMatching(/JPEG, PNG, WebP, GIF or AVIF|No image/),
      })
      refused += 1
    }
  })

  it('refuses an image whose data is broken behind a valid signature', async () => {
    const png = await fixture('image.png')
    const res = await upload(png.subarray(0, 200), 'cut.png', 'image/png')
    expect(res.status).toBe(400)
    expect(res.json).toEqual({ message: 'The image could not be read' })
    refused += 1
  })

  it('refuses decompression bombs from their header, without decoding them', async () => {
    const bombs: [string, Buffer][] = [
      ['PNG 20000 x 20000', blankPng(20_000, 20_000)],
      ['PNG 100000 x 5000', blankPng(100_000, 5_000)],
      ['GIF 65535 x 65535', bombGif()],
    ]
    for (const [label, content] of bombs) {
      expect(content.length, label).toBeLessThan(UPLOAD_MAX_BYTES)
      const res = await upload(content, 'bomb.png', 'image/png')
      expect(res.status, label).toBe(400)
      expect(res.json, label).toEqual({
        message: expect.stringMatching(
          /^(The image has too many pixels|The image could not be read)$/,
        ),
      })
      refused += 1
      console.log(
        `[upload-abuse] ${label}: ${content.length} B file refused in ${res.ms.toFixed(0)} ms`,
      )
    }
    expect((await call(baseUrl, 'GET', '/api/health')).status).toBe(200)
  })

  it('refuses a file over the size limit with 413', async () => {
    const png = await fixture('image.png')
    const big = Buffer.concat([png, Buffer.alloc(UPLOAD_MAX_BYTES + 1 - png.length)])
    const res = await upload(big, 'big.png', 'image/png')
    expect(res.status).toBe(413)
    expect(res.json).toEqual({ message: expect.any(String) })
    refused += 1
  })

  it('ignores hostile file names: the stored path is the content hash, nothing lands on disk', async () => {
    const png = await fixture('image.png')
    const names = [
      '../../../etc/passwd.png',
      '..\\..\\..\\windows\\evil.png',
      '/etc/cron.d/job.png',
      'a\u0000.png',
      '<script>.png',
      '%2e%2e%2fx.png',
    ]
    const paths = new Set<string>()
    for (const name of names) {
      const res = await upload(png, name, 'text/html')
      expect(res.status, name).toBe(200)
      expect(res.json).toMatch(/^\/uploads\/[a-f0-9]{24}\.webp$/)
      paths.add(res.json as string)
    }
    expect(paths.size).toBe(1)
    const image = await fetch(`${baseUrl}${[...paths][0]}`)
    expect(image.headers.get('content-type')).toBe('image/webp')
    expect(image.headers.get('x-content-type-options')).toBe('nosniff')
    for (const target of [
      '/etc/passwd.png',
      '/etc/cron.d/job.png',
      path.join(ROOT_DIR, '..', 'evil.png'),
    ]) {
      expect(existsSync(target), target).toBe(false)
    }
  })

  it('refuses visitors and non-admins', async () => {
    const png = await fixture('image.png')
    const { headers } = await asUser(app)
    expect((await upload(png, 'a.png', 'image/png', {})).status).toBe(401)
    expect((await upload(png, 'a.png', 'image/png', headers)).status).toBe(403)
    refused += 2
  })
})

describe('GET /uploads/... traversal', () => {
  it('never serves a file from outside the image store', async () => {
    const attempts = [
      '/uploads/../package.json',
      '/uploads/..%2fpackage.json',
      '/uploads/%2e%2e%2fpackage.json',
      '/uploads/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/uploads/..%5c..%5cpackage.json',
      '/uploads/....//....//etc/passwd',
      '/uploads/%252e%252e%252fpackage.json',
      '/uploads/x.webp%00.png',
      '/uploads/..',
      '/uploads/.env',
      '/uploads/../../../../../../etc/passwd',
      '/images/../package.json',
      '/images/..%2f..%2fpackage.json',
      '/assets/..%2f..%2fpackage.json',
      '/..%2fpackage.json',
      '/%2e%2e/%2e%2e/etc/passwd',
    ]
    for (const attempt of attempts) {
      let res = await rawGet(attempt)
      // A path spelled with dot segments or doubled slashes is redirected to its canonical
      // spelling (server/lib/canonical-path.ts), which must be refused in its turn.
      if (res.status === 301) res = await rawGet(res.location!)
      expect(res.status, attempt).toBeGreaterThanOrEqual(400)
      expect(res.status, attempt).toBeLessThan(500)
      expect(res.body, attempt).not.toContain('"devDependencies"')
      expect(res.body, attempt).not.toMatch(/root:.*:0:0:/)
      if (attempt.startsWith('/uploads/') && res.type.startsWith('application/json')) {
        expect(JSON.parse(res.body)).toEqual({ message: expect.any(String) })
      }
      refused += 1
    }
  })
})
