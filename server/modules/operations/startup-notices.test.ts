import { describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { startupNotices } from './startup-notices.ts'

const TEMP_ROOTS = ['/tmp', '/var/tmp', '/run/user/1000/tmp']
const HEALTHY = {
  PUBLIC_URL: 'https://www.example.com',
  SMTP_URL: 'smtp://mail.example.com:587',
  DATA_DIR: '/var/lib/site',
}
const codes = (env: Record<string, string>) =>
  startupNotices(loadConfig({ ...HEALTHY, ...env }), TEMP_ROOTS).map((notice) => notice.code)

describe('startupNotices', () => {
  it('says nothing about a production configuration', () => {
    expect(codes({})).toEqual([])
    expect(codes({ TRUST_PROXY: 'loopback, uniquelocal' })).toEqual([])
  })

  it('warns when PUBLIC_URL is unset or points at this machine', () => {
    for (const url of ['', 'http://localhost:3000', 'http://127.0.0.1', 'http://app.localhost'])
      expect(codes({ PUBLIC_URL: url }), url).toEqual(['public-url'])
    expect(codes({ PUBLIC_URL: 'https://localhost.example.com' })).toEqual([])
  })

  it('warns when SMTP_URL is unset, and when TRUST_PROXY is true', () => {
    expect(codes({ SMTP_URL: '' })).toEqual(['smtp'])
    expect(codes({ TRUST_PROXY: 'true' })).toEqual(['trust-proxy'])
  })

  it('warns when the embedded database is in a temporary folder, not PostgreSQL', () => {
    for (const dir of ['/tmp/site', '/var/tmp', '/run/user/1000/tmp/x'])
      expect(codes({ DATA_DIR: dir }), dir).toEqual(['temporary-data-dir'])
    expect(codes({ DATA_DIR: '/tmpfiles/site' })).toEqual([])
    expect(codes({ DATA_DIR: '/tmp/site', DATABASE_URL: 'postgres://db/site' })).toEqual([])
  })

  it('leaves out PUBLIC_URL and SMTP_URL under npm run dev', () => {
    expect(
      codes({ DEV_SERVER: 'true', PUBLIC_URL: '', SMTP_URL: '', TRUST_PROXY: 'true' }),
    ).toEqual(['trust-proxy'])
  })
})
