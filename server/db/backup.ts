/**
 * A portable backup of the site's data: gzipped JSON lines, the same for the embedded database and
 * for PostgreSQL, so a backup taken from one restores into the other. Password-reset tokens are
 * left out (they expire within the hour anyway), and so is the stored token-signing secret: with
 * it, whoever reads a backup could sign a token for any user. A restore stores a new secret
 * instead (every session from before ends), and drops one found in an older backup.
 *
 * Line 1 is a header, then one `{"t": table, "r": row}` per row, then a trailer with the counts
 * (a file without it is truncated and is refused). A restore trusts nothing in the file: every line,
 * table name and row is checked against the schema before it is written.
 */
import { createReadStream, createWriteStream } from 'node:fs'
import { open, readFile, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { StringDecoder } from 'node:string_decoder'
import { createGunzip, createGzip } from 'node:zlib'
import { and, asc, count, getTableColumns, gt, ne, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import { MIGRATIONS_DIR } from '#server/lib/paths.ts'
import type { Database, Db } from './client.ts'
import { replaceSessionSecret, SESSION_SECRET_KEY } from './settings.ts'
import {
  faqs,
  images,
  messages,
  pages,
  passwordResetTokens,
  settings,
  users,
  websites,
} from './schema.ts'

const BACKUP_FORMAT = 'devfolio-backup'
const BACKUP_VERSION = 1

/**
 * Tables in restore order (referenced tables first) with the column that orders their rows, and
 * which rows to leave out of a backup.
 */
const TABLES = {
  settings: {
    table: settings,
    key: settings.key,
    keyField: 'key',
    batch: 500,
    only: ne(settings.key, SESSION_SECRET_KEY),
  },
  users: { table: users, key: users.id, keyField: 'id', batch: 500 },
  websites: { table: websites, key: websites.id, keyField: 'id', batch: 500 },
  messages: { table: messages, key: messages.id, keyField: 'id', batch: 500 },
  faqs: { table: faqs, key: faqs.id, keyField: 'id', batch: 500 },
  pages: { table: pages, key: pages.key, keyField: 'key', batch: 100 },
  // Image rows hold the encoded bytes: small batches keep memory flat.
  images: { table: images, key: images.key, keyField: 'key', batch: 10 },
} satisfies Record<
  string,
  { table: PgTable; key: PgColumn; keyField: string; batch: number; only?: SQL }
>

type BackupTable = keyof typeof TABLES
export type BackupCounts = Record<BackupTable, number>

const TABLE_NAMES = Object.keys(TABLES) as BackupTable[]
/** Looked up by a name read from the file: a Map, so "__proto__" or "constructor" is no table. */
const TABLE_BY_NAME = new Map<string, BackupTable>(TABLE_NAMES.map((name) => [name, name]))

/** Rules beyond the column types, for values the app would never have written. */
const COLUMN_RULES: { [T in BackupTable]?: Record<string, z.ZodType> } = {
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
  const columns = getTableColumns(TABLES[name].table) as Record<string, PgColumn>
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

const rowSchemas = new Map<BackupTable, ReturnType<typeof rowSchema>>()
const rowSchemaOf = (name: BackupTable) => {
  let schema = rowSchemas.get(name)
  if (!schema) rowSchemas.set(name, (schema = rowSchema(name)))
  return schema
}

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

export class BackupError extends Error {
  override name = 'BackupError'
}

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
  const checked = rowSchemaOf(name).safeParse(row)
  if (!checked.success) {
    const id = TABLES[name].keyField
    const key = typeof row[id] === 'string' ? ` ${id} "${row[id]}"` : ''
    throw new BackupError(`${where}: ${name} row${key}: ${describeIssues(checked.error)}`)
  }
  const columns = getTableColumns(TABLES[name].table) as Record<string, PgColumn>
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
    const { table, key, keyField, batch } = TABLES[name]
    const { only } = TABLES[name] as { only?: SQL }
    // Keyset pages: memory stays flat whatever the table's size.
    let after: string | undefined
    for (;;) {
      const where = and(only, after === undefined ? undefined : gt(key as PgColumn, after))
      const rows = (await db
        .select()
        .from(table)
        .where(where)
        .orderBy(asc(key))
        .limit(batch)) as Record<string, unknown>[]
      if (rows.length === 0) break
      yield rows
        .map((row) => `${JSON.stringify({ t: name, r: encodeRow(row) } satisfies Line)}\n`)
        .join('')
      counts[name] += rows.length
      after = String(rows.at(-1)![keyField])
      if (rows.length < batch) break
    }
  }
  yield `${JSON.stringify({ end: true, counts } satisfies Line)}\n`
}

const emptyCounts = (): BackupCounts => ({
  settings: 0,
  users: 0,
  websites: 0,
  messages: 0,
  faqs: 0,
  pages: 0,
  images: 0,
})

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
  for (const table of [users, websites, messages, images, passwordResetTokens] as PgTable[]) {
    const [row] = await db.select({ n: count() }).from(table)
    total += row?.n ?? 0
  }
  return total
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
      for (const table of [
        passwordResetTokens,
        messages,
        websites,
        images,
        users,
        settings,
      ] as PgTable[]) {
        await tx.delete(table)
      }
    } else if ((await userDataCount(tx)) > 0) {
      throw new BackupError(
        'the target database is not empty; pass --force to replace its contents',
      )
    }

    let pending: { name: BackupTable; rows: Record<string, unknown>[] } | undefined
    // Site content a fresh database is seeded with (the FAQ, the page texts): a backup that holds
    // it replaces the seed; an older backup without it leaves the seed in place.
    const seeded = new Set<BackupTable>(['faqs', 'pages'])
    const flush = async () => {
      if (!pending || pending.rows.length === 0) return
      const { table } = TABLES[pending.name]
      if (seeded.delete(pending.name)) await tx.delete(table)
      if (pending.name === 'settings') {
        for (const row of pending.rows as (typeof settings.$inferInsert)[]) {
          if (row.key === SESSION_SECRET_KEY) {
            dropped.settings += 1
            continue
          }
          await tx
            .insert(settings)
            .values(row)
            .onConflictDoUpdate({ target: settings.key, set: { value: row.value } })
          counts.settings += 1
        }
      } else {
        await tx.insert(table).values(pending.rows as never)
        counts[pending.name] += pending.rows.length
      }
      pending = undefined
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
      pending.rows.push(decodeRow(name, record.data.r, `line ${lineNumber}`))
      if (pending.rows.length >= TABLES[name].batch) await flush()
    }
    if (!headerSeen) throw new BackupError('the file is empty')
    if (!trailer)
      throw new BackupError('the file is truncated (no end marker): nothing was restored')
    for (const name of TABLE_NAMES) {
      const held = counts[name] + dropped[name]
      if ((trailer[name] ?? 0) !== held) {
        throw new BackupError(
          `${name}: the file lists ${trailer[name] ?? 0} rows but holds ${held}`,
        )
      }
    }
    await replaceSessionSecret(tx)
    return counts
  })
}
