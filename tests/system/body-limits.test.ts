/**
 * Request bodies against a real server process with the production heap: every route that reads a
 * body stops at its limit while the bytes arrive, whatever the headers claim. A chunked body (no
 * Content-Length) far larger than the heap answers 413, a malformed one 400, and the process stays
 * up. The bodies are generated lazily, so the test itself holds only one chunk at a time.
 */
import http from 'node:http'
import { rm } from 'node:fs/promises'
import { Readable, pipeline } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAGE_FORM_MAX_BYTES, TEXT_LIMITS } from '#common/constants.ts'
import { freshDataDir } from '#tests/helpers/data-dir.ts'
import { call, signInOverHttp } from '#tests/helpers/http-calls.ts'
import { startServer, stopAllServers, type ServerProcess } from '#tests/helpers/server-process.ts'

const ADMIN = { email: 'owner@body-limits.test', password: 'Body!Limits0wner' }
/** Larger than the production heap can hold several copies of. */
const HUGE_BYTES = 40 * 1024 * 1024
const CHUNK_BYTES = 64 * 1024
const BOUNDARY = 'BodyLimitsBoundary'

let dataDir: string
let server: ServerProcess
let adminHeaders: Record<string, string>

beforeAll(async () => {
  dataDir = await freshDataDir('site-body-limits-')
  server = await startServer({
    env: {
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_SCALE: '0',
      LOG_LEVEL: 'warn',
    },
  })
  adminHeaders = (await signInOverHttp(server.url, ADMIN)).headers
}, 240_000)

afterAll(async () => {
  await stopAllServers()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

/** `head`, then filler bytes up to `total`, then `tail`: made one chunk at a time as the socket asks. */
function* lazyBody(head: string, tail = '', total = HUGE_BYTES): Generator<Buffer> {
  const filler = Buffer.alloc(CHUNK_BYTES, 'a')
  yield Buffer.from(head)
  for (let sent = head.length + tail.length; sent < total; sent += CHUNK_BYTES) {
    yield total - sent < CHUNK_BYTES ? filler.subarray(0, total - sent) : filler
  }
  if (tail) yield Buffer.from(tail)
}

interface Answer {
  status: number
  type: string
  text: string
  connection: string | undefined
}

/**
 * Sends `body` with Transfer-Encoding: chunked (Node's default without a Content-Length) and resolves
 * with the answer as soon as it is complete, even while the body is still being sent; then the
 * connection is dropped. Rejects when the connection fails before an answer (a crashed server).
 */
function sendChunked(
  method: string,
  path: string,
  type: string,
  body: Iterable<Buffer>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port: server.port,
      method,
      path,
      agent: false,
      // A keep-alive connection, as browsers use: with `close`, the server would close it after its
      // answer while the body still arrives, and the reset could reach this client before the answer.
      headers: { 'content-type': type, connection: 'keep-alive', ...headers },
    })
    let answered = false
    request.once('response', (res) => {
      const parts: Buffer[] = []
      res.on('data', (part: Buffer) => parts.push(part))
      res.once('end', () => {
        answered = true
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type']),
          text: Buffer.concat(parts).toString('utf8'),
          connection: res.headers.connection,
        })
        request.destroy()
      })
    })
    request.on('error', (error) => {
      if (!answered) reject(error)
    })
    pipeline(Readable.from(body), request, () => {})
  })
}

interface Encoding {
  type: string
  head: string
  tail: string
}

