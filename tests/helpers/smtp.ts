/**
 * A real SMTP server (the smtp-server package) on a free local port, so nodemailer's SMTP path
 * runs in tests. `rejectAll` makes it refuse every mail, to test SMTP failures; `refuseRecipient`
 * refuses one address with a given reply code (4xx temporary, 5xx permanent) a number of times.
 */
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { vi } from 'vitest'
import { ASYNC_WORK } from './wait.ts'

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
  /** How long the server holds a mail it has read before it answers 250 (a slow server). */
  let delayMs = 0
  const refusals = new Map<string, { code: number; times: number }>()
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = refusals.get(address.address.toLowerCase())
      if (refusal && refusal.times > 0) {
        refusal.times -= 1
        callback(Object.assign(new Error('Recipient refused'), { responseCode: refusal.code }))
        return
      }
      callback()
    },
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
          if (delayMs > 0) setTimeout(callback, delayMs)
          else callback()
        })
        .catch(callback)
    },
  })
  server.listen(options.port ?? 0, '127.0.0.1')
  await once(server.server, 'listening')
  const { port } = server.server.address() as AddressInfo
  const mailsTo = (address: string) => mails.filter((m) => m.to.includes(address.toLowerCase()))
  /** The newest mail to `address`; throws when there is none. */
  const lastMailTo = (address: string): CaughtMail => {
    const found = mailsTo(address).at(-1)
    if (!found)
      throw new Error(`no mail to ${address} (caught: ${mails.map((m) => m.to).join('; ')})`)
    return found
  }
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    setRejectAll(value: boolean) {
      rejectAll = value
    },
    /** Answers each mail `ms` after reading it: a slow server, whose mails are taken before the 250. */
    setDelay(ms: number) {
      delayMs = ms
    },
    refuseRecipient(address: string, code: number, times = Number.POSITIVE_INFINITY) {
      refusals.set(address.toLowerCase(), { code, times })
    },
    mailsTo,
    lastMailTo,
    /** The newest mail to `address`, once one has arrived (mail sent after the answer). */
    waitForMailTo: (address: string) => vi.waitFor(() => lastMailTo(address), ASYNC_WORK),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>
