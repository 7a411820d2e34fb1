/**
 * Every table of server/db/schema.ts is backed up or excluded on purpose (TABLE_POLICY in
 * backup.ts), a restore writes each table after the tables it references, and it knows the column
 * of every sequence, to move the sequence past the restored values. The planted tables and
 * sequence show that the checks name what nobody decided on.
 */
import { integer, pgSequence, pgTable, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import {
  planBackup,
  SEQUENCE_COLUMNS,
  sequenceProblems,
  TABLE_POLICY,
  type TablePolicy,
} from './backup.ts'
import { SCHEMA_SEQUENCES, SCHEMA_TABLES, sequencesIn, tablesIn } from './schema-tables.ts'
import * as schema from './schema.ts'

const authors = pgTable('authors', { id: uuid('id').primaryKey() })
const posts = pgTable('posts', {
  id: uuid('id').primaryKey(),
  authorId: uuid('author_id').references(() => authors.id),
})
const backedUp: TablePolicy = { batch: 100 }

describe('planBackup', () => {
  it('covers every table of the schema, in restore order', () => {
    expect(planBackup(SCHEMA_TABLES, TABLE_POLICY)).toEqual({
      order: [
        'settings',
        'users',
        'websites',
        'messages',
        'faqs',
        'pages',
        'posts',
        'testimonials',
        'testimonial_requests',
        'images',
        'subscribers',
        'newsletter_sends',
        'newsletter_deliveries',
        'link_checks',
        'bookings',
        'booking_calendar',
        'clients',
        'terms_templates',
        'proposals',
        'projects',
        'client_files',
        'client_file_chunks',
        'invoices',
        'invoice_number_sequences',
        'invoice_payments',
        'invoice_reminders',
        'stripe_events',
        'password_reset_tokens',
        'link_check_days',
        'booking_busy_times',
        'contact_acknowledgements',
        'job_runs',
        'outbox_mails',
        'used_form_tokens',
        'stats_daily',
        'stats_salts',
        'visits',
        'page_views',
        'stats_day_keys',
        'stats_day_figures',
        'stats_day_visitors',
        'stats_address_hours',
        'stats_digests',
        'recovery_codes',
        'security_events',
        'user_sessions',
        'client_sessions',
        'client_sign_in_tokens',
        'passkeys',
        'passkey_challenges',
        'sign_in_challenges',
        'second_factor_guesses',
      ],
      problems: [],
    })
  })

  it('names a table of the schema that is neither backed up nor excluded', () => {
    const receipts = pgTable('receipts', { id: uuid('id').primaryKey(), total: text() })
    expect(planBackup(tablesIn({ ...schema, receipts }), TABLE_POLICY).problems).toEqual([
      'table "receipts" is neither backed up nor excluded: give it an entry in TABLE_POLICY (server/db/backup.ts)',
    ])
  })

  it('names an entry for a table the schema no longer has', () => {
    const { problems } = planBackup([authors], { authors: backedUp, drafts: backedUp })
    expect(problems).toEqual([
      'TABLE_POLICY names "drafts", which is no table of server/db/schema.ts',
    ])
  })

  it('puts a table after the tables it references, whatever the order of the entries', () => {
    expect(planBackup([posts, authors], { posts: backedUp, authors: backedUp })).toEqual({
      order: ['authors', 'posts'],
      problems: [],
    })
  })

  it('refuses tables whose rows a restore could not write back', () => {
    const comments = pgTable('comments', {
      id: uuid('id').primaryKey(),
      parentId: uuid('parent_id').references((): AnyPgColumn => comments.id),
    })
    const tags = pgTable('tags', { label: text('label'), weight: integer('weight') })
    const { problems } = planBackup([authors, posts, comments, tags], {
      authors: { excluded: 'test', clearedByForce: false },
      posts: backedUp,
      comments: backedUp,
      tags: backedUp,
    })
    expect(problems).toEqual([
      '"posts" is backed up but references "authors", which is excluded',
      '"comments" references itself: a restore writes its rows in key order',
      '"tags" has no single-column primary key to page its rows by',
    ])
  })

  it('names a cycle of foreign keys', () => {
    const a = pgTable('a', { id: uuid('id').primaryKey(), b: uuid('b').references(() => b.id) })
    const b = pgTable('b', {
      id: uuid('id').primaryKey(),
      a: uuid('a').references((): AnyPgColumn => a.id),
    })
    const { problems } = planBackup([a, b], { a: backedUp, b: backedUp })
    expect(problems).toEqual(['the foreign keys of "a", "b" form a cycle'])
  })
})

describe('sequenceProblems', () => {
  it('knows the column of every sequence of the schema', () => {
    expect(SCHEMA_SEQUENCES.length).toBeGreaterThan(0)
    expect(sequenceProblems(SCHEMA_SEQUENCES, SEQUENCE_COLUMNS)).toEqual([])
  })

  it('names a sequence added to the schema without its column, and an entry for none', () => {
    const invoiceNumbers = pgSequence('invoice_numbers_seq')
    const { websites_position_seq: position } = SEQUENCE_COLUMNS
    const problems = sequenceProblems(sequencesIn({ ...schema, invoiceNumbers }), {
      websites_position_seq: position!,
      quote_numbers_seq: position!,
    })
    expect(problems).toEqual([
      `sequence "invoice_numbers_seq" has no entry in SEQUENCE_COLUMNS (server/db/backup.ts): a restore would leave it behind its column's values`,
      'SEQUENCE_COLUMNS names "quote_numbers_seq", which is no sequence of server/db/schema.ts',
    ])
  })
})
