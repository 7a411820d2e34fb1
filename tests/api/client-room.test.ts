/**
 * The client's room: the sign-in link (the same answer for a client's address and a stranger's,
 * single use, 15 minutes), the session's cookie and its end (30 days unused, sign-out, the owner's
 * "end sessions"), what the room holds (the client's own proposals, invoices, calls and
 * conversation, nothing of another client's), and a message from the room in the inbox, in the
 * thread of the client's inquiry, with the owner's reply back in the room.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { parseSetCookie } from 'cookie'
import { BookingCreatedSchema, BookingSlotsSchema } from '#common/schemas/booking.ts'
import { ClientResponseSchema, type Client } from '#common/schemas/clients.ts'
import {
  CLIENT_SESSION_COOKIE,
  CLIENT_SIGN_IN_LINK_INVALID,
  CLIENT_SIGN_IN_SENT,
} from '#common/schemas/client-room.ts'
import { InvoiceResponseSchema } from '#common/schemas/invoices.ts'
import { MessageSchema, type Message } from '#common/schemas/messages.ts'
import { ProposalResponseSchema } from '#common/schemas/proposals.ts'
import { SiteSettingsSchema, type SiteSettings } from '#common/schemas/settings.ts'
import type { ClientRow } from '#server/db/schema.ts'
import { asAdmin, asUser, expectError } from '#tests/helpers/auth.ts'
import { newClientIp } from '#tests/helpers/client-ip.ts'
import { changeSettings } from '#tests/helpers/settings.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'
import { ASYNC_WORK, found } from '#tests/helpers/wait.ts'
import { BOOKING_DEFAULTS } from '#common/site-defaults.ts'

const PUBLIC_URL = 'http://site.test'
const OWNER = 'owner@room.test'
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const SIGN_IN_LINK = /http:\/\/site\.test\/client\/signin\/([\w-]+)/
let clock = Date.parse('2026-12-01T10:00:00Z')

let app: TestApp
let smtp: TestSmtpServer
let admin: Record<string, string>

const BILLING = (current: SiteSettings): SiteSettings => ({
  ...current,
  businessName: 'Harbour Pixel Works',
  ownerName: 'Sam Lee',
  billing: {
    ...current.billing,
    legalName: 'Harbour Pixel Works GmbH',
    address: 'Hafenstraße 1\n20457 Hamburg',
    country: 'DE',
    vatId: 'DE123456789',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    paymentTermsDays: 14,
  },
})

beforeAll(async () => {
  smtp = await startSmtpServer()
  app = await createTestApp({
    env: { SMTP_URL: smtp.url, OWNER_EMAIL: OWNER, PUBLIC_URL, RATE_LIMIT_SCALE: '1' },
    now: () => new Date(clock),
  })
  admin = (await asAdmin(app)).headers
  await changeSettings(app, admin, BILLING)
})
afterAll(async () => {
  await app.cleanup()
  await smtp.close()
})

/** Moves the clock on by `ms`, with the owner signed in anew (an owner's session lasts days). */
async function later(ms: number) {
  clock += ms
  admin = (await asAdmin(app)).headers
}

let count = 0
async function makeClient(extra: object = {}): Promise<Client> {
  count += 1
  const res = await app.inject({
    method: 'POST',
    url: '/api/clients',
    headers: admin,
    payload: {
      name: `Robin Baker ${count}`,
      email: `robin${count}@crumb.test`,
      company: 'Crumb & Crust GmbH',
      address: 'Backstraße 2\n10115 Berlin',
      country: 'DE',
      ...extra,
    },
  })
  expect(res.statusCode, res.body).toBe(201)
  return ClientResponseSchema.parse(res.json()).client
}

const askForLink = (email: string, ip = newClientIp()) =>
  app.inject({ method: 'POST', url: '/api/client/sign-in', remoteAddress: ip, payload: { email } })

