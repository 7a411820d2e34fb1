/**
 * The outbox's sender against a local SMTP sink (smtp-server, accepting everything): how fast mail
 * is queued, how long a visitor's request waits for a mail's first attempt (`mail.send`: queued,
 * then tried at once), and how many mails a run of the sender delivers per second when 500 wait
 * (a burst after an SMTP outage). On an in-memory embedded database, with the production SMTP
 * transport: a connection per mail, as SMTP_URL makes it by default, and a pool of connections, as
 * SMTP_URL with `?pool=true` makes it (nodemailer reads its options from the URL). The sink, like
 * many servers, greets a new connection only after 100 ms (smtp-server's pause for clients that
 * talk too early), which a connection per mail pays every time.
 */
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import Fastify from 'fastify'
import { SMTPServer } from 'smtp-server'
import { openDatabase } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { createMailService, type MailContent } from '#server/modules/mail/mail.service.ts'
import { createSmtpTransport } from '#server/modules/mail/mail.transports.ts'
import { createOutboxRepository } from '#server/modules/mail/outbox.repository.ts'

export const OUTBOX_BURST = 300
const FIRST_ATTEMPTS = 50

export interface OutboxSenderResult {
  transport: 'a connection per mail' | 'pooled (?pool=true)'
  queuedPerSecond: number
  firstAttemptMedianMs: number
  firstAttemptP95Ms: number
  deliveredPerSecond: number
  delivered: number
}

const mailTo = (i: number): MailContent => ({
  kind: 'bench',
  to: `client-${i}@bench.test`,
  subject: `Your message arrived (${i})`,
  text: 'Thank you for your message. '.repeat(40),
  html: `<p>${'Thank you for your message. '.repeat(40)}</p>`,
})

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!

export async function measureOutboxSender(): Promise<OutboxSenderResult[]> {
  return [await measureWith(false), await measureWith(true)]
}

async function measureWith(isPooled: boolean): Promise<OutboxSenderResult> {
  let received = 0
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // A reverse lookup of 127.0.0.1 is the sink's cost, not the sender's.
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.resume()
      stream.on('end', () => {
        received += 1
        callback()
      })
    },
  })
  sink.listen(0, '127.0.0.1')
  await once(sink.server, 'listening')
  const { port } = sink.server.address() as AddressInfo
  const database = await openDatabase({ kind: 'pglite' })
  await migrateDatabase(database)
  const transport = createSmtpTransport(`smtp://127.0.0.1:${port}${isPooled ? '?pool=true' : ''}`)
  const mail = createMailService({
    transport,
    from: 'Bench <bench@localhost>',
    senderName: async () => 'Bench Studio',
    repo: createOutboxRepository(database.db),
    retryBaseMs: 30_000,
    now: () => new Date(),
    log: Fastify({ logger: false }).log,
  })
  try {
    // A visitor's wait: the mail queued and tried at once, one request after another.
    const waits: number[] = []
    for (let i = 0; i < FIRST_ATTEMPTS; i += 1) {
      const started = performance.now()
      await mail.send(mailTo(i))
      waits.push(performance.now() - started)
    }
    waits.sort((a, b) => a - b)

    // A burst left by an outage: queued without attempts, then one run of the sender.
    const queueStarted = performance.now()
    for (let i = 0; i < OUTBOX_BURST; i += 1)
      await mail.queueIn(undefined, await mail.prepare(mailTo(FIRST_ATTEMPTS + i)))
    const queueSeconds = (performance.now() - queueStarted) / 1000
    const before = received
    const runStarted = performance.now()
    await mail.deliverDue()
    const runSeconds = (performance.now() - runStarted) / 1000
    const delivered = received - before
    return {
      transport: isPooled ? 'pooled (?pool=true)' : 'a connection per mail',
      queuedPerSecond: Math.round(OUTBOX_BURST / queueSeconds),
      firstAttemptMedianMs: quantile(waits, 0.5),
      firstAttemptP95Ms: quantile(waits, 0.95),
      deliveredPerSecond: Math.round(delivered / runSeconds),
      delivered,
    }
  } finally {
    transport.close?.()
    await database.close()
    await new Promise<void>((resolve) => sink.close(() => resolve()))
  }
}
