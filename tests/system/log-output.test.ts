/**
 * The log a person reads and the log a collector reads: one readable line per event with
 * LOG_FORMAT=pretty (what a terminal gets by default), JSON lines otherwise; health probes and the
 * build's files write no line at info in either.
 */
import { afterAll, describe, expect, it, vi } from 'vitest'
import { freshDataDir } from '#tests/helpers/data-dir.ts'
import { startServer, stopAllServers } from '#tests/helpers/server-process.ts'

afterAll(() => stopAllServers())

async function startAndVisit(env: Record<string, string>) {
  const server = await startServer({ env: { ...env, DATA_DIR: await freshDataDir() } })
  for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
  // The sign-in page ships React (a public page ships no script file).
  const page = await fetch(`${server.url}/signin`)
  expect(page.status).toBe(200)
  const asset = /\/assets\/[\w.-]+\.js/.exec(await page.text())?.[0]
  expect(asset).toBeTruthy()
  expect((await fetch(`${server.url}${asset}`)).status).toBe(200)
  // The page's own request is logged after the probes and the asset it follows: once its line is
  // there, theirs would be too.
  const beacon = await fetch(`${server.url}/about`)
  expect(beacon.status).toBe(200)
  await vi.waitFor(() => expect(server.output()).toContain('/about'), {
    timeout: 30_000,
    interval: 50,
  })
  return { server, asset: asset! }
}

describe('the log', () => {
  it('prints one readable line per event with LOG_FORMAT=pretty, and nothing for probes and assets', async () => {
    const { server, asset } = await startAndVisit({ LOG_FORMAT: 'pretty' })
    const lines = server.output().split('\n').filter(Boolean)
    expect(lines.filter((line) => line.startsWith('{'))).toEqual([])
    expect(lines.some((line) => /INFO.*request completed GET \/signin 200/.test(line))).toBe(true)
    expect(lines.some((line) => /INFO.*Server listening at/.test(line))).toBe(true)
    expect(lines.filter((line) => line.includes('/api/health'))).toEqual([])
    expect(lines.filter((line) => line.includes(asset))).toEqual([])
  }, 240_000)

  it('writes JSON lines into a pipe, and nothing for probes and assets', async () => {
    const { server, asset } = await startAndVisit({})
    const urls = server.logLines().map((line) => (line as { req?: { url?: string } }).req?.url)
    expect(urls).toContain('/signin')
    expect(urls).not.toContain('/api/health')
    expect(urls).not.toContain(asset)
  }, 240_000)
})