/** Asks for a link for `email` and returns the token of the one mailed. */
async function linkFor(email: string): Promise<string> {
  const before = smtp.mailsTo(email).length
  expect((await askForLink(email)).statusCode).toBe(202)
  const mail = await vi.waitFor(() => found(smtp.mailsTo(email)[before], 'the mail'), ASYNC_WORK)
  return found(SIGN_IN_LINK.exec(mail.text)?.[1], 'the link')
}

/** Signs `client` in through a mailed link: the Cookie header their browser then sends. */
async function signedIn(client: Client): Promise<string> {
  const { cookie } = await app.services.clientRoom.signIn(await linkFor(client.email))
  const { name, value } = parseSetCookie(cookie)
  return `${name}=${value}`
}

const roomOf = async (cookie: string) => {
  const session = await app.services.clientRoom.sessionOf(cookie)
  return session && { session, room: await app.services.clientRoom.room(session.client) }
}

const rowOf = (client: Client): ClientRow => ({
  id: client._id,
  name: client.name,
  email: client.email,
  company: client.company,
  address: client.address,
  country: client.country,
  vatId: client.vatId,
  peppolId: client.peppolId,
  messageId: client.messageId,
  createdAt: new Date(client.createdAt),
  updatedAt: new Date(client.updatedAt),
})

describe('POST /api/client/sign-in', () => {
  it("mails a client a single-use link, and answers a stranger's address the same way", async () => {
    const client = await makeClient()
    const known = await askForLink(client.email.toUpperCase())
    const unknown = await askForLink('nobody@crumb.test')
    expect(known.statusCode).toBe(202)
    expect(unknown.statusCode).toBe(202)
    expect(known.json()).toEqual({ message: CLIENT_SIGN_IN_SENT })
    expect(unknown.json()).toEqual(known.json())
    const mail = await smtp.waitForMailTo(client.email)
    expect(mail.subject).toBe('Your sign-in link for Harbour Pixel Works')
    expect(mail.text).toMatch(SIGN_IN_LINK)
    expect(mail.html).toMatch(SIGN_IN_LINK)
    expect(mail.parsed.from?.value[0]?.name).toBe('Sam Lee')
    await app.services.clientRoom.drainBackground()
    expect(smtp.mailsTo('nobody@crumb.test')).toHaveLength(0)
  })

  it('answers 400 for an address that is not one', async () => {
    expectError(await askForLink('not an address'), 400, /Email/)
  })

  it('refuses the 11th request from one address in 10 minutes with 429', async () => {
    const ip = newClientIp()
    for (let i = 0; i < 10; i++)
      expect((await askForLink(`stranger${i}@crumb.test`, ip)).statusCode).toBe(202)
    const refused = await askForLink('stranger@crumb.test', ip)
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
  })

  it('mails one client at most 3 links an hour, whoever asks', async () => {
    const client = await makeClient()
    for (let i = 0; i < 5; i++) expect((await askForLink(client.email)).statusCode).toBe(202)
    await app.services.clientRoom.drainBackground()
    await app.services.mail.drain()
    expect(smtp.mailsTo(client.email)).toHaveLength(3)
  })
})

