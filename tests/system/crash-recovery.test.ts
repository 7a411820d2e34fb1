/**
 * kill -9 of the server in the middle of a burst of contact posts on the embedded database: after a
 * restart on the same DATA_DIR the database opens cleanly and every message answered 201 is there.
 */
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MessageSchema } from '#common/schemas/messages.ts'
import { freshDataDir } from '#tests/helpers/data-dir.ts'
import { allMessageIds, call, signInOverHttp } from '#tests/helpers/http-calls.ts'
import { startServer, stopAllServers } from '#tests/helpers/server-process.ts'

const ADMIN = { email: 'owner@crash.test', password: 'Crash!Owner1' }
const CLIENTS = 30
const KILL_AFTER_ACCEPTED = 150

let dataDir: string

beforeAll(async () => {
  dataDir = await freshDataDir('site-crash-')
})

afterAll(async () => {
  await stopAllServers()
  await rm(dataDir, { recursive: true, force: true })
})

const env = () => ({
  DATA_DIR: dataDir,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  RATE_LIMIT_SCALE: '0',
  LOG_LEVEL: 'warn',
})

describe('kill -9 during a burst of contact posts', () => {
  it('restarts cleanly with every message that was answered 201', async () => {
    const server = await startServer({ env: env() })
    const accepted: string[] = []
    let failed = 0
    let sent = 0
    let killed = false
    let killedAt = 0

    const client = async (clientIndex: number) => {
      for (let i = 0; !killed; i++) {
        sent += 1
        try {
          const res = await call(server.url, 'POST', '/api/messages/contact', {
            body: {
              fullName: `Client ${clientIndex}`,
              email: `client${clientIndex}@crash.test`,
              subject: `Burst ${clientIndex}-${i}`,
              message: 'Sent while the server gets killed',
            },
            timeoutMs: 10_000,
          })
          if (res.status === 201) accepted.push(MessageSchema.parse(res.json)._id)
          else failed += 1
        } catch {
          failed += 1
        }
        if (!killed && accepted.length >= KILL_AFTER_ACCEPTED) {
          killed = true
          killedAt = sent
          server.child.kill('SIGKILL')
        }
      }
    }
    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)))
    const exit = await server.exited
    expect(exit.signal).toBe('SIGKILL')

    const restarted = await startServer({ env: env() })
    const health = await call(restarted.url, 'GET', '/api/health')
    expect(health.status).toBe(200)
    const { headers } = await signInOverHttp(restarted.url, ADMIN)
    const stored = await allMessageIds(restarted.url, headers)

    const lost = accepted.filter((id) => !stored.has(id))
    expect(lost).toEqual([])
    expect(new Set(accepted).size).toBe(accepted.length)

    // The reopened database takes writes again.
    const after = await call(restarted.url, 'POST', '/api/messages/contact', {
      body: {
        fullName: 'After',
        email: 'after@crash.test',
        subject: 'After the crash',
        message: 'Still works',
      },
    })
    expect(after.status).toBe(201)
    expect(restarted.logLines().filter((l) => (l.level ?? 0) >= 50)).toEqual([])

    console.log(
      `[crash-recovery] posts sent: ${sent} from ${CLIENTS} clients, kill -9 after ${killedAt}; answered 201: ${accepted.length}; ` +
        `cut off by the kill: ${failed}; found after restart: ${accepted.length - lost.length} of ${accepted.length} ` +
        `(${stored.size} stored in all); messages lost: ${lost.length}`,
    )
  }, 180_000)
})
