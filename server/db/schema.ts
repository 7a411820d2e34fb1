import { sql } from 'drizzle-orm'
import type { BookingStatus } from '#common/schemas/booking.ts'
import type { MessageNote, MessageStage } from '#common/schemas/messages.ts'
import type { LineItem } from '#common/schemas/billing.ts'
import type { ClientFileSender } from '#common/schemas/client-files.ts'
import type { InvoiceKind, PaymentMethod } from '#common/schemas/invoices.ts'
import type { Milestone, ProjectStatus } from '#common/schemas/projects.ts'
import type { DepositStatus, ProposalDocument, ProposalStatus } from '#common/schemas/proposals.ts'
import type { MessageVisit } from '#common/schemas/stats.ts'
import type { GalleryImage, Result } from '#common/schemas/websites.ts'
import type { InvoiceDocument } from '#server/modules/invoices/invoice-document.ts'
import {
  type AnyPgColumn,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  primaryKey,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

// The column kinds and sets the tables share, so each is written (and its SQL type fixed) once.
const uuidKey = () => uuid('id').primaryKey().defaultRandom()
/** A moment: timestamptz. */
const at = (name: string) => timestamp(name, { withTimezone: true })
/** A calendar day, read as "2026-12-31". */
const day = (name: string) => date(name, { mode: 'string' })
/** An amount of money: numeric, read as a string, never a float. */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 })
/** A row that belongs to `parent`'s row and goes with it. */
const ownedBy = (name: string, parent: () => AnyPgColumn) =>
  uuid(name).notNull().references(parent, { onDelete: 'cascade' })
