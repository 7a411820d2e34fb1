/**
 * What a real server process logs: a password-reset token never appears, in a reset page's URL or
 * a `token=` query, and TRUST_PROXY=true, which lets clients choose their address, is warned about.
 */
import { randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshDataDir } from '#tests/helpers/data-dir.ts'
import { call } from '#tests/helpers/http-calls.ts'
import { startServer, stopAllServers, type ServerProcess } from '#tests/helpers/server-process.ts'

/** Shaped like a real reset token (32 random bytes, base64url). */
const newToken = () => randomBytes(32).toString('base64url')

let dataDir: string
let server: ServerProcess

beforeAll(async () => {
  dataDir = await freshDataDir('site-logs-')
  server = await startServer({
    env: { DATA_DIR: dataDir, LOG_LEVEL: 'info', TRUST_PROXY: 'true', RATE_LIMIT_SCALE: '0' },
  })
}, 300_000)

afterAll(async () => {
  await stopAllServers()
  await rm(dataDir, { recursive: true, force: true })
})

describe('the server log', () => {
  it('leaves reset tokens out of every logged URL', async () => {
    const tokens = [newToken(), newToken(), newToken(), newToken()]
    const visits = [
      `/reset-password/${tokens[0]}`,
      `/reset-password/${tokens[1]}?from=mail`,
      `/reset-password/${tokens[2]}.data`,
      `/api/users/reset-password?token=${tokens[3]}&x=1`,
    ]
    for (const url of visits) {
      const res = await call(server.url, 'GET', url)
      expect(res.status, url).toBeLessThan(500)
    }
    // Stopping flushes the log, and the request lines are there to be checked.
    await server.stop()
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
      '/reset-password/[redacted]?from=mail',
      '/reset-password/[redacted]',
      '/api/users/reset-password?token=[redacted]&x=1',
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
