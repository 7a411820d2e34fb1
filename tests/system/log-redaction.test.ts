/**
 * What a real server process logs at the default level (docs/privacy.md): no visitor's address and
 * no query string in any line, a password-reset token never appears, in a reset page's URL or a
 * `token=` query, and TRUST_PROXY=true, which lets clients choose their address, is warned about.
 */
import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { freshDataDir } from '#tests/helpers/data-dir.ts'
import { call } from '#tests/helpers/http-calls.ts'
import { startServer, stopAllServers, type ServerProcess } from '#tests/helpers/server-process.ts'

/** Shaped like a real reset token (32 random bytes, base64url). */
const newToken = () => randomBytes(32).toString('base64url')

const VISITOR = '203.0.113.77'
const SECOND_VISITOR = '2001:db8::7:77'
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0'
const tokens = [newToken(), newToken(), newToken(), newToken()]

let dataDir: string
let server: ServerProcess

/** Every logged request's `req` fields. */
const loggedRequests = () =>
  server
    .logLines()
    .map((line) => line.req as Record<string, unknown> | undefined)
    .filter((req) => req !== undefined)

beforeAll(async () => {
  dataDir = await freshDataDir('site-logs-')
  // The level an operator gets without setting LOG_LEVEL.
  const level = loadConfig({ DATA_DIR: dataDir }).logLevel
  server = await startServer({
    env: { DATA_DIR: dataDir, LOG_LEVEL: level, TRUST_PROXY: 'true', RATE_LIMIT_SCALE: '0' },
  })
  const asks: [method: 'GET' | 'POST', url: string, address: string][] = [
    ['GET', '/?utm_source=secret-source&utm_campaign=secret-campaign', VISITOR],
    ['GET', '/portfolio?page=2&q=secret-search', SECOND_VISITOR],
    ['GET', '/api/websites/search?page=1&tag=secret-tag', VISITOR],
    ['GET', '/no-such-page?secret-missing=1', SECOND_VISITOR],
    ['POST', '/api/users/signin?secret-signin=1', VISITOR],
    ['GET', `/reset-password/${tokens[0]}`, VISITOR],
    ['GET', `/reset-password/${tokens[1]}?from=mail`, VISITOR],
    ['GET', `/reset-password/${tokens[2]}.data`, VISITOR],
    ['GET', `/api/users/reset-password?token=${tokens[3]}&x=1`, VISITOR],
  ]
  for (const [method, url, address] of asks) {
    const res = await call(server.url, method, url, {
      headers: { 'x-forwarded-for': address, accept: 'text/html', 'user-agent': BROWSER },
      body: method === 'POST' ? { email: 'nobody@example.com', password: 'x' } : undefined,
    })
    expect(res.status, url).toBeLessThan(500)
  }
  // Stopping flushes the log, and the request lines are there to be checked.
  await server.stop()
}, 300_000)

afterAll(async () => {
  await stopAllServers()
  await rm(dataDir, { recursive: true, force: true })
})

describe('the server log', () => {
  it('holds no visitor address and no query string, only the method, path and host', () => {
    const output = server.output()
    expect(output).not.toContain(VISITOR)
    expect(output).not.toContain(SECOND_VISITOR)
    expect(output).not.toContain('secret-')
    expect(output).not.toContain('utm_')
    expect(output).not.toContain('remoteAddress')
    const requests = loggedRequests()
    expect(requests.map((req) => req.url)).toEqual(
      expect.arrayContaining(['/', '/portfolio', '/api/websites/search', '/no-such-page']),
    )
    for (const req of requests) expect(Object.keys(req).sort()).toEqual(['host', 'method', 'url'])
  })

  it('leaves reset tokens out of every logged URL', () => {
    const output = server.output()
    for (const token of tokens) expect(output).not.toContain(token)
    // One line per request names its URL as it completes (the incoming line does too).
    const urls = server
      .logLines()
      .filter((line) => line.msg === 'request completed')
      .map((line) => (line.req as { url?: string } | undefined)?.url)
      .filter((url): url is string => url !== undefined && /reset-password/.test(url))
    expect(urls).toEqual([
      '/reset-password/[redacted]',
      '/reset-password/[redacted]',
      '/reset-password/[redacted]',
      '/api/users/reset-password',
    ])
  })

  it('warns at start that TRUST_PROXY=true lets a client choose its address', () => {
    const warnings = server
      .logLines()
      .filter((line) => line.level === 40 && /TRUST_PROXY/.test(line.msg ?? ''))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]!.msg).toMatch(/proxy's addresses/)
  })
})
