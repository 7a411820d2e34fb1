/**
 * SQL-injection and XSS payloads stored through the API in every text field: they come back
 * literally, the tables survive, server-rendered pages show them as text, and every e-mail escapes
 * them (and keeps its headers intact).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { MessagesListSchema } from '#common/schemas/messages.ts'
import { SessionSchema, UserPublicSchema } from '#common/schemas/users.ts'
import { WebsiteMutationResponseSchema, WebsiteSchema } from '#common/schemas/websites.ts'
import { asAdmin, signIn } from '#tests/helpers/auth.ts'
import { ensureBuild } from '#tests/helpers/build.ts'
import { startSmtpServer, type TestSmtpServer } from '#tests/helpers/smtp.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'
import { ASYNC_WORK } from '#tests/helpers/wait.ts'

const OWNER = 'owner@inject.test'

const SQL_PAYLOADS = [
  "' OR '1'='1",
  "'; DROP TABLE messages; --",
  "Robert'); DROP TABLE users;--",
  '1; SELECT pg_sleep(5); --',
  '$$; DELETE FROM websites; $$',
  "\\'; TRUNCATE settings; --",
  '" OR ""="',
  "%' OR 1=1 --",
]

const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg/onload=alert(1)>",
  '</title><script>alert(1)</script>',
  '</script><script>alert(1)</script>',
  '<!--<script>alert(1)</script>',
  '{{constructor.constructor("alert(1)")()}}',
  '<a href="javascript:alert(1)">x</a>',
]

/** Markup that would run or inject if a page or mail printed the payload as HTML. */
const DANGEROUS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg/onload=alert(1)>',
  '</title><script>',
  '</script><script>',
  '<a href="javascript:alert(1)">',
]

let app: TestApp
let smtp: TestSmtpServer
let admin: Record<string, string>
let tried = 0

beforeAll(async () => {
  await ensureBuild()
  smtp = await startSmtpServer()
  app = await createTestApp({
    web: true,
    env: {
      SMTP_URL: smtp.url,
      OWNER_EMAIL: OWNER,
      RATE_LIMIT_SCALE: '0',
      MAIL_RETRY_INTERVAL_MS: '200',
    },
  })
  admin = (await asAdmin(app)).headers
}, 240_000)

afterAll(async () => {
  console.log(
    `[injection] SQL-injection and XSS payloads stored and checked: ${tried} (any payload executed, altered or unescaped fails the run)`,
  )
  await app?.cleanup()
  await smtp?.close()
})

function expectNoDangerousMarkup(html: string, where: string) {
  for (const marker of DANGEROUS)
    expect(html.includes(marker), `${where} contains raw ${marker}`).toBe(false)
}

async function countRows() {
  const res = await app.inject({ method: 'GET', url: '/api/summary/summary', headers: admin })
  expect(res.statusCode).toBe(200)
  return res.json() as { users: { numUsers: number }[]; messages: { numMessages: number }[] }
}

