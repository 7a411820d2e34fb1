/**
 * Where uploaded images are referenced. The sweep of unused images (uploads.service.ts) keeps an
 * image while any column marked `images` below names its path ("/uploads/<hash>.webp" or a variant,
 * as a whole value or anywhere inside Markdown or JSON), and deletes it a day after none does.
 *
 * IMAGE_COLUMNS has an entry for every column of server/db/schema.ts that can hold text: a column
 * whose Drizzle type is one of TEXT_COLUMN_TYPES (text, varchar, char, json, jsonb, any array, and
 * custom types, which could be anything). Each is `images` (it may name uploads; a feature that
 * lets the owner put an image there) or `none` (it never names an image the site shows). A new
 * table or text column without an entry fails the type check and image-references.test.ts, and
 * this module refuses to load, so a feature that stores images cannot leave them to the sweep
 * unnoticed. Types that cannot hold a path (numbers, booleans, dates, uuid, enums) need no entry.
 */
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { SCHEMA_TABLES, type SchemaTable } from '#server/db/schema-tables.ts'

/** Drizzle column types whose values can hold an image path. */
const TEXT_COLUMN_TYPES = [
  'PgText',
  'PgVarchar',
  'PgChar',
  'PgJson',
  'PgJsonb',
  'PgArray',
  'PgCustomColumn',
] as const
type TextColumnType = (typeof TEXT_COLUMN_TYPES)[number]

const holdsText = (column: PgColumn) =>
  (TEXT_COLUMN_TYPES as readonly string[]).includes(column.columnType)

type ImageUse = 'images' | 'none'
type Columns<T extends PgTable> = T['_']['columns']
/** The fields of a table whose columns can hold text. */
type TextFields<T extends PgTable> = {
  [F in keyof Columns<T>]: Columns<T>[F]['_']['columnType'] extends TextColumnType ? F : never
}[keyof Columns<T>]

/** For each table (by SQL name), each of its text columns (by schema field name). */
export type ImageColumns = Readonly<Record<string, Readonly<Record<string, ImageUse>>>>

export const IMAGE_COLUMNS = {
  users: {
    name: 'none',
    email: 'none',
    passwordHash: 'none',
    totpSecret: 'none',
    totpPendingSecret: 'none',
  },
  websites: {
    // The portfolio card and page image: a whole path.
    image: 'images',
    // Plain text shown as text (the description is not Markdown), and slugs.
    name: 'none',
    slug: 'none',
    language: 'none',
    languageDescription: 'none',
    description: 'none',
    link: 'none',
    imageAlt: 'none',
    previousSlugs: 'none',
    client: 'none',
    role: 'none',
    tags: 'none',
    // The case study is Markdown, which may show uploads; the gallery holds whole paths.
    caseStudy: 'images',
    gallery: 'images',
    results: 'none',
  },
  // What visitors write, and the plain-text replies mailed to them: never an image of the site.
  messages: {
    fullName: 'none',
    email: 'none',
    subject: 'none',
    message: 'none',
    replyContent: 'none',
    replies: 'none',
    visit: 'none',
    projectType: 'none',
    budget: 'none',
    timeline: 'none',
    website: 'none',
    ackMessageId: 'none',
    stage: 'none',
    notes: 'none',
  },
  contact_acknowledgements: { email: 'none', state: 'none', lastError: 'none' },
  // Visit statistics: paths, hosts and labels, never an image.
  stats_salts: { salt: 'none' },
  visits: {
    visitor: 'none',
    landingPage: 'none',
    source: 'none',
    utmSource: 'none',
    utmMedium: 'none',
    utmCampaign: 'none',
    device: 'none',
    country: 'none',
  },
  page_views: { path: 'none' },
  stats_daily: { kind: 'none', key: 'none' },
  stats_digests: {},
  stats_day_keys: { kind: 'none', key: 'none' },
  stats_day_figures: { kind: 'none', key: 'none' },
  stats_day_visitors: { visitor: 'none', kind: 'none', key: 'none' },
  stats_address_hours: { address: 'none', lastVisitor: 'none' },
  used_form_tokens: { id: 'none' },
  job_runs: { name: 'none', lastError: 'none' },
  outbox_mails: {
    kind: 'none',
    content: 'none',
    recipient: 'none',
    subject: 'none',
    status: 'none',
    lastError: 'none',
  },
  password_reset_tokens: { tokenHash: 'none' },
  // Account security: hashes, device names and event types, never an image.
  user_sessions: { device: 'none', place: 'none' },
  recovery_codes: { lookup: 'none', codeHash: 'none' },
  sign_in_challenges: { tokenHash: 'none' },
  // The clients' rooms: hashes of their links and sessions, never an image.
  client_sign_in_tokens: { tokenHash: 'none' },
  client_sessions: { tokenHash: 'none' },
  second_factor_guesses: {},
  booking_busy_times: {},
  security_events: { email: 'none', type: 'none', device: 'none' },
  passkeys: { credentialId: 'none', publicKey: 'none', transports: 'none', name: 'none' },
  passkey_challenges: { challenge: 'none' },
  // The images themselves: their key is a hash, not a reference.
  images: { key: 'none', contentType: 'none', data: 'none' },
  // Answers are Markdown, which may show uploads; questions are plain text.
  faqs: { question: 'none', answer: 'images' },
  // Link checks: a keyword, the links checked and what went wrong, never an image of the site.
  link_checks: { keyword: 'none', checkedLink: 'none', finalUrl: 'none', error: 'none' },
  link_check_days: { times: 'none' },
  // Booked calls (what the visitor typed is their inquiry's) and the calendars' addresses and
  // keys: never an image.
  bookings: { token: 'none', status: 'none', timeZone: 'none', location: 'none' },
  booking_calendar: { id: 'none', feedKey: 'none', busyUrl: 'none', busyError: 'none' },
  clients: {
    name: 'none',
    email: 'none',
    company: 'none',
    address: 'none',
    country: 'none',
    vatId: 'none',
    peppolId: 'none',
  },
  // A project's name and milestones are plain text; a client file is no uploaded image.
  projects: { name: 'none', status: 'none', milestones: 'none' },
  client_files: { sender: 'none', name: 'none', contentType: 'none' },
  client_file_chunks: { data: 'none' },
  // Terms and a proposal's summary are Markdown, which may show an uploaded image.
  terms_templates: { name: 'none', body: 'images' },
  proposals: {
    title: 'none',
    summary: 'images',
    items: 'none',
    currency: 'none',
    terms: 'images',
    status: 'none',
    token: 'none',
    document: 'images',
    signerName: 'none',
    signerAgent: 'none',
    documentHash: 'none',
    signedPdf: 'none',
    depositStatus: 'none',
    declineReason: 'none',
    vatExemption: 'none',
  },
  // Invoices: plain text and amounts; the document's brand is a colour, never an image.
  invoices: {
    kind: 'none',
    status: 'none',
    number: 'none',
    items: 'none',
    currency: 'none',
    notes: 'none',
    token: 'none',
    document: 'none',
    vatExemption: 'none',
  },
  invoice_number_sequences: { prefix: 'none' },
  invoice_payments: { method: 'none', reference: 'none' },
  invoice_reminders: {},
  stripe_events: { id: 'none', type: 'none' },
  // One JSON document per key: the site settings' share image, logo and portrait.
  settings: { key: 'none', value: 'images' },
  // The page texts: Markdown, and the guide's step images.
  pages: { key: 'none', content: 'images' },
  // A post's cover (a whole path) and its Markdown body.
  posts: {
    title: 'none',
    slug: 'none',
    summary: 'none',
    body: 'images',
    image: 'images',
    imageAlt: 'none',
    tags: 'none',
    status: 'none',
    previousSlugs: 'none',
  },
  // What clients write: plain text, never an image of the site.
  testimonials: {
    name: 'none',
    role: 'none',
    company: 'none',
    text: 'none',
    email: 'none',
    // The client's photo or logo: a whole path.
    photo: 'images',
  },
  testimonial_requests: { name: 'none', email: 'none', tokenHash: 'none' },
  subscribers: {
    email: 'none',
    status: 'none',
    source: 'none',
    confirmTokenHash: 'none',
    unsubscribeToken: 'none',
  },
  newsletter_sends: { status: 'none' },
  newsletter_deliveries: { state: 'none' },
} satisfies {
  [T in SchemaTable as T['_']['name']]: Record<TextFields<T>, ImageUse>
}