const createdAt = () => at('created_at').notNull().defaultNow()
const updatedAt = () => at('updated_at').notNull().defaultNow()
/** A single-use secret kept as its hash, with when it expires and when it was used. */
const singleUseToken = () => ({
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
})
/** A list of strings, empty by default. */
const textList = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`)
/**
 * A page's slug history: a draft whose slug the owner never set takes it from its name or title on
 * each save (server/lib/slugs.ts), and the slugs it had before answer a permanent redirect to the
 * current one.
 */
const slugHistory = () => ({
  isSlugAutomatic: boolean('is_slug_automatic').notNull().default(false),
  previousSlugs: textList('previous_slugs'),
})
/** A priced document's lines, as the owner typed them (their own rates), and their currency. */
const lineItems = () => ({
  items: jsonb('items').$type<LineItem[]>().notNull(),
  currency: text('currency').notNull(),
})
/**
 * How a priced document treats VAT: the client is reverse-charged (common/vat.ts), so the totals
 * carry no tax; or the seller's VAT exemption reason when it was saved, "" for none (category E).
 */
const vatTreatment = () => ({
  reverseCharge: boolean('reverse_charge').notNull().default(false),
  vatExemption: text('vat_exemption').notNull().default(''),
})
/** A priced document's totals: net, tax and gross. */
const totals = () => ({
  subtotal: money('subtotal').notNull(),
  tax: money('tax').notNull(),
  total: money('total').notNull(),
})

export const users = pgTable(
  'users',
  {
    id: uuidKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    tokenVersion: integer('token_version').notNull().default(0),
    /** The TOTP secret once two-factor is on, encrypted (server/lib/secret-box.ts); null when off. */
    totpSecret: text('totp_secret'),
    /** A secret offered by the setup step and not yet confirmed with a code (encrypted too). */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last TOTP time step accepted: a code of that step or an earlier one is refused. */
    totpLastStep: integer('totp_last_step'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('users_created_at_idx').on(t.createdAt, t.id)],
)

/**
 * Where a new website goes in the portfolio order: each one takes the next lower value, so it comes
 * first, and no two websites share a position (reordering only swaps existing values).
 */
export const websitePositions = pgSequence('websites_position_seq', {
  increment: -1,
  startWith: 0,
  minValue: -2147483648,
  maxValue: 0,
})

export const websites = pgTable(
  'websites',
  {
    id: uuidKey(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    image: text('image').notNull(),
    language: text('language').notNull(),
    languageDescription: text('language_description').notNull().default(''),
    description: text('description').notNull().default(''),
    link: text('link').notNull().default(''),
    imageAlt: text('image_alt').notNull().default(''),
    /** Case study: who it was for, the owner's part, the year, the technologies and the story (Markdown). */
    client: text('client').notNull().default(''),
    role: text('role').notNull().default(''),
    year: integer('year'),
    tags: textList('tags'),
    caseStudy: text('case_study').notNull().default(''),
    /** The case study's screenshots ({image, alt, caption}) and figures ({value, label}). */
    gallery: jsonb('gallery').$type<GalleryImage[]>().notNull().default([]),
    results: jsonb('results').$type<Result[]>().notNull().default([]),
    // Rows written without the app (demo content, restores of older backups) were public before
    // drafts existed; the service creates drafts with an explicit false.
    published: boolean('published').notNull().default(true),
    featured: boolean('featured').notNull().default(false),
    position: integer('position')
      .notNull()
      .default(sql`nextval('websites_position_seq')`),
    /** /website/<old slug> answers a permanent redirect to the current one. */
    ...slugHistory(),
    /** A demo entry from `npm run seed`: marked in the admin, its link never checked. */
    isSample: boolean('is_sample').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Ascending both ways: pages read forwards, and back-half pages backwards (server/db/paging.ts).
    index('websites_position_idx').on(t.position, t.id),
    index('websites_published_position_idx')
      .on(t.position, t.id)
      .where(sql`${t.published}`),
    index('websites_featured_position_idx')
      .on(t.position, t.id)
      .where(sql`${t.published} and ${t.featured}`),
    index('websites_previous_slugs_idx').using('gin', t.previousSlugs),
    index('websites_language_description_idx').on(t.languageDescription),
    index('websites_tags_idx').using('gin', t.tags),
  ],
)

export const messages = pgTable(
  'messages',
  {
    id: uuidKey(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    replyContent: text('reply_content'),
    repliedAt: at('replied_at'),
    notifiedAt: at('notified_at'),
    notifyAttempts: integer('notify_attempts').notNull().default(0),
    /** Earliest time the owner notification may be (re)tried: an in-flight lease, or a back-off. */
    notifyRetryAt: at('notify_retry_at'),
    readAt: at('read_at'),
    /** Every reply sent, oldest first; reply_content/replied_at keep the newest one. */
    replies: jsonb('replies').$type<MessageReply[]>().notNull().default([]),
    /** Caught by the contact form's honeypot or timing check: kept out of the inbox and counts. */
    spam: boolean('spam').notNull().default(false),
    /** The counted visit the message was sent in (server/modules/stats), or null. */
    visit: jsonb('visit').$type<MessageVisit>(),
    /** The contact form's qualifying answers (settings `inquiry`), null when not given. */
    projectType: text('project_type'),
    budget: text('budget'),
    timeline: text('timeline'),
    website: text('website'),
    /** The Message-ID of the acknowledgement mailed to the sender, which replies thread with. */
    ackMessageId: text('ack_message_id'),
    /** Where the inquiry stands (MESSAGE_STAGES); a reply moves "new" to "replied". */
    stage: text('stage').$type<MessageStage>().notNull().default('new'),
    /** The owner's private notes, oldest first: never mailed. */
    notes: jsonb('notes').$type<MessageNote[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    // Ascending for the same reason as websites_created_at_idx.
    index('messages_created_at_idx').on(t.createdAt, t.id),
    index('messages_unread_idx')
      .on(t.createdAt)
      .where(sql`${t.readAt} is null and not ${t.spam}`),
    index('messages_spam_idx')
      .on(t.createdAt)
      .where(sql`${t.spam}`),
    index('messages_unnotified_idx')
      .on(t.createdAt)
      .where(sql`${t.notifiedAt} is null`),
    // The inbox's count of each stage, read from the index alone once the upkeep has vacuumed
    // (server/db/upkeep.ts): a tenth of reading every message at 100,000 of them.
    index('messages_stage_idx')
      .on(t.stage)
      .where(sql`not ${t.spam}`),
  ],
)

/**
 * The job runner's schedule (server/modules/jobs/jobs.runner.ts): one row per shared job, when its
 * next run is due and who holds it. An instance runs a job only after moving `due_at` on in one UPDATE, so with
 * several instances on one database each run happens once; a run whose instance died is taken
 * again when its lease ends.
 */
export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  dueAt: at('due_at').notNull(),
  /** Held by the instance running the job until then; null when nobody runs it. */
  leaseUntil: at('lease_until'),
  lastStartedAt: at('last_started_at'),
  lastFinishedAt: at('last_finished_at'),
  /** The last run's failure, null after a run that succeeded. */
  lastError: text('last_error'),
})

/**
 * The outbox: every mail the site sends is a row here, delivered by one sender
 * (server/modules/mail/mail.service.ts). `priority` 0 is transactional mail, 1 bulk (newsletters), so a
 * newsletter never holds up a password reset. The body is emptied once the mail is sent (a reset
 * link or a sign-in token is not kept at rest longer than it has to be). A newsletter delivery
 * names its send, whose counts are read from these rows.
 */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: uuidKey(),
    /** What the mail is (password-reset, booking-booked …), for the owner's list. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    /** From name, Reply-To, headers, threading, the calendar part, text and HTML: as sent. */
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    priority: integer('priority').notNull().default(0),
    status: text('status')
      .$type<'queued' | 'sending' | 'sent' | 'failed'>()
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull(),
    /** While `sending`: the instance holding it; past this, another may take it (it crashed). */
    leaseUntil: at('lease_until'),
    lastError: text('last_error'),
    /** When the last attempt was made and whether it failed: the health check's "mail" state. */
    lastAttemptAt: at('last_attempt_at'),
    createdAt: at('created_at').notNull(),
    sentAt: at('sent_at'),
    /**
     * The newsletter send this delivery is part of (null for every other mail). Deleting the send
     * (its post was deleted) takes its mails that are still waiting with it.
     */
    newsletterSendId: uuid('newsletter_send_id').references(() => newsletterSends.id, {
      onDelete: 'cascade',
    }),
  },
  (t) => [
    index('outbox_mails_due_idx')
      .on(t.priority, t.nextAttemptAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
    index('outbox_mails_created_idx').on(t.createdAt),
    index('outbox_mails_attempt_idx').on(t.lastAttemptAt),
    // A send's counts by status, and its waiting mails, without reading the rest of the outbox.
    index('outbox_mails_newsletter_send_idx')
      .on(t.newsletterSendId, t.status)
      .where(sql`${t.newsletterSendId} is not null`),
  ],
)
export type OutboxMailRow = typeof outboxMails.$inferSelect

/**
 * When a contact acknowledgement last went to an address (at most one an hour, whichever instance
 * receives the message), and that acknowledgement's delivery: a queue row any instance's retry run
 * claims under a lease until it is sent or given up. Finished rows older than the window are
 * purged with the spam.
 */
export const contactAcknowledgements = pgTable(
  'contact_acknowledgements',
  {
    email: text('email').primaryKey(),
    /** When the acknowledgement was claimed: the start of the address's window. */
    sentAt: at('sent_at').notNull(),
    /**
     * The message it acknowledges. A deleted message leaves the window in place (a restore too):
     * an acknowledgement still queued for it is then never sent.
     */
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    state: text('state')
      .$type<'pending' | 'sending' | 'sent' | 'failed'>()
      .notNull()
      .default('sent'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at'),
    leaseUntil: at('lease_until'),
    lastError: text('last_error'),
  },
  (t) => [
    index('contact_acknowledgements_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} in ('pending', 'sending')`),
  ],
)