describe('the sign-in link', () => {
  it('opens a session kept by an HttpOnly, SameSite=Lax cookie for 30 days, once', async () => {
    const client = await makeClient()
    const token = await linkFor(client.email)
    const { cookie } = await app.services.clientRoom.signIn(token)
    const set = parseSetCookie(cookie)
    expect(set).toMatchObject({
      name: CLIENT_SESSION_COOKIE,
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: 30 * 24 * 60 * 60,
    })
    // PUBLIC_URL is http here: a Secure cookie would never come back.
    expect(set.secure).toBeFalsy()
    const opened = await roomOf(`${set.name}=${set.value}`)
    expect(opened?.session.client.id).toBe(client._id)
    await expect(app.services.clientRoom.signIn(token)).rejects.toMatchObject({
      statusCode: 410,
      message: CLIENT_SIGN_IN_LINK_INVALID,
    })
  })

  it('no longer works after 15 minutes, and a made-up token opens nothing', async () => {
    const client = await makeClient()
    const token = await linkFor(client.email)
    await later(15 * MINUTE + 1000)
    await expect(app.services.clientRoom.signIn(token)).rejects.toMatchObject({ statusCode: 410 })
    await expect(app.services.clientRoom.signIn('x'.repeat(43))).rejects.toMatchObject({
      statusCode: 410,
    })
    await expect(app.services.clientRoom.signIn("'; drop table clients; --")).rejects.toMatchObject(
      { statusCode: 410 },
    )
  })

  it('is Secure on an https site', async () => {
    const secure = await createTestApp({
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://studio.test' },
      now: () => new Date(clock),
    })
    try {
      const owner = (await asAdmin(secure)).headers
      const res = await secure.inject({
        method: 'POST',
        url: '/api/clients',
        headers: owner,
        payload: { name: 'Ada Secure', email: 'ada@secure.test' },
      })
      expect(res.statusCode, res.body).toBe(201)
      expect(
        (
          await secure.inject({
            method: 'POST',
            url: '/api/client/sign-in',
            payload: { email: 'ada@secure.test' },
          })
        ).statusCode,
      ).toBe(202)
      const mail = await smtp.waitForMailTo('ada@secure.test')
      const token = found(
        /https:\/\/studio\.test\/client\/signin\/([\w-]+)/.exec(mail.text)?.[1],
        'link',
      )
      const { cookie } = await secure.services.clientRoom.signIn(token)
      expect(parseSetCookie(cookie).secure).toBe(true)
    } finally {
      await secure.cleanup()
    }
  })
})

describe('a room session', () => {
  it('ends after 30 days unused, and lasts while it is used', async () => {
    const client = await makeClient()
    const cookie = await signedIn(client)
    await later(20 * DAY)
    const used = await app.services.clientRoom.sessionOf(cookie)
    expect(used?.client.id).toBe(client._id)
    // Used after an hour or more: the cookie's 30 days start again.
    expect(used?.renewal).toBeDefined()
    await later(25 * DAY)
    expect((await app.services.clientRoom.sessionOf(cookie))?.client.id).toBe(client._id)
    await later(30 * DAY + MINUTE)
    expect(await app.services.clientRoom.sessionOf(cookie)).toBeUndefined()
  })

  it('ends on sign-out, and the cookie is cleared', async () => {
    const client = await makeClient()
    const cookie = await signedIn(client)
    const { cookie: cleared } = await app.services.clientRoom.signOut(cookie)
    expect(parseSetCookie(cleared)).toMatchObject({
      name: CLIENT_SESSION_COOKIE,
      value: '',
      maxAge: 0,
    })
    expect(await app.services.clientRoom.sessionOf(cookie)).toBeUndefined()
  })

  it('opens nothing with a cookie that is not one', async () => {
    expect(await app.services.clientRoom.sessionOf(undefined)).toBeUndefined()
    expect(await app.services.clientRoom.sessionOf(`${CLIENT_SESSION_COOKIE}=nope`)).toBeUndefined()
    expect(
      await app.services.clientRoom.sessionOf(`${CLIENT_SESSION_COOKIE}=${'a'.repeat(43)}`),
    ).toBeUndefined()
  })
})

