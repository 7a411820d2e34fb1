/**
 * A portable backup of the site's data: gzipped JSON lines, the same for the embedded database and
 * for PostgreSQL, so a backup taken from one restores into the other. Which tables it holds comes
 * from the schema: every table of server/db/schema.ts is either backed up or excluded, for a reason
 * written beside it, in TABLE_POLICY below. A table with no entry fails the type check and
 * backup-coverage.test.ts, and this module refuses to load, so no table goes missing from every
 * backup unnoticed. Left out: password-reset tokens, used contact-form token ids, and the stored
 * token-signing secret (with it, whoever reads a backup could sign a token for any user). A restore
 * stores a new secret instead (every session from before ends), and drops one found in an older
 * backup.
 *
 * Line 1 is a header, then one `{"t": table, "r": row}` per row (`t` is the table's SQL name, `r`
 * the row with its schema field names), then a trailer with the counts (a file without it is
 * truncated and is refused). A restore trusts nothing in the file: every line, table name and row
 * is checked against the schema before it is written.
 */
import { createReadStream, createWriteStream } from 'node:fs'
import { open, readFile, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { StringDecoder } from 'node:string_decoder'
import { createGunzip, createGzip } from 'node:zlib'
import { randomUUID } from 'node:crypto'
import { asc, count, eq, getTableColumns, getTableName, gt, max, min, sql } from 'drizzle-orm'
import { getTableConfig, type PgColumn, type PgSequence, type PgTable } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import { CLIENT_FILE_SENDERS } from '#common/schemas/client-files.ts'
import { MilestoneSchema, ProjectStatusSchema } from '#common/schemas/projects.ts'
import { MIGRATIONS_DIR } from '#server/lib/paths.ts'
import type { Database, Db } from './client.ts'
import { SCHEMA_SEQUENCES, SCHEMA_TABLES, type SchemaTableName } from './schema-tables.ts'
import { messages, settings, websites } from './schema.ts'
import { FAQ_FIRST_RUN_KEY, replaceSessionSecret, SESSION_SECRET_KEY } from './settings.ts'

const BACKUP_FORMAT = 'devfolio-backup'
const BACKUP_VERSION = 1

type Row = Record<string, unknown>

export class BackupError extends Error {
  override name = 'BackupError'
}

/** A table every backup holds. */
interface BackedUp {
  /** Rows per query and per insert: small where rows are large. */
  batch: number
  /**
   * What a restore does with the rows the target database already holds (default `data`):
   * - `data`: the owner's data, which a new database does not have. A target holding any is
   *   refused unless `--force`, which empties the table first.
   * - `first-run`: content a new site starts with (the FAQ, the page texts) and the owner edits.
   *   The target's rows stay unless the file lists the table, even with no rows (the owner emptied
   *   it); then the file's rows replace them all. A backup made before the table existed leaves
   *   the target's rows in place.
   * - `by-key`: rows a new database may hold already. `--force` empties the table; otherwise the
   *   file's rows replace the target's rows with the same primary key.
   */
  target?: 'data' | 'first-run' | 'by-key'
  /** Rows no backup holds; a restore drops them when an older backup holds them. */
  leaveOut?: (row: Row) => boolean
}

/** A table no backup holds. */
interface Excluded {
  /** Why (for the reader: a table is excluded on purpose, never by omission). */
  excluded: string
  /** Whether `restore --force` empties it: its rows belong to the data the restore replaces. */
  clearedByForce: boolean
}

export type TablePolicy = BackedUp | Excluded

const isExcluded = (policy: TablePolicy): policy is Excluded => 'excluded' in policy

/**
 * What a backup does with each table of the schema, by SQL name. A backup holds the tables in this
 * order, and a restore writes them in it, except that a table always follows the tables its
 * foreign keys reference (planBackup moves it). The order is also the order of the tools' counts.
 */
export const TABLE_POLICY = {
  settings: {
    batch: 500,
    target: 'by-key',
    // The token-signing secret, which a new database gets when the server first starts: whoever
    // read a backup holding it could sign a token for any user. A restore stores a new one.
    leaveOut: (row) => row.key === SESSION_SECRET_KEY,
  },
  users: { batch: 500 },
  websites: { batch: 500 },
  messages: { batch: 500 },
  faqs: { batch: 500, target: 'first-run' },
  pages: { batch: 100, target: 'first-run' },
  posts: { batch: 200 },
  testimonials: { batch: 500 },
  // Outstanding requests: a restored site still accepts the links its clients were sent.
  testimonial_requests: { batch: 500 },
  // Image rows hold the encoded bytes: small batches keep memory flat.
  images: { batch: 10 },
  // Newsletter: the subscribers with their consent, each send and its queue (a restored site
  // resumes a send where it stood, and never sends a post twice).
  subscribers: { batch: 500 },
  newsletter_sends: { batch: 500 },
  newsletter_deliveries: { batch: 1000 },
  // Link checks: the owner's keyword per website and the last result.
  link_checks: { batch: 500 },
  // Booked calls, and the secret key of the owner's feed of them (a restored site keeps its
  // address, so the owner's calendar app stays subscribed).
  bookings: { batch: 500 },
  booking_calendar: { batch: 10, target: 'by-key' },
  // The owner's clients, their terms templates and proposals, signed ones with their document and
  // signature: a restored site still answers the links its clients were sent.
  clients: { batch: 500 },
  terms_templates: { batch: 500 },
  proposals: { batch: 200 },
  // Projects with their milestones, and the files shared with clients: a file's bytes are its
  // pieces, a few to a batch so memory stays flat.
  projects: { batch: 500 },
  client_files: { batch: 500 },
  client_file_chunks: { batch: 4 },
  // Invoices with their fixed documents, payments and reminders sent, and the last number of each
  // year: a restored site goes on numbering without a gap or a repeat, and reminds no one twice.
  invoices: { batch: 200 },
  invoice_number_sequences: { batch: 500 },
  invoice_payments: { batch: 500 },
  invoice_reminders: { batch: 500 },
  // The Stripe events already acted on: a restored site records no card payment twice.
  stripe_events: { batch: 500 },
  password_reset_tokens: {
    excluded: 'one-time links that expire within the hour, and a restore ends every session anyway',
    clearedByForce: true,
  },
  link_check_days: {
    excluded: 'daily counts of link checks, statistics the schedule builds up again',
    // Its rows are about the websites a restore replaces.
    clearedByForce: true,
  },
  booking_busy_times: {
    excluded: "busy times read from the owner's calendar feed, which is fetched again",
    clearedByForce: true,
  },
  contact_acknowledgements: {
    excluded: 'when an address last got a contact acknowledgement, kept only for the hour',
    // Kept: a restore over a running site still sends no second acknowledgement within the hour.
    clearedByForce: false,
  },
  job_runs: {
    excluded: "the job runner's schedule: when each task runs next, not site content",
    // Kept: a restore neither reruns every task at once nor forgets one in flight.
    clearedByForce: false,
  },
  outbox_mails: {
    excluded: 'the outbox: mail waiting to be sent and the records of mail sent, not site content',
    // Kept: a restore over a running site neither drops its waiting mail nor sends it twice.
    clearedByForce: false,
  },
  used_form_tokens: {
    excluded:
      'ids of contact-form tokens already used, kept only until the tokens expire (within a day)',
    // Kept: they still refuse a replayed form after a restore over a running site's database.
    clearedByForce: false,
  },
  // Visit statistics: the daily roll-ups are the history; the rest is short-lived by design.
  stats_daily: { batch: 500 },
  stats_salts: {
    excluded: 'the visitor-hash salts of today and yesterday: they must never leave the database',
    clearedByForce: false,
  },
  visits: {
    excluded: 'raw visits, kept 30 days at most; their daily roll-ups (stats_daily) are backed up',
    clearedByForce: false,
  },
  page_views: {
    excluded: 'the pages of the raw visits, kept 30 days at most',
    clearedByForce: false,
  },
  stats_day_keys: {
    excluded: 'which sources, campaigns and pages the raw visits of a day were stored under',
    clearedByForce: false,
  },
  stats_day_figures: {
    excluded: 'the running figures of the days that still have raw visits, deleted with them',
    clearedByForce: false,
  },
  stats_day_visitors: {
    excluded: 'which visitor hashes each running figure of those days counts, deleted with them',
    clearedByForce: false,
  },
  stats_address_hours: {
    excluded: 'new visitors per hashed address in the current hour, deleted once the hour is over',
    clearedByForce: false,
  },
  stats_digests: {
    excluded: 'which weeks the weekly digest was sent for; a restore at worst sends one again',
    clearedByForce: false,
  },
  // Hashed single-use codes: an account with two-factor on can still sign in after a restore.
  recovery_codes: { batch: 500 },
  security_events: { batch: 500 },
  user_sessions: {
    excluded: 'a restore ends every session (it stores a new token-signing secret)',
    clearedByForce: true,
  },
  client_sessions: {
    excluded: "a restore ends every session, the clients' rooms too: each signs in again by mail",
    clearedByForce: true,
  },
  client_sign_in_tokens: {
    excluded: 'single-use sign-in links that expire within 15 minutes',
    clearedByForce: true,
  },
  // A passkey keeps working after a restore: its public key is no secret.
  passkeys: { batch: 500 },
  passkey_challenges: {
    excluded: 'challenges of passkey ceremonies, valid for five minutes',
    clearedByForce: true,
  },
  sign_in_challenges: {
    excluded: 'the step between password and code, valid for five minutes',
    clearedByForce: true,
  },
  second_factor_guesses: {
    excluded: 'wrong second-factor codes of the last fifteen minutes',
    clearedByForce: true,
  },
} satisfies Record<SchemaTableName, TablePolicy>

type Policies = typeof TABLE_POLICY
type BackupTable = {
  [K in keyof Policies]: Policies[K] extends Excluded ? never : K
}[keyof Policies]
export type BackupCounts = Record<BackupTable, number>

interface BackupPlan {
  /** Every table of the policy, each after the tables it references. */
  order: string[]
  /** What stops the policy from covering the schema, one sentence each (none when it does). */
  problems: string[]
}

/**
 * Checks `policy` against `tables` (the schema's) and orders the tables for a restore: the
 * policy's order, with each table moved after the tables its foreign keys reference. A problem is
 * a table with no entry, an entry for no table, a backed-up table with rows a restore could not
 * write (it references a table no backup holds, or itself, or has no single-column primary key to
 * page its rows by), and a cycle of foreign keys.
 */
export function planBackup(
  tables: readonly PgTable[],
  policy: Readonly<Record<string, TablePolicy>>,
): BackupPlan {
  const problems: string[] = []
  const byName = new Map(tables.map((table) => [getTableName(table), table]))
  for (const name of byName.keys()) {
    if (!Object.hasOwn(policy, name))
      problems.push(
        `table "${name}" is neither backed up nor excluded: give it an entry in TABLE_POLICY (server/db/backup.ts)`,
      )
  }
  const names = Object.keys(policy).filter((name) => {
    if (byName.has(name)) return true
    problems.push(`TABLE_POLICY names "${name}", which is no table of server/db/schema.ts`)
    return false
  })

  const references = new Map(
    names.map((name) => {
      const { foreignKeys } = getTableConfig(byName.get(name)!)
      return [name, foreignKeys.map((key) => getTableName(key.reference().foreignTable))]
    }),
  )
  for (const name of names) {
    if (isExcluded(policy[name]!)) continue
    for (const referenced of new Set(references.get(name))) {
      if (referenced === name)
        problems.push(`"${name}" references itself: a restore writes its rows in key order`)
      else if (policy[referenced] && isExcluded(policy[referenced]))
        problems.push(`"${name}" is backed up but references "${referenced}", which is excluded`)
    }
    const keys = getTableConfig(byName.get(name)!).columns.filter((column) => column.primary)
    if (keys.length !== 1)
      problems.push(`"${name}" has no single-column primary key to page its rows by`)
  }

  const order: string[] = []
  const placed = new Set<string>()
  while (order.length < names.length) {
    const next = names.find(
      (name) =>
        !placed.has(name) &&
        references.get(name)!.every((ref) => ref === name || placed.has(ref) || !byName.has(ref)),
    )
    if (next === undefined) {
      const rest = names.filter((name) => !placed.has(name))
      problems.push(`the foreign keys of ${rest.map((n) => `"${n}"`).join(', ')} form a cycle`)
      order.push(...rest)
      break
    }
    order.push(next)
    placed.add(next)
  }
  return { order, problems }
}

/**
 * The column each sequence of the schema numbers; every sequence needs an entry. A backup holds
 * rows, not sequences, so a restore moves each sequence past the values restored in its column:
 * otherwise the next row would take a value a restored row has (a new website would share a
 * position, and not come first).
 */
export const SEQUENCE_COLUMNS: Readonly<Record<string, PgColumn>> = {
  websites_position_seq: websites.position,
}

/** A sequence with no entry in `columns`, and an entry for no sequence, one sentence each. */
export function sequenceProblems(
  sequences: readonly PgSequence[],
  columns: Readonly<Record<string, PgColumn>>,
): string[] {
  const names = sequences.map((sequence) => sequence.seqName ?? '')
  return [
    ...names
      .filter((name) => !Object.hasOwn(columns, name))
      .map(
        (name) =>
          `sequence "${name}" has no entry in SEQUENCE_COLUMNS (server/db/backup.ts): a restore would leave it behind its column's values`,
      ),
    ...Object.keys(columns)
      .filter((name) => !names.includes(name))
      .map(
        (name) => `SEQUENCE_COLUMNS names "${name}", which is no sequence of server/db/schema.ts`,
      ),
  ]
}

const PLAN = planBackup(SCHEMA_TABLES, TABLE_POLICY)
const problems = [...PLAN.problems, ...sequenceProblems(SCHEMA_SEQUENCES, SEQUENCE_COLUMNS)]
if (problems.length > 0)
  throw new Error(`The backup does not cover the schema: ${problems.join('; ')}`)

const tableNamed = (name: string) => SCHEMA_TABLES.find((table) => getTableName(table) === name)!

/** A backed-up table, with the primary key its rows are paged and ordered by. */
interface TablePlan {
  table: PgTable
  key: PgColumn
  keyField: string
  batch: number
  target: NonNullable<BackedUp['target']>
  leaveOut?: BackedUp['leaveOut']
}

function tablePlan(name: BackupTable): TablePlan {
  const table = tableNamed(name)
  const [keyField, key] = Object.entries(getTableColumns(table) as Record<string, PgColumn>).find(
    ([, column]) => column.primary,
  )!
  const { batch, target = 'data', leaveOut }: BackedUp = TABLE_POLICY[name]
  return { table, key, keyField, batch, target, leaveOut }
}

/** The backed-up tables in restore order. */
const TABLE_NAMES = PLAN.order.filter(
  (name): name is BackupTable => !isExcluded(TABLE_POLICY[name as SchemaTableName]),
)
const TABLES = new Map(TABLE_NAMES.map((name) => [name, tablePlan(name)]))
const planOf = (name: BackupTable) => TABLES.get(name)!
/** Looked up by a name read from the file: a Map, so "__proto__" or "constructor" is no table. */
const TABLE_BY_NAME = new Map<string, BackupTable>(TABLE_NAMES.map((name) => [name, name]))
/** Tables whose rows in a target mean it holds the owner's data (a restore needs --force). */
const DATA_TABLES = TABLE_NAMES.filter((name) => planOf(name).target === 'data')
/** What `--force` empties, each table before the tables it references. */
const CLEARED_BY_FORCE = PLAN.order.toReversed().filter((name) => {
  const policy: TablePolicy = TABLE_POLICY[name as SchemaTableName]
  return isExcluded(policy) ? policy.clearedByForce : policy.target !== 'first-run'
})

/** Rules beyond the column types, for values the app would never have written. */
const COLUMN_RULES: { [T in BackupTable]?: Record<string, z.ZodType> } = {
  // A project's status and milestones, a file's sender, as the API takes them: the room shows them.
  projects: { status: ProjectStatusSchema, milestones: z.array(MilestoneSchema) },
  client_files: { sender: z.enum(CLIENT_FILE_SENDERS) },
  users: {
    // Sign-in verifies argon2 hashes only: anything else is a password nobody could ever use.
    passwordHash: z
      .string()
      .regex(/^\$argon2(id|i|d)\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/, {
        error: 'must be an argon2 password hash',
      }),
    email: z
      .email()
      .refine((email) => email === email.trim().toLowerCase(), { error: 'must be lower-case' }),
  },
}

/** A column's value as a backup line holds it: timestamps as ISO strings, bytes as base64. */
function columnValueSchema(sqlType: string): z.ZodType | undefined {
  if (sqlType.endsWith('[]')) {
    const element = columnValueSchema(sqlType.slice(0, -2))
    return element && z.array(element.nullable())
  }
  const base = sqlType.replace(/\([^()]*\)$/, '')
  if (base === 'uuid') return z.guid()
  if (['text', 'varchar', 'character varying', 'char', 'character'].includes(base))
    return z.string()
  if (base === 'boolean') return z.boolean()
  if (base === 'smallint') return z.int().min(-32_768).max(32_767)
  if (base === 'integer') return z.int32()
  if (base === 'bigint') return z.int()
  if (['real', 'double precision', 'numeric'].includes(base)) return z.number()
  if (base.startsWith('timestamp')) return z.iso.datetime({ offset: true })
  if (base === 'date') return z.iso.date()
  if (base === 'bytea') return z.base64()
  if (base === 'json' || base === 'jsonb') return z.json()
  return undefined
}

/** The schema one table's rows must match; columns with a default may be missing (older backups). */
function rowSchema(name: BackupTable) {
  const columns = getTableColumns(planOf(name).table) as Record<string, PgColumn>
  const shape: Record<string, z.ZodType> = {}
  for (const [field, column] of Object.entries(columns)) {
    let schema =
      COLUMN_RULES[name]?.[field] ??
      (column.enumValues?.length
        ? z.enum(column.enumValues as [string, ...string[]])
        : columnValueSchema(column.getSQLType()))
    if (!schema)
      throw new BackupError(`${name}.${field}: no restore rule for ${column.getSQLType()}`)
    if (!column.notNull) schema = schema.nullable()
    if (!column.notNull || column.hasDefault) schema = schema.optional()
    shape[field] = schema
  }
  return z.strictObject(shape)
}

/** Built at load: a column type with no restore rule fails at once, not at the next restore. */
const ROW_SCHEMAS = new Map(TABLE_NAMES.map((name) => [name, rowSchema(name)]))

const HeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number(),
  createdAt: z.string(),
  source: z.enum(['pglite', 'postgres']),
  migration: z.object({ tag: z.string(), when: z.number() }).nullable(),
})
const RowLineSchema = z.strictObject({
  t: z.string(),
  // Passed on as it is, not copied: a copy would turn a "__proto__" field into a prototype.
  r: z.custom<JsonRow>((row) => typeof row === 'object' && row !== null && !Array.isArray(row)),
})
const EndLineSchema = z.strictObject({
  end: z.literal(true),
  counts: z.strictObject(
    Object.fromEntries(TABLE_NAMES.map((name) => [name, z.int().min(0).optional()])),
  ),
})