/**
 * The ids of one-time form tokens already used (the contact form's), until they expire: a token
 * posted twice is a replay, on whichever instance the second post lands.
 */
export const usedFormTokens = pgTable(
  'used_form_tokens',
  {
    id: text('id').primaryKey(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('used_form_tokens_expires_at_idx').on(t.expiresAt)],
)

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuidKey(),
    userId: ownedBy('user_id', () => users.id),
    ...singleUseToken(),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
)

/** Uploaded images, one row per stored variant, keyed by content hash plus width. */
export const images = pgTable('images', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  byteSize: integer('byte_size').notNull(),
  data: bytea('data').notNull(),
  /**
   * Since when no website (setting, page) refers to the image: set at upload and by the sweep of
   * unused images (server/modules/uploads/image-references.ts), cleared while it is in use.
   */
  unusedSince: at('unused_since'),
  createdAt: createdAt(),
})

/** FAQ entries, shown on /faq by ascending position. */
export const faqs = pgTable(
  'faqs',
  {
    id: uuidKey(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('faqs_position_idx').on(t.position, t.id)],
)

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

export type UserRow = typeof users.$inferSelect
export type WebsiteRow = typeof websites.$inferSelect
export interface MessageReply {
  text: string
  sentAt: string
}

export type MessageRow = typeof messages.$inferSelect

export type ImageRow = typeof images.$inferSelect
export type FaqRow = typeof faqs.$inferSelect

/** The editable texts of the public pages, one row per page key once the owner has saved it. */
export const pages = pgTable('pages', {
  key: text('key').primaryKey(),
  content: jsonb('content').notNull(),
  updatedAt: updatedAt(),
})

// Visit statistics (server/modules/stats): no cookie, nothing that identifies a person.

/** The day's random salt of the visitor hash (UTC days), deleted 48 hours after the day began. */
export const statsSalts = pgTable('stats_salts', {
  day: day('day').primaryKey(),
  salt: text('salt').notNull(),
})

/** One visit (views of one visitor hash with no gap over 30 minutes); kept 30 days. */
export const visits = pgTable(
  'visits',
  {
    id: uuidKey(),
    /** hash(day's salt, IP, user agent, site): unlinkable once the salt is gone. */
    visitor: text('visitor').notNull(),
    /** The UTC day the visit began: its views and conversions count on that day. */
    day: day('day').notNull(),
    startedAt: at('started_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
    landingPage: text('landing_page').notNull(),
    /** The referrer's host; null for a direct visit. */
    source: text('source'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    device: text('device').notNull(),
    country: text('country'),
    pageviews: integer('pageviews').notNull(),
    /** Contact messages sent during the visit. */
    messages: integer('messages').notNull().default(0),
  },
  (t) => [
    index('visits_visitor_idx').on(t.visitor, t.lastSeenAt),
    index('visits_day_idx').on(t.day),
  ],
)

/** The pages a visit viewed; deleted with their visit. */
export const pageViews = pgTable(
  'page_views',
  {
    visitId: ownedBy('visit_id', () => visits.id),
    path: text('path').notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('page_views_visit_idx').on(t.visitId)],
)

/**
 * Daily roll-ups of the visits, kept for years: one row per day, kind ('total', 'page', 'source',
 * 'campaign', 'device', 'country') and key.
 */
export const statsDaily = pgTable(
  'stats_daily',
  {
    id: uuidKey(),
    day: day('day').notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    visitors: integer('visitors').notNull(),
    pageviews: integer('pageviews').notNull(),
    /** Visitors who sent a contact message ('total' only; 0 elsewhere). */
    converted: integer('converted').notNull(),
    /** Contact messages sent in counted visits ('total' only; 0 elsewhere). */
    messages: integer('messages').notNull(),
  },
  (t) => [uniqueIndex('stats_daily_day_kind_key_idx').on(t.day, t.kind, t.key)],
)

/**
 * The distinct sources, campaigns and pages each day's visits were stored under, so a day keeps at
 * most a fixed number of each (later ones are stored as "Other"); deleted with the day's visits.
 */
export const statsDayKeys = pgTable(
  'stats_day_keys',
  {
    day: day('day').notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.key] })],
)

