/**
 * The tables and sequences server/db/schema.ts declares, found among its exports rather than
 * listed, for the code that must account for each: the backup (backup.ts) and the references that
 * keep uploaded images (server/modules/uploads/image-references.ts). A table added to the schema
 * reaches both without anyone remembering them, and each refuses one it has no decision for.
 */
import { is } from 'drizzle-orm'
import { PgSequence, PgTable } from 'drizzle-orm/pg-core'
import * as schema from './schema.ts'

type Schema = typeof schema

/** Each table of the schema, as its Drizzle type. */
export type SchemaTable = {
  [K in keyof Schema]: Schema[K] extends PgTable ? Schema[K] : never
}[keyof Schema]

/** The SQL names of the schema's tables. */
export type SchemaTableName = SchemaTable['_']['name']

/** The Drizzle tables among a module's exports (the tests pass a schema with a table added). */
export const tablesIn = (module: Record<string, unknown>): PgTable[] =>
  Object.values(module).filter((value): value is PgTable => is(value, PgTable))

export const SCHEMA_TABLES: readonly PgTable[] = tablesIn(schema)

/** The Drizzle sequences among a module's exports. */
export const sequencesIn = (module: Record<string, unknown>): PgSequence[] =>
  Object.values(module).filter((value): value is PgSequence => is(value, PgSequence))

export const SCHEMA_SEQUENCES: readonly PgSequence[] = sequencesIn(schema)
