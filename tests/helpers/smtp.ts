/**
 * A real SMTP server (the smtp-server package) on a free local port, so nodemailer's SMTP path
 * runs in tests. `rejectAll` makes it refuse every mail, to test SMTP failures.
 */
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface CaughtMail {
  to: string[]
  subject: string
  text: string
  html: string
  parsed: ParsedMail
}

/** `port` lets a test stop the server and start a new one where the app expects it. */
export async function startSmtpServer(options: { port?: number } = {}) {
  const mails: CaughtMail[] = []
  let rejectAll = false
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      if (rejectAll) {
        stream.resume()
        stream.on('end', () => callback(new Error('Mailbox unavailable')))
        return
      }
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            parsed,
          })
          callback()
        })
        .catch(callback)
    },
  })
  server.listen(options.port ?? 0, '127.0.0.1')
  await once(server.server, 'listening')
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    setRejectAll(value: boolean) {
      rejectAll = value
    },
    mailsTo: (address: string) => mails.filter((m) => m.to.includes(address.toLowerCase())),
    /** The newest mail to `address`; throws when there is none. */
    lastMailTo(address: string): CaughtMail {
      const found = mails.filter((m) => m.to.includes(address.toLowerCase())).at(-1)
      if (!found)
        throw new Error(`no mail to ${address} (caught: ${mails.map((m) => m.to).join('; ')})`)
      return found
    },
    /**
     * Waits until a mail to `address` arrives (mail sent after the response, e.g. notifications);
     * the test's own timeout bounds the wait, so a busy machine only makes it longer.
     */
    async waitForMailTo(address: string): Promise<CaughtMail> {
      for (;;) {
        const found = mails.filter((m) => m.to.includes(address.toLowerCase())).at(-1)
        if (found) return found
        await new Promise((r) => setTimeout(r, 25))
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>