/**
 * The running figures of each day that still has raw visits, as `stats_daily` holds a roll-up
 * (per kind and key; converted visitors and messages on 'total'), updated by every write of
 * visits, so reading a day never scans its visits; deleted with the day's visits.
 */
export const statsDayFigures = pgTable(
  'stats_day_figures',
  {
    day: day('day').notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    visitors: integer('visitors').notNull(),
    pageviews: integer('pageviews').notNull(),
    converted: integer('converted').notNull().default(0),
    messages: integer('messages').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.key] })],
)

/**
 * Each visitor's share of a day's running figures: per kind and key, the page views of the
 * visitor's visits counted there (kind 'converted': the contact messages they sent). A visitor
 * counts once for a key while its row exists, so a write adds a visitor to `stats_day_figures`
 * only the first time; deleted with the day's visits.
 */
export const statsDayVisitors = pgTable(
  'stats_day_visitors',
  {
    day: day('day').notNull(),
    visitor: text('visitor').notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitor, t.kind, t.key] })],
)

/**
 * New visitors counted per network address and clock hour: the address is a hash under the day's
 * salt (never the IP), and the row is deleted once its hour is over.
 */
export const statsAddressHours = pgTable(
  'stats_address_hours',
  {
    address: text('address').notNull(),
    hour: at('hour').notNull(),
    visitors: integer('visitors').notNull(),
    /** The last visitor counted: the address's later new visitors of the hour count as this one. */
    lastVisitor: text('last_visitor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.address, t.hour] })],
)

/** One row per week whose digest an instance has claimed: several instances send it once. */
export const statsDigests = pgTable('stats_digests', {
  weekStart: day('week_start').primaryKey(),
  claimedAt: at('claimed_at').notNull().defaultNow(),
})
/**
 * Each published website's link check (server/modules/link-checks): the last result, the alert
 * state and when the next scheduled check is due. A row exists once the link was first due.
 */
export const linkChecks = pgTable(
  'link_checks',
  {
    websiteId: uuid('website_id')
      .primaryKey()
      .references(() => websites.id, { onDelete: 'cascade' }),
    /** Text the owner expects on the page (a parking page answering 200 then fails); '' for none. */
    keyword: text('keyword').notNull().default(''),
    /** The link the last result is about: a changed link is due again at once. */
    checkedLink: text('checked_link'),
    checkedAt: at('checked_at'),
    ok: boolean('ok'),
    status: integer('status'),
    finalUrl: text('final_url'),
    ms: integer('ms'),
    tlsDaysLeft: integer('tls_days_left'),
    error: text('error'),
    /** Failed checks in a row. */
    failures: integer('failures').notNull().default(0),
    /** The "link is failing" e-mail went out; the next successful check sends the recovery one. */
    isDownAlerted: boolean('is_down_alerted').notNull().default(false),
    /** The "certificate expires soon" e-mail went out; cleared once a renewed certificate is seen. */
    isTlsAlerted: boolean('is_tls_alerted').notNull().default(false),
    /** When the next scheduled check is due; an instance claims a link by moving it a period on. */
    dueAt: at('due_at').notNull(),
  },
  (t) => [index('link_checks_due_at_idx').on(t.dueAt)],
)

/** One row per website and day of link checks, kept for LINK_CHECK_HISTORY_DAYS (link-checks.service.ts). */
export const linkCheckDays = pgTable(
  'link_check_days',
  {
    websiteId: ownedBy('website_id', () => websites.id),
    day: date('day').notNull(),
    checks: integer('checks').notNull().default(0),
    failures: integer('failures').notNull().default(0),
    /** Response times of the day's answered checks (bounded), for the median. */
    times: integer('times')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    worstMs: integer('worst_ms'),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.day] }),
    index('link_check_days_day_idx').on(t.day),
  ],
)

export type LinkCheckRow = typeof linkChecks.$inferSelect
export type LinkCheckDayRow = typeof linkCheckDays.$inferSelect
/**
 * Journal posts. A post is public once `status` is published and `published_at` (its publishAt, or
 * the moment it was published when it has none) has passed: readers compare with the clock at each
 * read, so a scheduled post appears by itself.
 */