describe('DELETE /api/clients/{id}/sessions', () => {
  it("ends every one of the client's sessions and no other client's", async () => {
    const client = await makeClient()
    const other = await makeClient()
    const phone = await signedIn(client)
    const laptop = await signedIn(client)
    const theirs = await signedIn(other)
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/clients/${client._id}/sessions`,
      headers: admin,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ message: '2 sessions ended', ended: 2 })
    expect(await app.services.clientRoom.sessionOf(phone)).toBeUndefined()
    expect(await app.services.clientRoom.sessionOf(laptop)).toBeUndefined()
    expect((await app.services.clientRoom.sessionOf(theirs))?.client.id).toBe(other._id)
  })

  it('is for the owner only, and answers 404 for an unknown client', async () => {
    const client = await makeClient()
    const url = `/api/clients/${client._id}/sessions`
    expectError(await app.inject({ method: 'DELETE', url }), 401)
    const user = (await asUser(app)).headers
    expectError(await app.inject({ method: 'DELETE', url, headers: user }), 403)
    expectError(
      await app.inject({
        method: 'DELETE',
        url: `/api/clients/${crypto.randomUUID()}/sessions`,
        headers: admin,
      }),
      404,
    )
  })
})

async function sentProposal(clientId: string, title: string) {
  const made = await app.inject({
    method: 'POST',
    url: '/api/proposals',
    headers: admin,
    payload: {
      clientId,
      title,
      items: [{ description: 'Build', quantity: '1', unitPrice: '1000.00', taxRate: '19' }],
      validUntil: new Date(clock + 30 * DAY).toISOString().slice(0, 10),
    },
  })
  expect(made.statusCode, made.body).toBe(201)
  const id = ProposalResponseSchema.parse(made.json()).proposal._id
  const sent = await app.inject({
    method: 'POST',
    url: `/api/proposals/${id}/send`,
    headers: admin,
  })
  expect(sent.statusCode, sent.body).toBe(200)
  return ProposalResponseSchema.parse(sent.json()).proposal
}

async function issuedInvoice(clientId: string, currency?: string) {
  const made = await app.inject({
    method: 'POST',
    url: '/api/invoices',
    headers: admin,
    payload: {
      clientId,
      items: [{ description: 'Care plan', quantity: '2', unitPrice: '49.50', taxRate: '19' }],
      ...(currency ? { currency } : {}),
    },
  })
  expect(made.statusCode, made.body).toBe(201)
  const id = InvoiceResponseSchema.parse(made.json()).invoice._id
  const issued = await app.inject({
    method: 'POST',
    url: `/api/invoices/${id}/issue`,
    headers: admin,
  })
  expect(issued.statusCode, issued.body).toBe(200)
  return InvoiceResponseSchema.parse(issued.json()).invoice
}

describe("the room's contents", () => {
  it("holds the client's sent proposals and issued invoices, never drafts or another client's", async () => {
    const client = await makeClient()
    const other = await makeClient()
    const proposal = await sentProposal(client._id, 'A bakery shop')
    await sentProposal(other._id, 'Somebody else’s shop')
    const invoice = await issuedInvoice(client._id)
    await issuedInvoice(other._id)
    const draft = await app.inject({
      method: 'POST',
      url: '/api/invoices',
      headers: admin,
      payload: {
        clientId: client._id,
        items: [{ description: 'Not yet', quantity: '1', unitPrice: '5.00', taxRate: '19' }],
      },
    })
    expect(draft.statusCode).toBe(201)

    const opened = found(await roomOf(await signedIn(client)), 'the room')
    const { proposals, invoices } = opened.room
    expect(proposals.map((p) => p._id)).toEqual([proposal._id])
    expect(proposals[0]).toMatchObject({
      status: 'sent',
      url: proposal.url,
      title: 'A bakery shop',
    })
    expect(invoices.map((i) => i._id)).toEqual([invoice._id])
    expect(invoices[0]).toMatchObject({
      number: invoice.number,
      status: 'issued',
      balance: '117.81',
      dueDate: invoice.dueDate,
      url: invoice.url,
    })
  })
})

describe("the room's left to pay", () => {
  it('sums the open balances per currency on the server, in decimal, with a credit note counted once', async () => {
    const client = await makeClient()
    // Three EUR invoices of €117.81: one credited in full, one paid in part, one open; one in GBP.
    const credited = await issuedInvoice(client._id)
    const note = await app.inject({
      method: 'POST',
      url: `/api/invoices/${credited._id}/credit`,
      headers: admin,
    })
    expect(note.statusCode, note.body).toBe(201)
    const part = await issuedInvoice(client._id)
    const paid = await app.inject({
      method: 'POST',
      url: `/api/invoices/${part._id}/payments`,
      headers: admin,
      payload: { amount: '0.02', date: '2026-12-01', method: 'bank' },
    })
    expect(paid.statusCode, paid.body).toBe(201)
    await issuedInvoice(client._id)
    await issuedInvoice(client._id, 'GBP')

    const { room } = found(await roomOf(await signedIn(client)), 'the room')
    expect(room.invoices.map((i) => i.kind).filter((kind) => kind === 'credit')).toHaveLength(1)
    // 117.79 + 117.81, exactly (as floats, 117.79 + 117.81 is 235.60000000000002).
    expect(room.toPay).toEqual([
      { currency: 'EUR', amount: '235.60', invoices: 2 },
      { currency: 'GBP', amount: '117.81', invoices: 1 },
    ])
  })

  it('is empty once everything is settled', async () => {
    const client = await makeClient()
    const invoice = await issuedInvoice(client._id)
    const credit = await app.inject({
      method: 'POST',
      url: `/api/invoices/${invoice._id}/credit`,
      headers: admin,
    })
    expect(credit.statusCode, credit.body).toBe(201)
    const { room } = found(await roomOf(await signedIn(client)), 'the room')
    expect(room.invoices).toHaveLength(2)
    expect(room.toPay).toEqual([])
  })
})

describe('a message from the room', () => {
  it("lands in the inbox in the thread of the client's inquiry, and the owner's reply shows in the room", async () => {
    const email = `lead${++count}@crumb.test`
    const inquiry = await app.inject({
      method: 'POST',
      url: '/api/messages/contact',
      payload: { fullName: 'Robin Lead', email, subject: 'A new shop', message: 'We bake bread.' },
    })
    expect(inquiry.statusCode, inquiry.body).toBe(201)
    const inquiryId = MessageSchema.parse(inquiry.json())._id
    const acknowledgement = await smtp.waitForMailTo(email)
    const client = await makeClient({ name: 'Robin Lead', email, messageId: inquiryId })
    const cookie = await signedIn(client)
    const before = smtp.mailsTo(OWNER).length

    const written = await app.services.clientRoom.writeMessage(rowOf(client), {
      message: 'Here are the photos you asked for.',
    })
    const listed = await app.inject({ method: 'GET', url: '/api/messages/admin', headers: admin })
    const inInbox = (listed.json() as { messages: Message[] }).messages.find(
      (m) => m._id === written._id,
    )
    expect(inInbox).toMatchObject({
      fullName: 'Robin Lead',
      email,
      message: 'Here are the photos you asked for.',
      subject: 'Message from the client room',
    })
    // The owner is told, as of a contact message.
    await vi.waitFor(() => expect(smtp.mailsTo(OWNER).length).toBeGreaterThan(before), ASYNC_WORK)

    const replied = await app.inject({
      method: 'POST',
      url: '/api/messages/reply',
      headers: admin,
      payload: {
        email,
        subject: 'Message from the client room',
        replyContent: 'Thank you, they look great.',
        messageId: written._id,
      },
    })
    expect(replied.statusCode, replied.body).toBe(200)
    // In the client's mail, the reply threads with the inquiry's acknowledgement.
    const reply = await vi.waitFor(
      () =>
        found(
          smtp.mailsTo(email).find((m) => m.text.includes('they look great')),
          'reply',
        ),
      ASYNC_WORK,
    )
    expect(reply.parsed.inReplyTo).toBe(acknowledgement.parsed.messageId)

    const { room } = found(await roomOf(cookie), 'the room')
    expect(room.conversation.map((m) => m.message)).toEqual([
      'We bake bread.',
      'Here are the photos you asked for.',
    ])
    expect(room.conversation[1]!.replies.map((r) => r.text)).toEqual([
      'Thank you, they look great.',
    ])
  })

  it("shows nothing of another client's conversation", async () => {
    const client = await makeClient()
    const other = await makeClient()
    await app.services.clientRoom.writeMessage(rowOf(other), { message: 'Private to the other.' })
    const { room } = found(await roomOf(await signedIn(client)), 'the room')
    expect(room.conversation).toEqual([])
  })
})

/** A real multipart body, encoded by the platform's own FormData. */
async function multipart(content: Buffer, filename: string, type: string) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(content)], { type }), filename)
  const request = new Request('http://upload.test', { method: 'POST', body: form })
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  }
}

async function uploadFromRoom(
  cookie: string | undefined,
  content: Buffer,
  filename: string,
  type: string,
  accept?: string,
) {
  const body = await multipart(content, filename, type)
  return app.inject({
    method: 'POST',
    url: '/api/client/files',
    payload: body.payload,
    headers: {
      ...body.headers,
      ...(cookie ? { cookie } : {}),
      ...(accept ? { accept } : {}),
    },
  })
}

const ownerFiles = async (clientId: string) => {
  const res = await app.inject({
    method: 'GET',
    url: `/api/clients/${clientId}/files`,
    headers: admin,
  })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { files: { _id: string; name: string; from: string; size: number }[] })
    .files
}

describe('files in the room', () => {
  it("go both ways with the same bytes, always as attachments, and only the session's own", async () => {
    const client = await makeClient()
    const other = await makeClient()
    const cookie = await signedIn(client)
    const theirs = await signedIn(other)

    // The client sends one from the room; the owner finds it, from the client, with its bytes.
    const brief = Buffer.from('# Our brief\n\nA shop that sells bread.\n')
    const sent = await uploadFromRoom(cookie, brief, 'brief.md', 'text/markdown')
    expect(sent.statusCode, sent.body).toBe(201)
    const fromClient = (sent.json() as { file: { _id: string; from: string } }).file
    expect(fromClient.from).toBe('client')
    expect((await ownerFiles(client._id)).find((f) => f._id === fromClient._id)).toMatchObject({
      name: 'brief.md',
      from: 'client',
      size: brief.length,
    })
    const atOwner = await app.inject({
      method: 'GET',
      url: `/api/clients/${client._id}/files/${fromClient._id}`,
      headers: admin,
    })
    expect(atOwner.rawPayload.equals(brief)).toBe(true)

    // The owner attaches a page of HTML: the client downloads it, as an attachment, never shown.
    const page = Buffer.from('<script>alert(document.cookie)</script>')
    const body = await multipart(page, 'mock-up.html', 'text/html')
    const attached = await app.inject({
      method: 'POST',
      url: `/api/clients/${client._id}/files`,
      payload: body.payload,
      headers: { ...admin, ...body.headers },
    })
    expect(attached.statusCode, attached.body).toBe(201)
    const fromOwner = (attached.json() as { file: { _id: string } }).file
    const { room } = found(await roomOf(cookie), 'the room')
    expect(room.files.map((f) => f._id).sort()).toEqual([fromClient._id, fromOwner._id].sort())
    const downloaded = await app.inject({
      method: 'GET',
      url: `/api/client/files/${fromOwner._id}`,
      headers: { cookie },
    })
    expect(downloaded.statusCode).toBe(200)
    expect(downloaded.rawPayload.equals(page)).toBe(true)
    expect(downloaded.headers['content-disposition']).toMatch(/^attachment;/)
    expect(downloaded.headers['x-content-type-options']).toBe('nosniff')
    expect(downloaded.headers['content-type']).not.toMatch(/html/)
    expect(downloaded.headers['cache-control']).toBe('private, no-store')

    // Another client's session reaches none of it; no session reaches nothing.
    for (const id of [fromClient._id, fromOwner._id])
      expectError(
        await app.inject({
          method: 'GET',
          url: `/api/client/files/${id}`,
          headers: { cookie: theirs },
        }),
        404,
      )
    expect(found(await roomOf(theirs), 'their room').room.files).toEqual([])
    expectError(await app.inject({ method: 'GET', url: `/api/client/files/${fromOwner._id}` }), 401)
    expectError(await uploadFromRoom(undefined, brief, 'brief.md', 'text/markdown'), 401)
  })

  it('refuses a file over 25 MB with 413 and keeps nothing; a browser is sent back to the room', async () => {
    const client = await makeClient()
    const cookie = await signedIn(client)
    const tooLarge = Buffer.alloc(25 * 1024 * 1024 + 1, 7)
    expectError(await uploadFromRoom(cookie, tooLarge, 'video.mov', 'video/quicktime'), 413)
    const fromPage = await uploadFromRoom(
      cookie,
      tooLarge,
      'video.mov',
      'video/quicktime',
      'text/html',
    )
    expect(fromPage.statusCode).toBe(303)
    expect(fromPage.headers.location).toBe('/client?file=too-large#files')
    expect(await ownerFiles(client._id)).toEqual([])

    const sent = await uploadFromRoom(
      cookie,
      Buffer.from('hello'),
      'a.txt',
      'text/plain',
      'text/html',
    )
    expect(sent.statusCode).toBe(303)
    expect(sent.headers.location).toBe('/client?file=sent#files')
    expect((await ownerFiles(client._id)).map((f) => f.name)).toEqual(['a.txt'])
  })
})

describe('projects in the room', () => {
  it("show the client's own projects with their milestones, and none of another client's", async () => {
    const client = await makeClient()
    const other = await makeClient()
    const make = async (clientId: string, name: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/projects',
        headers: admin,
        payload: {
          clientId,
          name,
          status: 'in_progress',
          milestones: [
            { title: 'Design', due: '2026-12-10', done: true },
            { title: 'Launch', due: '2027-01-15', done: false },
          ],
        },
      })
      expect(res.statusCode, res.body).toBe(201)
    }
    await make(client._id, 'The new shop')
    await make(other._id, 'Another shop')
    const { room } = found(await roomOf(await signedIn(client)), 'the room')
    expect(room.projects).toHaveLength(1)
    expect(room.projects[0]).toMatchObject({
      name: 'The new shop',
      status: 'in_progress',
      milestones: [
        { title: 'Design', due: '2026-12-10', done: true },
        { title: 'Launch', due: '2027-01-15', done: false },
      ],
      website: null,
    })
  })
})

describe('calls in the room', () => {
  it('show the calls the client booked that are still to come, with their manage links', async () => {
    const settings = await app.inject({ method: 'GET', url: '/api/settings', headers: admin })
    const current = SiteSettingsSchema.parse(settings.json())
    const day = [{ start: '09:00', end: '17:00' }]
    const saved = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: admin,
      payload: {
        ...current,
        booking: {
          ...BOOKING_DEFAULTS,
          enabled: true,
          timeZone: 'UTC',
          weekly: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day },
          durations: [30],
          bufferMinutes: 0,
          minNoticeHours: 0,
          horizonDays: 30,
        },
      },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const client = await makeClient()
    const other = await makeClient()
    const from = new Date(clock).toISOString().slice(0, 10)
    const to = new Date(clock + 20 * DAY).toISOString().slice(0, 10)
    const slots = await app.inject({
      method: 'GET',
      url: `/api/booking/slots?from=${from}&to=${to}&duration=30`,
    })
    const starts = BookingSlotsSchema.parse(slots.json()).slots.map((slot) => slot.start)
    const book = async (start: string, who: Client) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/booking',
        remoteAddress: newClientIp(),
        payload: {
          start,
          duration: 30,
          timeZone: 'Europe/Berlin',
          name: who.name,
          email: who.email,
        },
      })
      expect(res.statusCode, res.body).toBe(201)
      return BookingCreatedSchema.parse(res.json()).booking
    }
    const theirs = await book(starts[3]!, client)
    await book(starts[5]!, other)

    const { room } = found(await roomOf(await signedIn(client)), 'the room')
    expect(room.calls).toEqual([
      {
        start: starts[3],
        end: new Date(Date.parse(starts[3]!) + 30 * MINUTE).toISOString(),
        duration: 30,
        timeZone: 'Europe/Berlin',
        location: expect.any(String),
        manageUrl: theirs.manageUrl,
      },
    ])
  })
})