describe('SQL injection', () => {
  it('stores every payload literally in contact messages and leaves the tables alone', async () => {
    const before = await countRows()
    const ids: string[] = []
    for (const payload of SQL_PAYLOADS) {
      const body = {
        fullName: payload,
        email: 'sql@inject.test',
        subject: payload,
        message: payload,
      }
      const res = await app.inject({ method: 'POST', url: '/api/messages/contact', payload: body })
      expect(res.statusCode).toBe(201)
      expect(res.json()).toMatchObject({ fullName: payload, subject: payload, message: payload })
      ids.push(res.json()._id)
      tried += 3
    }
    const list = MessagesListSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/messages', headers: admin })).json(),
    )
    for (const [i, id] of ids.entries()) {
      const stored = list.messages.find((m) => m._id === id)
      expect(stored).toMatchObject({
        fullName: SQL_PAYLOADS[i],
        subject: SQL_PAYLOADS[i],
        message: SQL_PAYLOADS[i],
      })
    }
    const after = await countRows()
    expect(after.users[0]!.numUsers).toBe(before.users[0]!.numUsers)
    expect(after.messages[0]!.numMessages).toBe(
      before.messages[0]!.numMessages + SQL_PAYLOADS.length,
    )
  })

  it('treats payloads in sign-in, search and lookups as plain values', async () => {
    for (const payload of SQL_PAYLOADS) {
      expect((await signIn(app, 'x@inject.test', payload)).statusCode).toBe(401)
      const slug = await app.inject({
        method: 'GET',
        url: `/api/websites/slug/${encodeURIComponent(payload)}`,
      })
      expect(slug.statusCode).toBe(404)
      const search = await app.inject({
        method: 'GET',
        url: `/api/websites/search?page=${encodeURIComponent(payload)}`,
      })
      expect(search.statusCode).toBe(200)
      expect(search.json().page).toBe(1)
      tried += 3
    }
  })

  it('stores payloads literally in user names and website fields', async () => {
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: { name: SQL_PAYLOADS[2], email: 'bobby@inject.test', password: 'Str0ng!Passw0rd' },
    })
    expect(signUp.statusCode).toBe(201)
    const session = SessionSchema.parse(signUp.json())
    const user = UserPublicSchema.parse(
      (
        await app.inject({ method: 'GET', url: `/api/users/${session._id}`, headers: admin })
      ).json(),
    )
    expect(user.name).toBe(SQL_PAYLOADS[2])
    tried += 1

    const website = await createWebsite({
      name: SQL_PAYLOADS[0]!,
      language: SQL_PAYLOADS[4]!,
      languageDescription: SQL_PAYLOADS[5]!,
      description: SQL_PAYLOADS[1]!,
    })
    const read = WebsiteSchema.parse(
      (await app.inject({ method: 'GET', url: `/api/websites/${website._id}` })).json(),
    )
    expect(read).toMatchObject({
      name: SQL_PAYLOADS[0],
      language: SQL_PAYLOADS[4],
      languageDescription: SQL_PAYLOADS[5],
      description: SQL_PAYLOADS[1],
    })
    tried += 4
  })
})

let slugCounter = 0
async function createWebsite(fields: {
  name: string
  language: string
  languageDescription: string
  description: string
  link?: string
}) {
  const created = await app.inject({ method: 'POST', url: '/api/websites', headers: admin })
  expect(created.statusCode).toBe(201)
  const { website } = WebsiteMutationResponseSchema.parse(created.json())
  const updated = await app.inject({
    method: 'PUT',
    url: `/api/websites/${website._id}`,
    headers: admin,
    payload: {
      _id: website._id,
      slug: `injected-${++slugCounter}-${Date.now()}`,
      image: '/images/default.jpg',
      link: 'https://example.com/',
      ...fields,
    },
  })
  expect(updated.statusCode, updated.body).toBe(200)
  return WebsiteMutationResponseSchema.parse(updated.json()).website
}