export const posts = pgTable(
  'posts',
  {
    id: uuidKey(),
    title: text('title').notNull(),
    slug: text('slug').notNull().unique(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull().default(''),
    image: text('image').notNull().default(''),
    imageAlt: text('image_alt').notNull().default(''),
    tags: textList('tags'),
    status: text('status').$type<'draft' | 'published'>().notNull().default('draft'),
    /** The date the owner chose (null: as soon as it is published). */
    publishAt: at('publish_at'),
    /** When the post becomes (or became) public; null while a draft. */
    publishedAt: at('published_at'),
    ...slugHistory(),
    /** First-run sample content, marked as such in the admin. */
    isSample: boolean('is_sample').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('posts_published_at_idx')
      .on(t.publishedAt, t.id)
      .where(sql`${t.status} = 'published'`),
    index('posts_tags_idx').using('gin', t.tags),
    index('posts_previous_slugs_idx').using('gin', t.previousSlugs),
  ],
)

export type PostRow = typeof posts.$inferSelect

/** Testimonials: sent by a client through a request's one-time link, public once approved. */
export const testimonials = pgTable(
  'testimonials',
  {
    id: uuidKey(),
    name: text('name').notNull(),
    role: text('role').notNull().default(''),
    company: text('company').notNull().default(''),
    text: text('text').notNull(),
    rating: integer('rating'),
    /** The client's photo or logo (an uploaded image path), shown round beside their words. */
    photo: text('photo'),
    approved: boolean('approved').notNull().default(false),
    /**
     * When the owner last approved or hid it: null while it waits for a first look (pending), so a
     * hidden testimonial is told apart from one nobody has reviewed yet.
     */
    reviewedAt: at('reviewed_at'),
    position: integer('position').notNull().default(0),
    websiteId: uuid('website_id').references(() => websites.id, { onDelete: 'set null' }),
    /** The address the request went to (never shown publicly). */
    email: text('email').notNull().default(''),
    isSample: boolean('is_sample').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('testimonials_position_idx').on(t.position, t.createdAt)],
)

export type TestimonialRow = typeof testimonials.$inferSelect

/** Testimonial requests: the one-time link's token is stored hashed, used once, valid 30 days. */
export const testimonialRequests = pgTable('testimonial_requests', {
  id: uuidKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  websiteId: uuid('website_id').references(() => websites.id, { onDelete: 'set null' }),
  messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: createdAt(),
})
/**
 * One row per sign-in: the token names its row, so ending it refuses the token at once on every
 * instance (each request reads it with the user). `verifiedAt` is when the password or a second
 * factor was last entered in this session, for the acts that need a recent check.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: uuidKey(),
    userId: ownedBy('user_id', () => users.id),
    device: text('device').notNull(),
    place: text('place'),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    verifiedAt: at('verified_at').notNull().defaultNow(),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId, t.createdAt)],
)

/**
 * Single-use recovery codes for two-factor sign-in, each under its own salted argon2id hash
 * (server/lib/recovery-codes.ts). `lookup` is the code's first characters, so a sign-in verifies
 * one hash rather than ten; null for codes made before it existed, hashed from their SHA-256.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuidKey(),
    userId: ownedBy('user_id', () => users.id),
    lookup: text('lookup'),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
)

/** The step between a right password and the second factor: a hashed one-time challenge. */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: uuidKey(),
    userId: ownedBy('user_id', () => users.id),
    ...singleUseToken(),
  },
  (t) => [index('sign_in_challenges_expires_at_idx').on(t.expiresAt)],
)

/**
 * Wrong second-factor codes (TOTP or recovery) per account, in a window that starts at the first
 * one: the budget holds across challenges, addresses and instances, and a right password leaves
 * it alone. `noticeSentAt` says whether this window's notice has gone out.
 */
export const secondFactorGuesses = pgTable('second_factor_guesses', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  windowStartedAt: at('window_started_at').notNull(),
  wrongCodes: integer('wrong_codes').notNull(),
  noticeSentAt: at('notice_sent_at'),
})

/** Account security events (sign-ins, failures, two-factor changes, sessions ended), kept 90 days. */
export const securityEvents = pgTable(
  'security_events',
  {
    id: uuidKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    type: text('type').notNull(),
    device: text('device').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('security_events_created_at_idx').on(t.createdAt),
    // "Has this account signed in from this device before?" on each sign-in (new-device notice).
    index('security_events_user_idx').on(t.userId, t.type, t.device),
  ],
)

export type UserSessionRow = typeof userSessions.$inferSelect
export type SecurityEventRow = typeof securityEvents.$inferSelect

/** WebAuthn credentials (passkeys): a passkey signs the user in alone, as both factors. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuidKey(),
    userId: ownedBy('user_id', () => users.id),
    /** The credential id, base64url, as the authenticator gave it. */
    credentialId: text('credential_id').notNull().unique(),
    publicKey: bytea('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: textList('transports'),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
)

