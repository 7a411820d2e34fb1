/**
 * The mail server goes away: contact messages are still stored and answered 201, a reply answers
 * 502 (and records nothing), and every pending notification is delivered exactly once when the
 * mail server is back on the same port.
 */
import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { MessageSchema } from '#common/schemas/messages.ts'
import { freshDataDir } from '#tests/helpers/data-dir.ts'
import { allMessageIds, call, signInOverHttp } from '#tests/helpers/http-calls.ts'
import { startServer, stopAllServers, type ServerProcess } from '#tests/helpers/server-process.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { ASYNC_WORK } from '#tests/helpers/wait.ts'

const ADMIN = { email: 'admin@mail-outage.test', password: 'Mail!Outage1' }
const OWNER = 'owner@mail-outage.test'
const MESSAGES_DURING_OUTAGE = 12

let smtp: TestSmtpServer
let server: ServerProcess
let dataDir: string
let admin: Record<string, string>

beforeAll(async () => {
  smtp = await startSmtpServer()
  dataDir = await freshDataDir('site-smtp-')
  server = await startServer({
    env: {
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      OWNER_EMAIL: OWNER,
      MAIL_RETRY_INTERVAL_MS: '200',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_SCALE: '0',
      LOG_LEVEL: 'warn',
    },
  })
  admin = (await signInOverHttp(server.url, ADMIN)).headers
}, 240_000)

afterAll(async () => {
  await stopAllServers()
  await smtp?.close()
  await rm(dataDir, { recursive: true, force: true })
})

describe('SMTP server down', () => {
  it('stores contact messages, refuses replies with 502, and delivers every notification once when SMTP returns', async () => {
    const run = randomUUID().slice(0, 8)
    // Mail works at first.
    const first = await call(server.url, 'POST', '/api/messages/contact', {
      body: {
        fullName: 'Early',
        email: 'early@visitor.test',
        subject: `Before ${run}`,
        message: 'Mail works',
      },
    })
    expect(first.status).toBe(201)
    await smtp.waitForMailTo(OWNER)

    const port = smtp.port
    await smtp.close()

    const subjects = Array.from({ length: MESSAGES_DURING_OUTAGE }, (_, i) => `Outage ${run} #${i}`)
    const posted = await Promise.all(
      subjects.map((subject, i) =>
        call(server.url, 'POST', '/api/messages/contact', {
          body: {
            fullName: `Visitor ${i}`,
            email: `visitor${i}@visitor.test`,
            subject,
            message: 'Is anyone there?',
          },
        }),
      ),
    )
    for (const res of posted) expect(res.status, res.text).toBe(201)
    const ids = posted.map((res) => MessageSchema.parse(res.json)._id)
    const stored = await allMessageIds(server.url, admin)
    expect(ids.filter((id) => !stored.has(id))).toEqual([])

    const replyToFirst = () =>
      call(server.url, 'POST', '/api/messages/reply', {
        headers: admin,
        body: {
          email: 'visitor0@visitor.test',
          subject: `Re: ${subjects[0]}`,
          replyContent: 'We are on it',
          messageId: ids[0],
        },
      })
    const reply = await replyToFirst()
    expect(reply.status).toBe(502)
    expect(reply.json).toEqual({ message: 'Failed to send reply' })
    const list = await call(server.url, 'GET', '/api/messages/admin', { headers: admin })
    const firstMessage = (
      list.json as { messages: { _id: string; replyContent: string | null }[] }
    ).messages.find((m) => m._id === ids[0])
    expect(firstMessage?.replyContent).toBeNull()

    // Every notification has been tried and waits in the outbox for a retry, then the mail server
    // comes back where the app expects it.
    const waitingNotifications = async () => {
      const mails: { kind: string; to: string; subject: string; attempts: number }[] = []
      for (let page = 1, pages = 1; page <= pages; page++) {
        const res = await call(server.url, 'GET', `/api/outbox?status=queued&page=${page}`, {
          headers: admin,
        })
        const body = res.json as { mails: typeof mails; pages: number }
        mails.push(...body.mails)
        pages = body.pages
      }
      return mails.filter(
        (m) => m.kind === 'contact-notification' && m.subject.includes(`Outage ${run}`),
      )
    }
    await vi.waitFor(async () => {
      const waiting = await waitingNotifications()
      expect(waiting).toHaveLength(MESSAGES_DURING_OUTAGE)
      expect(waiting.every((m) => m.to === OWNER && m.attempts >= 1)).toBe(true)
    }, ASYNC_WORK)
    expect(server.isRunning()).toBe(true)
    const restartedAt = Date.now()
    smtp = await startSmtpServer({ port })

    const delivered = () => smtp.mailsTo(OWNER).filter((m) => m.subject.includes(`Outage ${run}`))
    await vi.waitFor(
      () => expect(delivered().length).toBeGreaterThanOrEqual(MESSAGES_DURING_OUTAGE),
      ASYNC_WORK,
    )
    const deliveredMs = Date.now() - restartedAt
    // A little longer: a duplicate would show up now (a wait that can only let a bug through).
    await new Promise((r) => setTimeout(r, 1_000))
    const mails = delivered()
    expect(mails.map((m) => m.subject).sort()).toEqual(
      subjects.map((s) => `New contact message: ${s}`).sort(),
    )

    const retried = await replyToFirst()
    expect(retried.status).toBe(200)
    expect(smtp.lastMailTo('visitor0@visitor.test').subject).toBe(`Re: ${subjects[0]}`)

    console.log(
      `[smtp-outage] contact posts during the outage: ${MESSAGES_DURING_OUTAGE}, answered 201: ${MESSAGES_DURING_OUTAGE}, ` +
        `stored: ${MESSAGES_DURING_OUTAGE}; reply during the outage: 502; notifications delivered after SMTP returned: ` +
        `${mails.length} (each once) within ${deliveredMs} ms; messages lost: 0`,
    )
  }, 60_000)
})
