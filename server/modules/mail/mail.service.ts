import type { MailTransport } from './mail.transports.ts'

interface MailContent {
  to: string
  subject: string
  text: string
  html: string
  replyTo?: string
  /** Extra header fields (a newsletter's List-Unsubscribe). */
  headers?: Record<string, string>
}

export interface MailService {
  /** Sends one mail; rejects when the transport fails (callers decide whether that is fatal). */
  send(mail: MailContent): Promise<void>
}

export function createMailService({
  transport,
  from,
}: {
  transport: MailTransport
  from: string
}): MailService {
  return {
    send: (mail) => transport.send({ from, ...mail }),
  }
}