/** Challenges handed to the browser for a passkey ceremony; each is used once, within minutes. */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    /** The signed-in user adding a passkey; null for a sign-in. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('passkey_challenges_expires_at_idx').on(t.expiresAt)],
)

export type PasskeyRow = typeof passkeys.$inferSelect

/**
 * Newsletter subscribers (double opt-in). `createdAt` is when the current subscription was asked
 * for (a pending one expires from it), `confirmedAt` the consent, `source` the page it was asked
 * on. The confirmation token is stored as a hash; the unsubscribe token as it is, since every
 * newsletter mail carries it, and it can do nothing but unsubscribe.
 */
export const subscribers = pgTable(
  'subscribers',
  {
    id: uuidKey(),
    email: text('email').notNull().unique(),
    status: text('status').$type<'pending' | 'confirmed' | 'unsubscribed'>().notNull(),
    source: text('source').notNull().default(''),
    confirmTokenHash: text('confirm_token_hash').unique(),
    confirmationSentAt: at('confirmation_sent_at'),
    confirmedAt: at('confirmed_at'),
    unsubscribedAt: at('unsubscribed_at'),
    unsubscribeToken: text('unsubscribe_token').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('subscribers_status_idx').on(t.status, t.createdAt)],
)

export type SubscriberRow = typeof subscribers.$inferSelect

/**
 * One newsletter send per post: the unique post id is what refuses a second send. Its mails are
 * outbox rows (outbox_mails.newsletter_send_id), counted from there while it is sending; `sent`
 * and `failed` hold what is counted apart from them: the mails counted when the send finished (the
 * outbox forgets its records after 90 days) and, for a send begun before the outbox, the mails its
 * own queue had sent or failed.
 */
export const newsletterSends = pgTable('newsletter_sends', {
  id: uuidKey(),
  postId: uuid('post_id')
    .notNull()
    .unique()
    .references(() => posts.id, { onDelete: 'cascade' }),
  recipients: integer('recipients').notNull(),
  status: text('status').$type<'sending' | 'sent'>().notNull().default('sending'),
  sent: integer('sent').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  createdAt: createdAt(),
  finishedAt: at('finished_at'),
})

export type NewsletterSendRow = typeof newsletterSends.$inferSelect

/**
 * A send's recipients, fixed when it starts: one row per (send, subscriber). The newsletter job
 * turns `pending` rows into outbox mails a batch at a time, marking them `queued` in the batch's
 * transaction, so none is queued twice; `skipped` are the recipients who had left before theirs
 * was queued.
 */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    id: uuidKey(),
    sendId: ownedBy('send_id', () => newsletterSends.id),
    subscriberId: ownedBy('subscriber_id', () => subscribers.id),
    state: text('state').$type<'pending' | 'queued' | 'skipped'>().notNull().default('pending'),
  },
  (t) => [
    uniqueIndex('newsletter_deliveries_send_subscriber_idx').on(t.sendId, t.subscriberId),
    index('newsletter_deliveries_pending_idx')
      .on(t.sendId, t.id)
      .where(sql`${t.state} = 'pending'`),
  ],
)

/**
 * Calls visitors booked. A confirmed booking holds [start_at, blocked_until): its call and the
 * buffer after it. The custom migration bookings_no_overlap adds an exclusion constraint over that
 * range for confirmed rows, so two bookings can never overlap, whatever instances take them at
 * once; a reschedule updates the same row, so the constraint holds for it too.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuidKey(),
    /** The secret of the visitor's manage link (PUBLIC_URL/booking/{token}). */
    token: text('token').notNull().unique(),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    /** The call's end plus the buffer in force when it was booked or moved. */
    blockedUntil: at('blocked_until').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    status: text('status').$type<BookingStatus>().notNull().default('confirmed'),
    /** The visitor's zone: their mails show the time in it. */
    timeZone: text('time_zone').notNull(),
    /** Where the call takes place, as the settings said when it was booked. */
    location: text('location').notNull(),
    /** RFC 5545 SEQUENCE of the invitations: 0, then one more for each move or the cancellation. */
    sequence: integer('sequence').notNull().default(0),
    /**
     * The inquiry the booking made (stage "call"), which holds the visitor's name, e-mail, words
     * and answers: one record per lead, so the inbox and the booking never disagree. Deleting the
     * inquiry deletes the lead, its booking with it.
     */
    messageId: ownedBy('message_id', () => messages.id),
    /** Claimed by the instance that sends the reminder, so it goes once. */
    reminderSentAt: at('reminder_sent_at'),
    cancelledAt: at('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bookings_start_at_idx').on(t.startAt),
    index('bookings_reminder_due_idx')
      .on(t.startAt)
      .where(sql`${t.status} = 'confirmed' and ${t.reminderSentAt} is null`),
  ],
)
export type BookingRow = typeof bookings.$inferSelect

/**
 * The busy times read from the owner's calendar feed (settings booking.busyCalendarUrl), kept in
 * the database so every instance blocks the same slots; replaced whole at each fetch.
 */
export const bookingBusyTimes = pgTable(
  'booking_busy_times',
  {
    id: uuidKey(),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
  },
  (t) => [index('booking_busy_times_start_at_idx').on(t.startAt, t.endAt)],
)

/**
 * The booking calendars' state, one row: the secret key of the owner's feed of bookings, and the
 * last fetch of the owner's busy calendar (claimed by one instance at a time).
 */
