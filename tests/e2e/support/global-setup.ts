/**
 * Starts the SMTP server that catches the e2e server's mail and writes each one as JSON into
 * E2E_MAIL_DIR, where specs read them (they run in other processes).
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { E2E_HOST, E2E_MAIL_DIR, E2E_SMTP_PORT, UNDELIVERABLE_DOMAIN } from './e2e-env.ts'

export default async function globalSetup() {
  await rm(E2E_MAIL_DIR, { recursive: true, force: true })
  await mkdir(E2E_MAIL_DIR, { recursive: true })
  let count = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Mail to this domain is refused, as an unreachable mailbox would be: specs use it to make
    // the server's SMTP send fail for real.
    onRcptTo(address, _session, callback) {
      if (address.address.toLowerCase().endsWith(`@${UNDELIVERABLE_DOMAIN}`)) {
        const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })
        return callback(error)
      }
      callback()
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          const file = path.join(
            E2E_MAIL_DIR,
            `${Date.now()}-${String(++count).padStart(6, '0')}.json`,
          )
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase())
          // Written aside and renamed, so a reader never sees a half-written file.
          const json = JSON.stringify({
            to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
          })
          await writeFile(`${file}.part`, json)
          await rename(`${file}.part`, file)
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve) => server.listen(E2E_SMTP_PORT, E2E_HOST, resolve))
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
