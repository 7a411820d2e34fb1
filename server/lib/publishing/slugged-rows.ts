/**
 * The SQL every published content type shares (portfolio entries, journal posts): rows found by
 * id, by slug or by an old slug, slugs kept when renamed, tags counted. A content type's repository
 * adds only what is its own (order, scheduling, neighbours).
 */
import { arrayContains, count, desc, eq, like, or, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '#server/db/client.ts'
import { deleteRow } from '#server/lib/delete-row.ts'

/** A table whose rows each have a page at a slug, and keep their old slugs as redirects. */
export type SluggedTable = PgTable & {
  id: PgColumn
  slug: PgColumn
  previousSlugs: PgColumn
  tags: PgColumn
  updatedAt: PgColumn
}

/** Drops `slug` from every row's old slugs: a live slug always wins over a redirect. */
const releaseOldSlug = (db: Db, table: SluggedTable, slug: string) =>
  db
    .update(table)
    .set({ previousSlugs: sql`array_remove(${table.previousSlugs}, ${slug})` })
    .where(arrayContains(table.previousSlugs, [slug]))

/** Rows carrying `tag` in any letter case. */
export const taggedWith = (table: SluggedTable, tag: string): SQL =>
  sql`exists (select 1 from unnest(${table.tags}) as t(tag) where lower(t.tag) = lower(${tag}))`

/**
 * `Row` is the table's select type and `NewRow` what an insert needs; `name` names the prepared
 * statements.
 */
export function createSluggedRows<Row extends { id: string; slug: string }, NewRow extends object>(
  db: Db,
  table: SluggedTable,
  name: string,
) {
  const byId = db
    .select()
    .from(table)
    .where(eq(table.id, sql.placeholder('id')))
    .limit(1)
    .prepare(`${name}_by_id`)
  const bySlug = db
    .select()
    .from(table)
    .where(eq(table.slug, sql.placeholder('slug')))
    .limit(1)
    .prepare(`${name}_by_slug`)

  return {
    async countWhere(where?: SQL): Promise<number> {
      const [row] = await db.select({ n: count() }).from(table).where(where)
      return row?.n ?? 0
    },

    async findById(id: string): Promise<Row | undefined> {
      const [row] = await byId.execute({ id })
      return row as Row | undefined
    },

    async findBySlug(slug: string): Promise<Row | undefined> {
      const [row] = await bySlug.execute({ slug })
      return row as Row | undefined
    },

    /** The row that had this slug before its current one (the latest renamed, if several did). */
    async findByPreviousSlug(slug: string): Promise<Row | undefined> {
      const [row] = await db
        .select()
        .from(table)
        .where(arrayContains(table.previousSlugs, [slug]))
        .orderBy(desc(table.updatedAt))
        .limit(1)
      return row as Row | undefined
    },

    /** The slugs equal to `base` or starting with `base-`. */
    async slugsStartingWith(base: string): Promise<string[]> {
      const escaped = base.replace(/[\\%_]/g, (c) => `\\${c}`)
      const rows = await db
        .select({ slug: table.slug })
        .from(table)
        .where(or(eq(table.slug, base), like(table.slug, `${escaped}-%`)))
      return rows.map((r) => r.slug as string)
    },

    /**
     * The tags of the rows matching `where` with how many carry each, most used first; tags
     * differing only in letter case count as one, spelled as the first in alphabetical order.
     */
    async countTags(where: SQL): Promise<{ tag: string; count: number }[]> {
      const result = await db.execute(sql`
        select min(t.tag) as tag, count(*)::int as count
        from ${table}, unnest(${table.tags}) as t(tag)
        where ${where}
        group by lower(t.tag)
        order by count desc, lower(t.tag) asc`)
      // Both drivers answer with a `rows` array.
      const { rows } = result as unknown as { rows: { tag: string; count: number | string }[] }
      return rows.map((row) => ({ tag: row.tag, count: Number(row.count) }))
    },

    /** Throws a unique violation (see isUniqueViolation) when the slug is taken. */
    insert(values: NewRow & { slug: string }): Promise<Row> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(table).values(values).returning()
        await releaseOldSlug(tx as unknown as Db, table, values.slug)
        return row as Row
      })
    },

    /**
     * Undefined when no row has this id; throws a unique violation when the slug is taken. A
     * changed slug is kept among the row's old slugs.
     */
    update(id: string, changes: Partial<NewRow> & { slug: string }): Promise<Row | undefined> {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ slug: table.slug })
          .from(table)
          .where(eq(table.id, id))
          .for('update')
        if (!current) return undefined
        const isRenamed = current.slug !== changes.slug
        if (isRenamed) await releaseOldSlug(tx as unknown as Db, table, changes.slug)
        const [row] = await tx
          .update(table)
          .set({
            ...changes,
            ...(isRenamed && {
              previousSlugs: sql`array_append(array_remove(${table.previousSlugs}, ${current.slug}), ${current.slug})`,
            }),
            updatedAt: sql`now()`,
          })
          .where(eq(table.id, id))
          .returning()
        return row as Row | undefined
      })
    },

    async delete(id: string): Promise<boolean> {
      return deleteRow(db, table, id)
    },
  }
}