const FORM_ENCODINGS: Record<string, Encoding> = {
  urlencoded: {
    type: 'application/x-www-form-urlencoded',
    head: 'fullName=Big&email=big%40example.com&subject=Big&message=',
    tail: '',
  },
  multipart: {
    type: `multipart/form-data; boundary=${BOUNDARY}`,
    head: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="message"\r\n\r\n`,
    tail: `\r\n--${BOUNDARY}--\r\n`,
  },
  'text/plain': { type: 'text/plain;charset=UTF-8', head: 'message=', tail: '\r\n' },
}

/**
 * Every page route with an action or a client action (app/routes.ts), as a document and as React
 * Router's data request: a visitor without JavaScript posts to the first, the client to the second.
 */
const PAGE_ROUTES = [
  '/contact',
  '/signin',
  '/signup',
  '/forget-password',
  '/reset-password/some-token',
  '/profile',
  '/admin/websites',
  '/admin/website/some-id',
  '/admin/users',
  '/admin/user/some-id',
  '/admin/messages',
]
const PAGE_POSTS = PAGE_ROUTES.flatMap((route) => [route, `${route}.data`])

/** Every API route that reads a JSON body; admin-only ones are sent signed in, so the body is read. */
const API_JSON_ROUTES: { method: string; path: string; isSignedIn?: boolean }[] = [
  { method: 'POST', path: '/api/users/signin' },
  { method: 'POST', path: '/api/users/signup' },
  { method: 'POST', path: '/api/users/forget-password' },
  { method: 'POST', path: '/api/users/reset-password' },
  { method: 'PUT', path: '/api/users/profile', isSignedIn: true },
  { method: 'PUT', path: '/api/users/00000000-0000-0000-0000-000000000000', isSignedIn: true },
  { method: 'POST', path: '/api/messages/contact' },
  { method: 'POST', path: '/api/messages/reply', isSignedIn: true },
  { method: 'POST', path: '/api/websites', isSignedIn: true },
  { method: 'PUT', path: '/api/websites/00000000-0000-0000-0000-000000000000', isSignedIn: true },
]

const expectJsonError = (answer: Answer, status: number, label: string) => {
  expect(answer.status, `${label}: ${answer.text.slice(0, 200)}`).toBe(status)
  expect(answer.type, label).toMatch(/^application\/json/)
  expect(JSON.parse(answer.text), label).toEqual({ message: expect.any(String) })
}

describe.each(Object.entries(FORM_ENCODINGS))('POST to pages, %s', (_name, encoding) => {
  it.each(PAGE_POSTS)('answers 413 to a chunked body far over the limit at %s', async (path) => {
    const answer = await sendChunked(
      'POST',
      path,
      encoding.type,
      lazyBody(encoding.head, encoding.tail),
    )
    expect(answer.status, `${path}: ${answer.text.slice(0, 200)}`).toBe(413)
    if (path.endsWith('.data')) expectJsonError(answer, 413, path)
  })
})

describe('POST /contact and /contact.data', () => {
  it.each(['/contact', '/contact.data'])(
    'answers 400 to a malformed multipart body at %s',
    async (path) => {
      const malformed = `--X\r\nContent-Disposition: form-data; name="message"\r\n\r\nhello\r\n--Y--garbage`
      const answer = await sendChunked('POST', path, 'multipart/form-data; boundary=X', [
        Buffer.from(malformed),
      ])
      expectJsonError(answer, 400, path)
    },
  )

  it.each(['/contact', '/contact.data'])(
    'answers 400 to a body that is not a form at %s',
    async (path) => {
      for (const [type, text] of [
        ['text/plain', 'message=hello'],
        ['application/json', '{"message":"hello"}'],
        ['multipart/form-data', 'no boundary'],
      ] as const) {
        const answer = await sendChunked('POST', path, type, [Buffer.from(text)])
        expectJsonError(answer, 400, `${path} ${type}`)
      }
    },
  )

  it('accepts the longest contact form, every character percent-encoded at its widest', async () => {
    // Three UTF-8 bytes per character, each byte sent as %XX: the widest a browser makes this form.
    const widest = (length: number) => encodeURIComponent('€'.repeat(length))
    const domain = ['b'.repeat(63), 'c'.repeat(63), 'd'.repeat(56), 'test'].join('.')
    const email = `${'a'.repeat(TEXT_LIMITS.email - domain.length - 1)}@${domain}`
    const form = [
      `fullName=${widest(TEXT_LIMITS.name)}`,
      `email=${encodeURIComponent(email)}`,
      `subject=${widest(TEXT_LIMITS.subject)}`,
      `message=${widest(TEXT_LIMITS.message)}`,
    ].join('&')
    expect(Buffer.byteLength(form)).toBeLessThan(PAGE_FORM_MAX_BYTES)
    const answer = await sendChunked('POST', '/contact.data', 'application/x-www-form-urlencoded', [
      Buffer.from(form),
    ])
    expect(answer.status, answer.text.slice(0, 300)).toBe(200)
    expect(answer.text).not.toContain('fieldErrors')
  })
})

describe('API bodies', () => {
  it.each(API_JSON_ROUTES)(
    'answers 413 to a chunked JSON body far over the limit at $method $path',
    async ({ method, path, isSignedIn }) => {
      const answer = await sendChunked(
        method,
        path,
        'application/json',
        lazyBody('{"email":"', '"}'),
        isSignedIn ? adminHeaders : {},
      )
      expectJsonError(answer, 413, `${method} ${path}`)
    },
  )

  it('answers 413 to a chunked upload whose image is far over the limit', async () => {
    const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`
    const answer = await sendChunked(
      'POST',
      '/api/upload',
      `multipart/form-data; boundary=${BOUNDARY}`,
      lazyBody(head, `\r\n--${BOUNDARY}--\r\n`),
      adminHeaders,
    )
    expectJsonError(answer, 413, 'POST /api/upload')
  })

  it('answers 400 to a chunked upload whose only part is a huge text field', async () => {
    const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"\r\n\r\n`
    const answer = await sendChunked(
      'POST',
      '/api/upload',
      `multipart/form-data; boundary=${BOUNDARY}`,
      lazyBody(head, `\r\n--${BOUNDARY}--\r\n`),
      adminHeaders,
    )
    expectJsonError(answer, 400, 'POST /api/upload')
  })

  it('answers 400 to a malformed multipart upload', async () => {
    const malformed = `--X\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nGIF89a\r\n--Y--garbage`
    const answer = await sendChunked(
      'POST',
      '/api/upload',
      'multipart/form-data; boundary=X',
      [Buffer.from(malformed)],
      adminHeaders,
    )
    expectJsonError(answer, 400, 'POST /api/upload')
  })

  it('answers 413 to a chunked body far over the limit at an unknown API path', async () => {
    const answer = await sendChunked(
      'POST',
      '/api/zz-unknown',
      'application/json',
      lazyBody('{"email":"', '"}'),
    )
    expectJsonError(answer, 413, 'POST /api/zz-unknown')
  })
})

describe('after every oversized and malformed body', () => {
  it('is still up and healthy', async () => {
    expect(server.isRunning(), server.output().slice(-2000)).toBe(true)
    const health = await call(server.url, 'GET', '/api/health')
    expect(health.status).toBe(200)
    const fatal = server.logLines().filter((line) => (line.level ?? 0) >= 50)
    expect(fatal, JSON.stringify(fatal).slice(0, 2000)).toEqual([])
  })
})
