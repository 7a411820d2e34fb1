/**
 * kill -9 of the server while 20 mails wait behind a slow SMTP server: after a restart on the same
 * DATA_DIR every mail arrives, and at most 5 arrive twice (those the server had taken when the
 * process died, before their `sent` was written).
 */
import { rm } from 'node:fs/promises'
import { vi, afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OutboxPageSchema } from '#common/schemas/outbox.ts'
import { freshDataDir } from '#tests/helpers/data-dir.ts'
import { call, signInOverHttp } from '#tests/helpers/http-calls.ts'
import { startServer, stopAllServers } from '#tests/helpers/server-process.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'

const ADMIN = { email: 'owner@outbox-crash.test', password: 'Outbox!Crash1' }
const MAILS = 20
const MOST_DOUBLES = 5
const recipient = (i: number) => `client-${i}@outbox-crash.test`

let dataDir: string
let smtp: TestSmtpServer

beforeAll(async () => {
  dataDir = await freshDataDir('site-outbox-crash-')
  smtp = await startSmtpServer()
})

afterAll(async () => {
  await stopAllServers()
  await smtp?.close()
  await rm(dataDir, { recursive: true, force: true })
})

const env = () => ({
  DATA_DIR: dataDir,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  SMTP_URL: smtp.url,
  MAIL_RETRY_INTERVAL_MS: '500',
  RATE_LIMIT_SCALE: '0',
  LOG_LEVEL: 'warn',
})

describe('kill -9 with mail waiting behind a slow SMTP server', () => {
  it('delivers every mail after the restart, at most 5 of them twice', async () => {
    smtp.setDelay(700)
    const server = await startServer({ env: env() })
    const admin = await signInOverHttp(server.url, ADMIN)
    // Twenty testimonial requests: each is a mail to its own address. Their answers wait for the
    // slow server, so they are not awaited: the outbox shows when all twenty are queued.
    for (let i = 0; i < MAILS; i += 1)
      void call(server.url, 'POST', '/api/testimonials/requests', {
        body: { name: `Client ${i}`, email: recipient(i) },
        headers: admin.headers,
        timeoutMs: 60_000,
      }).catch(() => {})
    await vi.waitFor(
      async () => {
        const res = await call(server.url, 'GET', '/api/outbox', { headers: admin.headers })
        expect(OutboxPageSchema.parse(res.json).total).toBe(MAILS)
      },
      { timeout: 30_000, interval: 100 },
    )
    await vi.waitFor(() => expect(smtp.mails.length).toBeGreaterThanOrEqual(2), {
      timeout: 30_000,
      interval: 20,
    })
    server.child.kill('SIGKILL')
    await server.exited
    const beforeRestart = smtp.mails.length
    expect(beforeRestart).toBeLessThan(MAILS)

    smtp.setDelay(0)
    const restarted = await startServer({ env: env() })
    await vi.waitFor(
      () => {
        for (let i = 0; i < MAILS; i += 1)
          expect(smtp.mailsTo(recipient(i)).length).toBeGreaterThan(0)
      },
      { timeout: 60_000, interval: 200 },
    )
    const doubles = smtp.mails.length - MAILS
    expect(doubles).toBeGreaterThanOrEqual(0)
    expect(doubles).toBeLessThanOrEqual(MOST_DOUBLES)
    const signedIn = await signInOverHttp(restarted.url, ADMIN)
    await vi.waitFor(async () => {
      const res = await call(restarted.url, 'GET', '/api/outbox?status=sent', {
        headers: signedIn.headers,
      })
      expect(OutboxPageSchema.parse(res.json).total).toBe(MAILS)
    }, 30_000)
    console.info(`outbox crash: ${beforeRestart} delivered before the kill, ${doubles} twice`)
  })
})
