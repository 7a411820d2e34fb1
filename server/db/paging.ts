/**
 * Page reads shared by the list repositories: prepared once (building a Drizzle query costs more
 * CPU than running it), a deferred join for deep pages (the offset is skipped in the index alone,
 * then only the page's rows are fetched), and back-half pages read from the other end of the index
 * (see planPage), so the last page costs what the first one does.
 */
import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { planPage, type PageWindow } from '#server/lib/pagination.ts'
import type { Db } from './client.ts'
import { countRows, type CountedTable } from './row-counts.ts'

export interface PageReaderOptions {
  /** Prefix of the prepared statements' names, unique per table. */
  name: string
  table: PgTable & { id: PgColumn }
  counted: CountedTable
  /** Reads only the rows that match (a partial index in list order keeps it cheap). */
  where?: SQL
  /** The number of matching rows, when `where` leaves out some of the counted table's. */
  total?: () => Promise<number>
  listOrder: SQL[]
  reverseOrder: SQL[]
}

interface Prepared<Row> {
  execute(values: Record<string, number>): Promise<Row[]>
}

export function createPageReader<Row>(db: Db, options: PageReaderOptions) {
  const { table, name, where } = options
  const total = options.total ?? (() => countRows(db, options.counted))
  const limit = sql.placeholder('limit')
  const offset = sql.placeholder('offset')
  const prepare = (order: SQL[], suffix: string) => {
    const first = db
      .select()
      .from(table)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .prepare(`${name}_${suffix}_first`)
    const ids = db
      .select({ id: table.id })
      .from(table)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset)
      .as('page_ids')
    const deep = db
      .select(getTableColumns(table))
      .from(table)
      .innerJoin(ids, eq(table.id, ids.id))
      .orderBy(...order)
      .prepare(`${name}_${suffix}_deep`)
    return { first: first as unknown as Prepared<Row>, deep: deep as unknown as Prepared<Row> }
  }
  // Prepared on first use: a repository bound to a short transaction may never list anything.
  let statements:
    { list: ReturnType<typeof prepare>; reverse: ReturnType<typeof prepare> } | undefined

  return async function readPage(window: Pick<PageWindow, 'limit' | 'offset'>): Promise<Row[]> {
    const plan =
      window.offset === 0 ? { ...window, reverse: false } : planPage(window, await total())
    if (plan.limit <= 0) return []
    statements ??= {
      list: prepare(options.listOrder, 'list'),
      reverse: prepare(options.reverseOrder, 'reverse'),
    }
    const { first, deep } = plan.reverse ? statements.reverse : statements.list
    const rows =
      plan.offset === 0
        ? await first.execute({ limit: plan.limit })
        : await deep.execute({ limit: plan.limit, offset: plan.offset })
    return plan.reverse ? rows.reverse() : rows
  }
}