export const bookingCalendar = pgTable('booking_calendar', {
  id: text('id').primaryKey(),
  feedKey: text('feed_key'),
  busyUrl: text('busy_url'),
  busyFetchedAt: at('busy_fetched_at'),
  busyError: text('busy_error'),
  busyEvents: integer('busy_events'),
})

/** The owner's clients: whom proposals and invoices are for. One client per e-mail address. */
export const clients = pgTable(
  'clients',
  {
    id: uuidKey(),
    name: text('name').notNull(),
    /** Lower-case (EmailSchema): unique. */
    email: text('email').notNull(),
    company: text('company').notNull().default(''),
    address: text('address').notNull().default(''),
    country: text('country').notNull().default(''),
    vatId: text('vat_id').notNull().default(''),
    /** The Peppol participant ID ("0088:…") e-invoices address the client by, or "". */
    peppolId: text('peppol_id').notNull().default(''),
    /** The inquiry the client came from ("Make a client" in the inbox). */
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('clients_email_idx').on(t.email)],
)
export type ClientRow = typeof clients.$inferSelect

/**
 * The single-use links that sign a client into their room (PUBLIC_URL/client/signin/{token}),
 * kept as the token's SHA-256: a copy of the database opens no room.
 */
export const clientSignInTokens = pgTable(
  'client_sign_in_tokens',
  {
    id: uuidKey(),
    clientId: ownedBy('client_id', () => clients.id),
    ...singleUseToken(),
    createdAt: createdAt(),
  },
  (t) => [index('client_sign_in_tokens_client_idx').on(t.clientId)],
)

/**
 * A client's signed-in room, one row per browser: the cookie holds a secret whose SHA-256 is
 * `tokenHash`. It ends when unused for CLIENT_SESSION_IDLE_DAYS, on sign-out, or when the owner
 * ends the client's sessions (the rows are deleted, so every instance refuses the cookie at once).
 */
export const clientSessions = pgTable(
  'client_sessions',
  {
    id: uuidKey(),
    clientId: ownedBy('client_id', () => clients.id),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    index('client_sessions_client_idx').on(t.clientId),
    index('client_sessions_last_seen_idx').on(t.lastSeenAt),
  ],
)

/** Reusable terms the owner starts a proposal's terms from. */
export const termsTemplates = pgTable('terms_templates', {
  id: uuidKey(),
  name: text('name').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})
export type TermsTemplateRow = typeof termsTemplates.$inferSelect

/**
 * Proposals: a draft the owner edits, then, once sent, a fixed document (`document`, what the
 * client sees and signs) behind a secret link, accepted with a typed signature or declined. The
 * amounts are numeric, read as strings: never floats.
 */
export const proposals = pgTable(
  'proposals',
  {
    id: uuidKey(),
    /** A client with a sent proposal cannot be deleted; a draft goes with its client. */
    clientId: ownedBy('client_id', () => clients.id),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    ...lineItems(),
    validUntil: day('valid_until').notNull(),
    terms: text('terms').notNull().default(''),
    depositPercent: numeric('deposit_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    ...totals(),
    depositAmount: money('deposit_amount').notNull().default('0'),
    /** The exemption reason as the proposal was saved or sent. */
    ...vatTreatment(),
    status: text('status').$type<ProposalStatus>().notNull().default('draft'),
    /** The secret of the client's link (PUBLIC_URL/proposal/{token}), set when sent. */
    token: text('token').unique(),
    /** What the client sees and signs, fixed when sent. */
    document: jsonb('document').$type<ProposalDocument>(),
    sentAt: at('sent_at'),
    signerName: text('signer_name'),
    signedAt: at('signed_at'),
    /** The signer's device: the browser's User-Agent when they accepted. */
    signerAgent: text('signer_agent'),
    /** SHA-256 (hex) of `document` as signed. */
    documentHash: text('document_hash'),
    /** The signed agreement's PDF, made once at acceptance: every download is these bytes. */
    signedPdf: bytea('signed_pdf'),
    /** "invoiced" once accepted with a deposit: its invoice is issued with the acceptance. */
    depositStatus: text('deposit_status').$type<DepositStatus>().notNull().default('none'),
    declinedAt: at('declined_at'),
    declineReason: text('decline_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('proposals_client_idx').on(t.clientId),
    index('proposals_created_idx').on(t.createdAt),
  ],
)
export type ProposalRow = typeof proposals.$inferSelect

/**
 * Invoices: a draft the owner edits (no number), then, once issued, a fixed document
 * (`document`, what the PDF, the XML and the client's page show) with the next number of its year,
 * behind a secret link. `paid` and `credited` follow the payments and the credit notes, in their
 * transactions; what is left to pay is total - prepaid - credited - paid.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuidKey(),
    /** A client with an issued invoice cannot be deleted (its drafts are deleted with it). */
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'restrict' }),
    proposalId: uuid('proposal_id').references(() => proposals.id, { onDelete: 'set null' }),
    /**
     * The invoice a credit note corrects. No foreign key: a backup restores rows in key order, so
     * a table may not reference itself (an issued invoice is never deleted anyway).
     */
    correctsId: uuid('corrects_id'),
    kind: text('kind').$type<InvoiceKind>().notNull().default('invoice'),
    status: text('status').$type<'draft' | 'issued'>().notNull().default('draft'),
    /** prefix + year + "-" + four digits, from invoice_number_sequences at issue. */
    number: text('number').unique(),
    ...lineItems(),
    /** The exemption reason as the billing details gave it when drafted. */
    ...vatTreatment(),
    ...totals(),
    prepaid: money('prepaid').notNull().default('0'),
    credited: money('credited').notNull().default('0'),
    paid: money('paid').notNull().default('0'),
    issueDate: day('issue_date'),
    dueDate: day('due_date'),
    notes: text('notes').notNull().default(''),
    /** The secret of the client's link (PUBLIC_URL/invoice/{token}), set at issue. */
    token: text('token').unique(),
    document: jsonb('document').$type<InvoiceDocument>(),
    /** Issued to be mailed by the sender's next round (a deposit issued with its acceptance). */
    isSendPending: boolean('is_send_pending').notNull().default(false),
    sentAt: at('sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('invoices_client_idx').on(t.clientId),
    index('invoices_proposal_idx').on(t.proposalId),
    index('invoices_issue_date_idx').on(t.issueDate),
    index('invoices_created_idx').on(t.createdAt),
  ],
)
export type InvoiceRow = typeof invoices.$inferSelect