describe('XSS', () => {
  it('renders payloads in every website field as text on /portfolio and /website/:slug', async () => {
    const sites = []
    for (const payload of XSS_PAYLOADS) {
      sites.push(
        await createWebsite({
          name: payload,
          language: payload,
          languageDescription: payload,
          description: payload,
          link: `https://example.com/?q=${payload}`,
        }),
      )
    }
    for (const site of sites) {
      const api = WebsiteSchema.parse(
        (await app.inject({ method: 'GET', url: `/api/websites/${site._id}` })).json(),
      )
      expect(api.name).toBe(site.name)
      const page = await app.inject({ method: 'GET', url: `/website/${site.slug}` })
      expect(page.statusCode).toBe(200)
      expect(page.headers['content-type']).toMatch(/^text\/html/)
      expectNoDangerousMarkup(page.body, `/website/${site.slug}`)
      // The payload is on the page, as text.
      expect(htmlText(page.body)).toContain(site.name)
      tried += 5
    }
    // The newest ten are on the first portfolio page.
    const portfolio = await app.inject({ method: 'GET', url: '/portfolio' })
    expect(portfolio.statusCode).toBe(200)
    expectNoDangerousMarkup(portfolio.body, '/portfolio')
    expect(htmlText(portfolio.body)).toContain(XSS_PAYLOADS[0]!)
    const home = await app.inject({ method: 'GET', url: '/' })
    expectNoDangerousMarkup(home.body, '/')
  })

  it('refuses a javascript: link', async () => {
    const created = await app.inject({ method: 'POST', url: '/api/websites', headers: admin })
    const { website } = WebsiteMutationResponseSchema.parse(created.json())
    const res = await app.inject({
      method: 'PUT',
      url: `/api/websites/${website._id}`,
      headers: admin,
      payload: {
        ...website,
        slug: `js-link-${Date.now()}`,
        languageDescription: 'x',
        description: 'x',
        link: 'javascript:alert(1)',
      },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ message: expect.stringMatching(/^link: /) })
    tried += 1
  })

  it('escapes payloads in the owner notification, and a line break in the subject adds no header', async () => {
    for (const payload of XSS_PAYLOADS) {
      const subject = `Quote ${payload}\r\nBcc: attacker@evil.test`
      const res = await app.inject({
        method: 'POST',
        url: '/api/messages/contact',
        payload: {
          fullName: payload,
          email: 'xss@inject.test',
          subject,
          message: `${payload}\n\n${payload}`,
        },
      })
      expect(res.statusCode).toBe(201)
      tried += 3
    }
    const notifications = () => smtp.mailsTo(OWNER).filter((m) => m.subject.includes('Quote'))
    await vi.waitFor(
      () => expect(notifications().length).toBeGreaterThanOrEqual(XSS_PAYLOADS.length),
      ASYNC_WORK,
    )
    const mails = notifications()
    for (const mail of mails) {
      expectNoDangerousMarkup(mail.html, `notification "${mail.subject}"`)
      expect(mail.parsed.headers.has('bcc')).toBe(false)
      expect(mail.to).toEqual([OWNER])
      expect(mail.subject).not.toMatch(/[\r\n]/)
    }
    expect(smtp.mailsTo('attacker@evil.test')).toEqual([])
    expect(mails.some((m) => htmlText(m.html).includes(XSS_PAYLOADS[0]!))).toBe(true)
    // The sender's acknowledgement (one an hour per address) carries nothing the sender wrote.
    await app.services.messages.drainBackground()
    const [ack, ...more] = smtp.mailsTo('xss@inject.test')
    expect(more).toEqual([])
    expectNoDangerousMarkup(ack!.html, `acknowledgement "${ack!.subject}"`)
    expect(ack!.parsed.headers.has('bcc')).toBe(false)
    expect(htmlText(ack!.html)).not.toContain(XSS_PAYLOADS[0]!)
  })

  it('escapes payloads in a reply and in the password-reset mail', async () => {
    for (const payload of XSS_PAYLOADS) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/messages/reply',
        headers: admin,
        payload: { email: 'reader@inject.test', subject: `Re: ${payload}`, replyContent: payload },
      })
      expect(res.statusCode).toBe(200)
      const mail = smtp.lastMailTo('reader@inject.test')
      expectNoDangerousMarkup(mail.html, 'reply')
      expect(mail.text.trim()).toBe(payload)
      tried += 2
    }

    const signUp = await app.inject({
      method: 'POST',
      url: '/api/users/signup',
      payload: {
        name: XSS_PAYLOADS[1],
        email: 'reset-xss@inject.test',
        password: 'Str0ng!Passw0rd',
      },
    })
    expect(signUp.statusCode).toBe(201)
    await app.inject({
      method: 'POST',
      url: '/api/users/forget-password',
      payload: { email: 'reset-xss@inject.test' },
    })
    const reset = await smtp.waitForMailTo('reset-xss@inject.test')
    expectNoDangerousMarkup(reset.html, 'reset mail')
    expect(htmlText(reset.html)).toContain(XSS_PAYLOADS[1]!)
    tried += 1
  })
})

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

/** The text a browser shows for some HTML (entities decoded), to find a payload shown as text. */
function htmlText(html: string) {
  return html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
    if (code.startsWith('#x') || code.startsWith('#X'))
      return String.fromCodePoint(parseInt(code.slice(2), 16))
    if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)))
    return ENTITIES[code.toLowerCase()] ?? entity
  })
}
