import { sql } from 'drizzle-orm'
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    image: text('image').notNull(),
    language: text('language').notNull(),
    languageDescription: text('language_description').notNull().default(''),
    description: text('description').notNull().default(''),
    link: text('link').notNull().default(''),
    imageAlt: text('image_alt').notNull().default(''),
    // Rows written without the app (demo content, restores of older backups) were public before
    // drafts existed; the service creates drafts with an explicit false.
    published: boolean('published').notNull().default(true),
    featured: boolean('featured').notNull().default(false),
    position: integer('position')
      .notNull()
      .default(sql`nextval('websites_position_seq')`),
    /** Slugs the website had before: /website/<old> answers a permanent redirect to the current one. */
    previousSlugs: text('previous_slugs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
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
  ],
)

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    replyContent: text('reply_content'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    notifyAttempts: integer('notify_attempts').notNull().default(0),
    /** Earliest time the owner notification may be (re)tried: an in-flight lease, or a back-off. */
    notifyRetryAt: timestamp('notify_retry_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Every reply sent, oldest first; reply_content/replied_at keep the newest one. */
    replies: jsonb('replies').$type<MessageReply[]>().notNull().default([]),
    /** Caught by the contact form's honeypot or timing check: kept out of the inbox and counts. */
    spam: boolean('spam').notNull().default(false),
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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('used_form_tokens_expires_at_idx').on(t.expiresAt)],
)

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
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
  unusedSince: timestamp('unused_since', { withTimezone: true }),
  createdAt: createdAt(),
})

/** FAQ entries, shown on /faq by ascending position. */
export const faqs = pgTable(
  'faqs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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

/**
 * One row per sign-in: the token names its row, so ending it refuses the token at once on every
 * instance (each request reads it with the user). `verifiedAt` is when the password or a second
 * factor was last entered in this session, for the acts that need a recent check.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    device: text('device').notNull(),
    place: text('place'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId, t.createdAt)],
)

/** Single-use recovery codes for two-factor sign-in, stored as SHA-256 hashes. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
)

/** The step between a right password and the second factor: a hashed one-time challenge. */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sign_in_challenges_expires_at_idx').on(t.expiresAt)],
)

/** Account security events (sign-ins, failures, two-factor changes, sessions ended), kept 90 days. */
export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the authenticator gave it. */
    credentialId: text('credential_id').notNull().unique(),
    publicKey: bytea('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
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
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('passkey_challenges_expires_at_idx').on(t.expiresAt)],
)

export type PasskeyRow = typeof passkeys.$inferSelect
