/** The inbox as a pipeline: stages, their counts and filter, the moves a reply makes, private notes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  MessageSchema,
  MessagesPageSchema,
  NoteResponseSchema,
  type MessageStage,
} from '#common/schemas/messages.ts'
import { asAdmin, asUser, expectError } from '#tests/helpers/auth.ts'
import { makeMessage } from '#tests/helpers/factories.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const OWNER = 'owner@pipeline.test'
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000001'

let app: TestApp
let smtp: TestSmtpServer
let admin: Record<string, string>
let user: Record<string, string>

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await createTestApp({
    env: { SMTP_URL: smtp.url, OWNER_EMAIL: OWNER, RATE_LIMIT_SCALE: '0' },
  })
  admin = (await asAdmin(app)).headers
  user = (await asUser(app)).headers
})
afterAll(async () => {
  await app.cleanup()
  await smtp.close()
})

const setStage = (id: string, stage: unknown, headers = admin) =>
  app.inject({ method: 'PUT', url: `/api/messages/${id}`, headers, payload: { stage } })

const addNote = (id: string, text: unknown, headers = admin) =>
  app.inject({ method: 'POST', url: `/api/messages/${id}/notes`, headers, payload: { text } })

async function inbox(query = '') {
  const res = await app.inject({
    method: 'GET',
    url: `/api/messages/admin?${query}`,
    headers: admin,
  })
  expect(res.statusCode).toBe(200)
  return MessagesPageSchema.parse(res.json())
}

describe('PUT /api/messages/:id {stage}', () => {
  it('moves a message along the pipeline and answers it', async () => {
    const message = await makeMessage(app)
    for (const stage of ['call', 'proposal', 'won', 'lost', 'new'] as const) {
      const res = await setStage(message.id, stage)
      expect(res.statusCode).toBe(200)
      expect(MessageSchema.parse(res.json())).toMatchObject({ _id: message.id, stage })
    }
  })

  it('starts a contact message at "new" with no notes', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/messages/contact',
      payload: {
        fullName: 'Nora Jones',
        email: 'nora@pipeline.test',
        subject: 'A site for my studio',
        message: 'Hello',
      },
    })
    expect(MessageSchema.parse(res.json())).toMatchObject({ stage: 'new', notes: [] })
  })

  it('answers 400 naming the stage for one that does not exist', async () => {
    const message = await makeMessage(app)
    expectError(await setStage(message.id, 'maybe'), 400, /^stage: Stage must be one of new/)
  })

  it('answers 401 to a visitor, 403 to a user and 404 for an unknown message', async () => {
    const message = await makeMessage(app)
    expectError(await setStage(message.id, 'won', {}), 401)
    expectError(await setStage(message.id, 'won', user), 403)
    expectError(await setStage(UNKNOWN_ID, 'won'), 404, 'Message not found')
  })
})

describe('POST /api/messages/reply (stage)', () => {
  const reply = (id: string, email: string) =>
    app.inject({
      method: 'POST',
      url: '/api/messages/reply',
      headers: admin,
      payload: { email, subject: 'Hello', replyContent: 'Thanks!', messageId: id },
    })

  it('moves a new message to "replied" and leaves a later stage where it is', async () => {
    const fresh = await makeMessage(app)
    expect((await reply(fresh.id, fresh.email)).statusCode).toBe(200)
    expect((await inbox(`stage=replied&q=${fresh.email}`)).messages.map((m) => m._id)).toEqual([
      fresh.id,
    ])

    const proposal = await makeMessage(app, { stage: 'proposal' })
    expect((await reply(proposal.id, proposal.email)).statusCode).toBe(200)
    const [shown] = (await inbox(`q=${proposal.email}`)).messages
    expect(shown).toMatchObject({ stage: 'proposal', replies: [expect.any(Object)] })
  })
})

describe('GET /api/messages/admin?stage=', () => {
  it('lists the messages at one stage and counts every stage, spam left out', async () => {
    const tag = `stage-${Math.random().toString(36).slice(2, 8)}`
    const before = (await inbox()).stageCounts
    const won = await makeMessage(app, { stage: 'won', subject: `${tag} won` })
    await makeMessage(app, { stage: 'call', subject: `${tag} call` })
    await makeMessage(app, { stage: 'won', spam: true, subject: `${tag} spam` })

    const page = await inbox(`stage=won&q=${tag}`)
    expect(page.messages.map((m) => m._id)).toEqual([won.id])
    expect(page.totalMessages).toBe(1)

    const counts = (await inbox()).stageCounts
    const stages: MessageStage[] = ['new', 'replied', 'call', 'proposal', 'won', 'lost']
    expect(Object.keys(counts).sort()).toEqual([...stages].sort())
    expect(counts.won).toBe(before.won + 1)
    expect(counts.call).toBe(before.call + 1)
    expect(counts.lost).toBe(before.lost)
  })

  it('answers 400 naming the stage for an unknown one', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/messages/admin?stage=archived',
      headers: admin,
    })
    expectError(res, 400, /^stage: /)
  })
})

describe('POST /api/messages/:id/notes', () => {
  it('answers 201 with the note and keeps the notes in order on the message', async () => {
    const message = await makeMessage(app)
    const first = await addNote(message.id, '  Budget sounds tight; ask about phasing.  ')
    expect(first.statusCode).toBe(201)
    const { note } = NoteResponseSchema.parse(first.json())
    expect(note).toEqual({
      _id: expect.any(String),
      text: 'Budget sounds tight; ask about phasing.',
      createdAt: expect.any(String),
    })
    await addNote(message.id, 'Called: wants a shop by spring.')
    const [shown] = (await inbox(`q=${message.email}`)).messages
    expect(shown?.notes.map((n) => n.text)).toEqual([
      'Budget sounds tight; ask about phasing.',
      'Called: wants a shop by spring.',
    ])
  })

  it('is never mailed: not in a reply, and nobody gets mail for it', async () => {
    const message = await makeMessage(app)
    const secret = `private-${Math.random().toString(36).slice(2, 10)}`
    const mailsBefore = smtp.mails.length
    expect((await addNote(message.id, secret)).statusCode).toBe(201)
    expect(smtp.mails).toHaveLength(mailsBefore)
    const res = await app.inject({
      method: 'POST',
      url: '/api/messages/reply',
      headers: admin,
      payload: {
        email: message.email,
        subject: message.subject,
        replyContent: 'Thanks for your message.',
        messageId: message.id,
      },
    })
    expect(res.statusCode).toBe(200)
    const mail = smtp.lastMailTo(message.email)
    expect(mail.text).not.toContain(secret)
    expect(mail.html).not.toContain(secret)
    expect(smtp.mails.some((m) => m.text.includes(secret) || m.html.includes(secret))).toBe(false)
  })

  it('answers 400 naming the text when it is empty', async () => {
    const message = await makeMessage(app)
    expectError(await addNote(message.id, '  '), 400, /^text: Note is required$/)
    expectError(await addNote(message.id, 'x'.repeat(2001)), 400, /^text: Note must be at most/)
  })

  it('answers 401 to a visitor, 403 to a user and 404 for an unknown message', async () => {
    const message = await makeMessage(app)
    expectError(await addNote(message.id, 'Hi', {}), 401)
    expectError(await addNote(message.id, 'Hi', user), 403)
    expectError(await addNote(UNKNOWN_ID, 'Hi'), 404, 'Message not found')
  })
})
