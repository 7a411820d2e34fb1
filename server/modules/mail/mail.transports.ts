/**
 * Where mail goes: an SMTP server when SMTP_URL is set, otherwise one .eml file per mail
 * under DATA_DIR/outbox/ so a local user can open, say, a reset link without a mail server.
 * nodemailer is loaded with the first mail, not at start: about 2 MB of heap a site that sends
 * a few mails a day would otherwise hold from its first second (docs/decisions/039).
 */
import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { createTransport, Transporter } from 'nodemailer'

export interface OutgoingMail {
  from: string | { name: string; address: string }
  to: string
  subject: string
  text: string
  html: string
  replyTo?: string
  /** Extra header fields (a newsletter's List-Unsubscribe). */
  headers?: Record<string, string>
  /** Threading headers (RFC 5322): this mail's Message-ID and the ones it answers. */
  messageId?: string
  inReplyTo?: string
  references?: string[]
  /** An iCalendar invitation: nodemailer adds it as a `text/calendar; method=...` part. */
  icalEvent?: CalendarPart
  /** Files sent with the mail (a signed agreement's PDF). */
  attachments?: MailAttachment[]
}

interface CalendarPart {
  /** The iTIP method (RFC 5546), also the part's `method` parameter: REQUEST, CANCEL ... */
  method: string
  content: string
  filename?: string
}

/** A file sent with a mail (a signed agreement's PDF), as nodemailer takes it. */
interface MailAttachment {
  filename: string
  contentType: string
  /** The file's bytes in base64: a mail waits in the outbox as JSON. */
  content: string
  encoding: 'base64'
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>
  close?(): void
}

const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 }

/** A nodemailer transporter made on the first call, from options known at start. */
function onFirstUse(options: Parameters<typeof createTransport>[0]) {
  let transporter: Promise<Transporter> | undefined
  return {
    get: () =>
      (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(options),
      )),
    made: () => transporter,
  }
}

export function createSmtpTransport(smtpUrl: string): MailTransport {
  // nodemailer reads transport options from the URL's query string.
  const url = new URL(smtpUrl)
  for (const [key, value] of Object.entries(SMTP_TIMEOUTS)) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, String(value))
  }
  const transporter = onFirstUse(url.toString())
  return {
    async send(mail) {
      await (await transporter.get()).sendMail(mail)
    },
    close: () => void transporter.made()?.then((made) => made.close()),
  }
}

export function createOutboxTransport(outboxDir: string, log: FastifyBaseLogger): MailTransport {
  const streamer = onFirstUse({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(mail) {
      const info = await (await streamer.get()).sendMail(mail)
      // Owner-only, whatever the umask: an outbox mail may hold a live password-reset link.
      await mkdir(outboxDir, { recursive: true, mode: 0o700 })
      const file = path.join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`,
      )
      await writeFile(file, info.message as Buffer, { mode: 0o600 })
      log.info(
        { file, to: mail.to, subject: mail.subject },
        'mail written to outbox (SMTP_URL is not set)',
      )
    },
  }
}