/**
 * The last number issued per prefix and year: the issuing transaction takes the next one with an
 * UPDATE that holds this row until it commits, so numbers are consecutive with no gap, whatever
 * runs at once on however many instances.
 */
export const invoiceNumberSequences = pgTable(
  'invoice_number_sequences',
  {
    id: uuidKey(),
    prefix: text('prefix').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [uniqueIndex('invoice_number_sequences_prefix_year_idx').on(t.prefix, t.year)],
)

/** Payments received against an issued invoice (the owner's records and card payments). */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuidKey(),
    invoiceId: ownedBy('invoice_id', () => invoices.id),
    amount: money('amount').notNull(),
    date: day('date').notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    /** The Stripe Checkout Session a card payment came from: one payment each. */
    reference: text('reference').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoice_payments_invoice_idx').on(t.invoiceId),
    index('invoice_payments_date_idx').on(t.date),
  ],
)
export type InvoicePaymentRow = typeof invoicePayments.$inferSelect

/** The reminders sent for an overdue invoice: one per reminder day (billing.reminderDays). */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    id: uuidKey(),
    invoiceId: ownedBy('invoice_id', () => invoices.id),
    /** Days after the due date. */
    days: integer('days').notNull(),
    sentAt: at('sent_at').notNull(),
  },
  (t) => [uniqueIndex('invoice_reminders_invoice_days_idx').on(t.invoiceId, t.days)],
)

/** The Stripe events the webhook acted on: each is acted on once, however often it arrives. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: at('received_at').notNull(),
})

/**
 * The owner's projects for a client: where the work stands, its milestones and, optionally, the
 * portfolio entry of the site being built or cared for. Milestones are always read and written
 * with their project, whole and in order, so they are a list in the row, not a table of their own.
 */
export const projects = pgTable(
  'projects',
  {
    id: uuidKey(),
    clientId: ownedBy('client_id', () => clients.id),
    name: text('name').notNull(),
    status: text('status').$type<ProjectStatus>().notNull(),
    websiteId: uuid('website_id').references(() => websites.id, { onDelete: 'set null' }),
    milestones: jsonb('milestones').$type<Milestone[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('projects_client_idx').on(t.clientId, t.createdAt)],
)
export type ProjectRow = typeof projects.$inferSelect

/**
 * Files shared with a client, both ways (`sender`: the owner or the client). The bytes are in
 * client_file_chunks, so every instance serves them and every backup holds them
 * (docs/decisions/051-client-files-in-the-database.md).
 */
export const clientFiles = pgTable(
  'client_files',
  {
    id: uuidKey(),
    clientId: ownedBy('client_id', () => clients.id),
    sender: text('sender').$type<ClientFileSender>().notNull(),
    /** The uploaded file's name, cleaned for display and for Content-Disposition. */
    name: text('name').notNull(),
    byteSize: integer('byte_size').notNull(),
    /** What the uploader's browser said the file is; downloads are sent as bytes whatever it says. */
    contentType: text('content_type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('client_files_client_idx').on(t.clientId, t.createdAt)],
)
export type ClientFileRow = typeof clientFiles.$inferSelect

/** A client file's bytes in pieces of CLIENT_FILE_CHUNK_BYTES, read and written one at a time. */
export const clientFileChunks = pgTable(
  'client_file_chunks',
  {
    id: uuidKey(),
    fileId: ownedBy('file_id', () => clientFiles.id),
    /** The piece's place in the file, from 0. */
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [uniqueIndex('client_file_chunks_file_seq_idx').on(t.fileId, t.seq)],
)