/**
 * What stops `columns` from covering `tables`' text columns, one sentence each (none when it does):
 * a text column with no entry, or an entry for no table or column.
 */
export function imageColumnProblems(tables: readonly PgTable[], columns: ImageColumns): string[] {
  const problems: string[] = []
  const tableNames = new Set<string>()
  for (const table of tables) {
    const name = getTableName(table)
    tableNames.add(name)
    const fields = getTableColumns(table) as Record<string, PgColumn>
    for (const [field, column] of Object.entries(fields)) {
      if (holdsText(column) && !Object.hasOwn(columns[name] ?? {}, field))
        problems.push(
          `${name}.${field} (${column.getSQLType()}) may hold an image path: mark it "images" or "none" in IMAGE_COLUMNS (server/modules/uploads/image-references.ts)`,
        )
    }
    for (const field of Object.keys(columns[name] ?? {})) {
      if (!Object.hasOwn(fields, field))
        problems.push(`IMAGE_COLUMNS names ${name}.${field}, which is no column of the table`)
    }
  }
  for (const name of Object.keys(columns)) {
    if (!tableNames.has(name))
      problems.push(`IMAGE_COLUMNS names "${name}", which is no table of server/db/schema.ts`)
  }
  return problems
}

const problems = imageColumnProblems(SCHEMA_TABLES, IMAGE_COLUMNS)
if (problems.length > 0)
  throw new Error(`The image references do not cover the schema: ${problems.join('; ')}`)

/** Every upload path written anywhere in a value: a whole field, in Markdown, or in JSON. */
const uploadPathsIn = (value: SQL) =>
  sql`(regexp_matches(${value}::text, '/uploads/[0-9a-f]+', 'g'))[1]`

/**
 * One query per `images` column: a `select` of one text column of upload paths, which the sweep
 * (uploads.repository.ts) compares with the stored images.
 */
export const IMAGE_REFERENCES: SQL[] = SCHEMA_TABLES.flatMap((table) => {
  const uses: Readonly<Record<string, ImageUse>> =
    (IMAGE_COLUMNS as ImageColumns)[getTableName(table)] ?? {}
  return Object.entries(getTableColumns(table) as Record<string, PgColumn>)
    .filter(([field]) => uses[field] === 'images')
    .map(([, column]) => sql`select ${uploadPathsIn(sql`${column}`)} from ${table}`)
})
