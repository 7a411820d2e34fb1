import type { MailTransport } from './mail.transports.ts'

interface MailContent {
  to: string
  subject: string
  text: string
  html: string
  replyTo?: string
  /** Extra header fields (a newsletter's List-Unsubscribe). */
  headers?: Record<string, string>
  /** A name to send under, with MAIL_FROM's address: mail the owner writes or signs. */
  fromName?: string
  /** Threading headers (RFC 5322): this mail's Message-ID and the ones it answers. */
  messageId?: string
  inReplyTo?: string
  references?: string[]
  /** An iCalendar invitation: nodemailer adds it as a `text/calendar; method=...` part. */
  icalEvent?: CalendarPart
}

interface CalendarPart {
  /** The iTIP method (RFC 5546), also the part's `method` parameter: REQUEST, CANCEL ... */
  method: string
  content: string
  filename?: string
}

export interface MailService {
  /** Sends one mail; rejects when the transport fails (callers decide whether that is fatal). */
  send(mail: MailContent): Promise<void>
}

/** The bare address of a From header such as `Site <no-reply@localhost>`. */
const addressOf = (from: string) => /<([^<>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim()

export function createMailService({
  transport,
  from,
}: {
  transport: MailTransport
  from: string
}): MailService {
  const address = addressOf(from)
  return {
    // nodemailer quotes and encodes the name of an address object, whatever it holds.
    send: ({ fromName, ...mail }) =>
      transport.send({ from: fromName ? { name: fromName, address } : from, ...mail }),
  }
}