/** "field: problem" for each of a Zod error's issues. */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      if (issue.code === 'unrecognized_keys')
        return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((key) => `"${key}"`).join(', ')} (is the backup from a newer version?)`
      const field = issue.path.map(String).join('.')
      return field ? `field "${field}": ${issue.message}` : issue.message
    })
    .join('; ')
}

interface BackupHeader {
  format: typeof BACKUP_FORMAT
  version: number
  createdAt: string
  source: Database['kind']
  /** The newest migration applied to the source database. */
  migration: { tag: string; when: number } | null
}

type JsonRow = Record<string, unknown>
type Line =
  { header: BackupHeader } | { t: BackupTable; r: JsonRow } | { end: true; counts: BackupCounts }

const GZIP_MAGIC = Buffer.from([0x1f, 0x8b])

interface JournalEntry {
  tag: string
  when: number
}

async function migrationJournal(): Promise<JournalEntry[]> {
  const journal = JSON.parse(
    await readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: JournalEntry[]
  }
  return journal.entries
}

async function appliedMigration(db: Db): Promise<{ tag: string; when: number } | null> {
  const result = await db.execute(
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  )
  // Both drivers answer with a `rows` array.
  const { rows } = result as unknown as { rows: { created_at: string | number }[] }
  const when = rows[0] ? Number(rows[0].created_at) : undefined
  if (when === undefined) return null
  const entry = (await migrationJournal()).find((e) => e.when === when)
  return { tag: entry?.tag ?? 'unknown', when }
}

function encodeRow(row: Record<string, unknown>): JsonRow {
  const out: JsonRow = {}
  for (const [key, value] of Object.entries(row)) {
    if (value instanceof Date) out[key] = value.toISOString()
    else if (Buffer.isBuffer(value) || value instanceof Uint8Array)
      out[key] = Buffer.from(value).toString('base64')
    else out[key] = value
  }
  return out
}

/** A row checked against its table's schema, with dates and bytes decoded. */
function decodeRow(name: BackupTable, row: JsonRow, where: string): Record<string, unknown> {
  const checked = ROW_SCHEMAS.get(name)!.safeParse(row)
  if (!checked.success) {
    const id = planOf(name).keyField
    const key = typeof row[id] === 'string' ? ` ${id} "${row[id]}"` : ''
    throw new BackupError(`${where}: ${name} row${key}: ${describeIssues(checked.error)}`)
  }
  const columns = getTableColumns(planOf(name).table) as Record<string, PgColumn>
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(checked.data)) {
    const type = columns[key]!.getSQLType()
    if (value === null) out[key] = null
    else if (type.startsWith('timestamp')) out[key] = new Date(String(value))
    else if (type === 'bytea') out[key] = Buffer.from(String(value), 'base64')
    else out[key] = value
  }
  return out
}

async function* backupLines(
  db: Db,
  source: Database['kind'],
  counts: BackupCounts,
): AsyncGenerator<string> {
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: new Date().toISOString(),
    source,
    migration: await appliedMigration(db),
  }
  yield `${JSON.stringify({ header } satisfies Line)}\n`
  for (const name of TABLE_NAMES) {
    const { table, key, keyField, batch, leaveOut } = planOf(name)
    // Keyset pages: memory stays flat whatever the table's size.
    let after: string | undefined
    for (;;) {
      const rows = (await db
        .select()
        .from(table)
        .where(after === undefined ? undefined : gt(key, after))
        .orderBy(asc(key))
        .limit(batch)) as Row[]
      if (rows.length === 0) break
      const kept = leaveOut ? rows.filter((row) => !leaveOut(row)) : rows
      yield kept
        .map((row) => `${JSON.stringify({ t: name, r: encodeRow(row) } satisfies Line)}\n`)
        .join('')
      counts[name] += kept.length
      after = String(rows.at(-1)![keyField])
      if (rows.length < batch) break
    }
  }
  yield `${JSON.stringify({ end: true, counts } satisfies Line)}\n`
}

const emptyCounts = () => Object.fromEntries(TABLE_NAMES.map((name) => [name, 0])) as BackupCounts

/**
 * Writes a consistent snapshot of the database to `file` (gzipped JSON lines). The file appears
 * only once complete: it is written under a temporary name and renamed at the end.
 */
export async function writeBackup(database: Database, file: string): Promise<BackupCounts> {
  const counts = emptyCounts()
  const partial = `${file}.partial`
  try {
    // Created afresh, so the owner-only mode holds even where an old partial file was left behind.
    await rm(partial, { force: true })
    await database.db.transaction(
      async (tx) => {
        await pipeline(
          Readable.from(backupLines(tx as unknown as Db, database.kind, counts)),
          createGzip(),
          createWriteStream(partial, { mode: 0o600 }),
        )
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    )
    await rename(partial, file)
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  }
  return counts
}

/** The file's lines, gunzipped when it is gzipped (a plain JSON-lines file is accepted too). */
async function* readLines(file: string): AsyncGenerator<string> {
  const handle = await open(file, 'r')
  const magic = Buffer.alloc(2)
  await handle.read(magic, 0, 2, 0)
  await handle.close()
  const raw = createReadStream(file)
  let source: NodeJS.ReadableStream = raw
  if (magic.equals(GZIP_MAGIC)) {
    const gunzip = createGunzip()
    raw.on('error', (err) => gunzip.destroy(err))
    source = raw.pipe(gunzip)
  }
  const decoder = new StringDecoder('utf8')
  let rest = ''
  for await (const chunk of source as AsyncIterable<Buffer>) {
    const lines = (rest + decoder.write(chunk)).split('\n')
    rest = lines.pop()!
    yield* lines
  }
  rest += decoder.end()
  if (rest) yield rest
}

function parseLine(text: string, lineNumber: number): Record<string, unknown> {
  let line: unknown
  try {
    line = JSON.parse(text)
  } catch {
    throw new BackupError(`line ${lineNumber} is not valid JSON: the file is damaged`)
  }
  if (typeof line !== 'object' || line === null || Array.isArray(line))
    throw new BackupError(`line ${lineNumber}: unknown record`)
  return line as Record<string, unknown>
}

async function checkHeader(line: Record<string, unknown>, db: Db) {
  const candidate = Object.hasOwn(line, 'header') ? line.header : undefined
  const format = (candidate as { format?: unknown } | null | undefined)?.format
  if (format !== BACKUP_FORMAT) throw new BackupError('not a backup file made by `npm run backup`')
  const parsed = HeaderSchema.safeParse(candidate)
  if (!parsed.success) throw new BackupError(`line 1: header: ${describeIssues(parsed.error)}`)
  const header = parsed.data
  if (header.version !== BACKUP_VERSION)
    throw new BackupError(`unsupported backup version ${header.version}`)
  const target = await appliedMigration(db)
  if (header.migration && (!target || header.migration.when > target.when)) {
    throw new BackupError(
      `the backup was made by a newer version (schema ${header.migration.tag}); update the app first`,
    )
  }
}

async function userDataCount(db: Db): Promise<number> {
  let total = 0
  for (const name of DATA_TABLES) {
    const [row] = await db.select({ n: count() }).from(planOf(name).table)
    total += row?.n ?? 0
  }
  return total
}

/** Moves each sequence past the values its column holds (see SEQUENCE_COLUMNS). */
async function moveSequences(db: Db): Promise<void> {
  for (const [name, column] of Object.entries(SEQUENCE_COLUMNS)) {
    // Found as nextval() finds it (the search path), whatever other schemas the database holds.
    const result = await db.execute(
      sql`select seqincrement as step, seqmin as low, seqmax as high from pg_sequence
          where seqrelid = to_regclass(${name})`,
    )
    // Both drivers answer with a `rows` array; bigint values come as strings or numbers.
    const [bounds] = (result as unknown as { rows: Record<'step' | 'low' | 'high', unknown>[] })
      .rows
    if (!bounds) throw new BackupError(`the database has no sequence ${name}`)
    const step = Number(bounds.step)
    const [row] = await db.select({ edge: step < 0 ? min(column) : max(column) }).from(column.table)
    if (row?.edge === null || row?.edge === undefined) continue
    const next =
      step < 0
        ? Math.min(Number(row.edge) + step, Number(bounds.high))
        : Math.max(Number(row.edge) + step, Number(bounds.low))
    await db.execute(sql`select setval(${name}, ${next}, false)`)
  }
}

/**
 * A booking of a backup made before migration 0038, when a booking carried its inquiry's fields
 * (name, e-mail, message, the qualifying answers) itself: those fields go, and a booking whose
 * inquiry the file does not hold (its inbox write had failed, or the message was deleted) gets
 * one made from them, at stage "call" and already notified, as the migration does for a database.
 * The file's messages are restored before its bookings (the restore order), so its inquiry is
 * found when the file has it.
 */
async function withItsInquiry(tx: Db, row: JsonRow): Promise<JsonRow> {
  if (!Object.hasOwn(row, 'email')) return row
  const { name, email, message, projectType, budget, timeline, ...booking } = row
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)
  const linked = text(booking.messageId)
  if (linked) {
    const [found] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.id, linked))
    if (found) return booking
  }
  const id = randomUUID()
  const createdAt = new Date(String(booking.createdAt ?? booking.startAt))
  const start = new Date(String(booking.startAt))
  const when = `${start.toISOString().slice(0, 16).replace('T', ' ')} UTC`
  const fullName = text(name) ?? String(email)
  await tx.insert(messages).values({
    id,
    fullName,
    email: String(email),
    subject: `Call booked: ${when}`,
    message: [`${fullName} booked a call: ${when}.`, text(message)].filter(Boolean).join('\n\n'),
    projectType: text(projectType),
    budget: text(budget),
    timeline: text(timeline),
    stage: 'call',
    notifiedAt: createdAt,
    createdAt,
  })
  return { ...booking, messageId: id }
}

export interface RestoreOptions {
  /** Replace whatever the target database holds (otherwise a non-empty target is refused). */
  force?: boolean
}

/**
 * Restores a backup into a migrated database, in one transaction: either every row is restored or
 * nothing changes. Refuses a target that already holds users, websites, messages or images
 * unless `force` (then their rows are replaced). Stores a new token-signing secret (a signing
 * secret found in the file is not restored), so every session from before ends.
 */
export async function restoreBackup(
  database: Database,
  file: string,
  options: RestoreOptions = {},
): Promise<BackupCounts> {
  return database.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db
    const counts = emptyCounts()
    // Rows the file holds but that are not restored: an older backup's signing secret.
    const dropped = emptyCounts()
    if (options.force) {
      for (const name of CLEARED_BY_FORCE) await tx.delete(tableNamed(name))
    } else if ((await userDataCount(tx)) > 0) {
      throw new BackupError(
        'the target database is not empty; pass --force to replace its contents',
      )
    }

    let pending: { name: BackupTable; rows: Row[] } | undefined
    // First-run content the target still holds: the file's rows replace it (see TABLE_POLICY).
    const firstRun = new Set(TABLE_NAMES.filter((name) => planOf(name).target === 'first-run'))
    const flush = async () => {
      if (!pending || pending.rows.length === 0) return
      const { name, rows } = pending
      pending = undefined
      const { table, key, keyField, target, leaveOut } = planOf(name)
      if (firstRun.delete(name)) await tx.delete(table)
      const kept = leaveOut ? rows.filter((row) => !leaveOut(row)) : rows
      dropped[name] += rows.length - kept.length
      counts[name] += kept.length
      if (kept.length === 0) return
      if (target !== 'by-key') {
        await tx.insert(table).values(kept)
        return
      }
      for (const row of kept) {
        const set = Object.fromEntries(Object.entries(row).filter(([field]) => field !== keyField))
        const insert = tx.insert(table).values(row)
        await (Object.keys(set).length > 0
          ? insert.onConflictDoUpdate({ target: key, set })
          : insert.onConflictDoNothing())
      }
    }

    let lineNumber = 0
    let headerSeen = false
    let trailer: Partial<BackupCounts> | undefined
    for await (const text of readLines(file)) {
      lineNumber += 1
      if (text.trim() === '') continue
      if (trailer) throw new BackupError(`line ${lineNumber}: data after the end marker`)
      const line = parseLine(text, lineNumber)
      if (!headerSeen) {
        await checkHeader(line, tx)
        headerSeen = true
        continue
      }
      if (Object.hasOwn(line, 'end')) {
        const end = EndLineSchema.safeParse(line)
        if (!end.success)
          throw new BackupError(`line ${lineNumber}: end marker: ${describeIssues(end.error)}`)
        await flush()
        trailer = end.data.counts as Partial<BackupCounts>
        continue
      }
      const record = RowLineSchema.safeParse(line)
      if (!record.success) throw new BackupError(`line ${lineNumber}: unknown record`)
      const name = TABLE_BY_NAME.get(record.data.t)
      if (!name)
        throw new BackupError(
          `line ${lineNumber}: unknown table ${JSON.stringify(record.data.t)} (known: ${TABLE_NAMES.join(', ')})`,
        )
      if (pending && pending.name !== name) await flush()
      pending ??= { name, rows: [] }
      const row = name === 'bookings' ? await withItsInquiry(tx, record.data.r) : record.data.r
      pending.rows.push(decodeRow(name, row, `line ${lineNumber}`))
      if (pending.rows.length >= planOf(name).batch) await flush()
    }
    if (!headerSeen) throw new BackupError('the file is empty')
    if (!trailer)
      throw new BackupError('the file is truncated (no end marker): nothing was restored')
    // A table the file lists with no rows replaces first-run content too: the owner emptied it.
    for (const name of firstRun) {
      if (trailer[name] !== undefined) await tx.delete(planOf(name).table)
    }
    for (const name of TABLE_NAMES) {
      const held = counts[name] + dropped[name]
      if ((trailer[name] ?? 0) !== held) {
        throw new BackupError(
          `${name}: the file lists ${trailer[name] ?? 0} rows but holds ${held}`,
        )
      }
    }
    // A file that holds the FAQ (even empty) says it was written: the first-run FAQ never comes back
    // over it (an older file has no marker of its own).
    if (trailer.faqs !== undefined) {
      await tx
        .insert(settings)
        .values({ key: FAQ_FIRST_RUN_KEY, value: sql`now()::text` })
        .onConflictDoNothing()
    }
    await moveSequences(tx)
    await replaceSessionSecret(tx)
    return counts
  })
}
