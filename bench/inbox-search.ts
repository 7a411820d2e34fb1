/**
 * The inbox search on 100,000 messages: seeds a fresh embedded database and gives it the server's
 * upkeep (vacuumed and analysed), then times the admin
 * list's query (the messages service's listAdmin, as the route calls it: the page and its count)
 * for a few searches, median of repeated runs after a warm-up. Server time only, no HTTP.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import Fastify from 'fastify'
import { formatTotal } from '#common/format-total.ts'
import type { MessagesQuery } from '#common/schemas/messages.ts'
import { openDatabase, type DatabaseOptions } from '#server/db/client.ts'
import { createActionLimits, createRateLimitCounters } from '#server/lib/rate-limits.ts'
import { createMailService } from '#server/modules/mail/mail.service.ts'
import { createOutboxRepository } from '#server/modules/mail/outbox.repository.ts'
import { createContactTokens } from '#server/modules/messages/contact-token.ts'
import { createMessagesRepository } from '#server/modules/messages/messages.repository.ts'
import { SITE_DEFAULTS } from '#common/site-defaults.ts'
import { createMessagesService } from '#server/modules/messages/messages.service.ts'
import { runUpkeep } from '#server/db/upkeep.ts'
import { seedBench } from './seed.ts'

export const INBOX_MESSAGES = 100_000
const WARM_UP_RUNS = 3
const TIMED_RUNS = 15

const SEARCHES: { name: string; query: MessagesQuery }[] = [
  { name: 'inbox, page 1 (no search)', query: { page: 1 } },
  { name: 'e-mail of one sender', query: { page: 1, q: 'sender77777@example.com' } },
  { name: 'reference number in the text', query: { page: 1, q: 'Reference 4242.' } },
  { name: 'word in every message', query: { page: 1, q: 'booking' } },
  { name: 'no match', query: { page: 1, q: 'kumquat' } },
  { name: 'unread filter', query: { page: 1, filter: 'unread' } },
  { name: 'search within unread', query: { page: 1, q: 'Sender 5000', filter: 'unread' } },
]

export interface InboxSearchResult {
  name: string
  /** The total the list shows: "1000+" when a search stopped counting at its cap. */
  matches: string
  medianMs: number
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}

export async function measureInboxSearch(): Promise<InboxSearchResult[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-inbox-'))
  const options: DatabaseOptions = { kind: 'pglite', dir: path.join(dir, 'pglite') }
  try {
    await seedBench(options, { websites: 0, messages: INBOX_MESSAGES })
    const database = await openDatabase(options)
    try {
      // As the server's daily upkeep leaves the embedded database (server/db/upkeep.ts).
      await runUpkeep(database.db)
      const service = createMessagesService({
        repo: createMessagesRepository(database.db),
        mail: createMailService({
          transport: { send: async () => {} },
          from: 'bench@localhost',
          senderName: async () => SITE_DEFAULTS.businessName,
          repo: createOutboxRepository(database.db),
          retryBaseMs: 30_000,
          now: () => new Date(),
          log: Fastify({ logger: false }).log,
        }),
        ownerEmail: async () => undefined,
        siteSettings: async () => SITE_DEFAULTS,
        messageIdDomain: 'localhost',
        canMailSenders: false,
        adminUrl: 'http://localhost/admin/messages',
        publicUrl: 'http://localhost',
        recordVisit: async () => null,
        contactTokens: createContactTokens({
          secret: 'bench'.repeat(8),
          now: () => new Date(),
          minFillMs: 0,
        }),
        limits: createActionLimits(
          await createRateLimitCounters({ now: () => new Date(), log: Fastify().log }),
          0,
        ),
        retryIntervalMs: 60_000,
        now: () => new Date(),
        log: Fastify({ logger: false }).log,
      })
      const results: InboxSearchResult[] = []
      for (const { name, query } of SEARCHES) {
        let matches = ''
        for (let i = 0; i < WARM_UP_RUNS; i += 1) {
          const { totalMessages, isTotalCapped } = await service.listAdmin(query)
          matches = formatTotal(totalMessages, isTotalCapped)
        }
        const times: number[] = []
        for (let i = 0; i < TIMED_RUNS; i += 1) {
          const started = performance.now()
          await service.listAdmin(query)
          times.push(performance.now() - started)
        }
        results.push({ name, matches, medianMs: median(times) })
      }
      return results
    } finally {
      await database.close()
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
