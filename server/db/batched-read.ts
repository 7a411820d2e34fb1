/**
 * Coalesces reads that arrive together into one statement. Keys asked for during one turn of the
 * event loop (say, every request parsed from the sockets that turn) are read by a single query,
 * dispatched once that turn is over: it starts after every one of its callers asked, so each
 * caller sees every write committed before it asked, exactly as with a query of its own, at the
 * cost of one round trip for the lot. A read never joins a query already in flight, and nothing
 * is remembered between queries (DataLoader with its cache off).
 */
import DataLoader from 'dataloader'
import { sql, type Column } from 'drizzle-orm'

const MAX_BATCH = 200

export type BatchedRead<K, V> = (key: K) => Promise<V | undefined>

/** `column = any($ids)`: the condition of a batch's statement, with the placeholder `ids`. */
export const inIdsPlaceholder = (column: Column) =>
  sql`${column} = any(${sql.placeholder('ids')}::uuid[])`

/**
 * `readMany` gets each key of a batch once and answers with the rows it found, `keyOf` telling
 * which key each row is for; a key without a row resolves to undefined. If `readMany` fails, every
 * read of that batch fails with its error.
 */
export function batchedRead<K, V>(
  readMany: (keys: K[]) => Promise<V[]>,
  keyOf: (row: V) => K,
): BatchedRead<K, V> {
  const loader = new DataLoader<K, V | undefined>(
    async (keys) => {
      const found = new Map((await readMany([...new Set(keys)])).map((row) => [keyOf(row), row]))
      return keys.map((key) => found.get(key))
    },
    {
      cache: false,
      maxBatchSize: MAX_BATCH,
      // After the I/O phase (setImmediate), not after the current callback (DataLoader's default,
      // process.nextTick): Node drains the tick queue after each socket's callback, so requests
      // read in the same turn would each get a batch of one.
      batchScheduleFn: (dispatch) => setImmediate(dispatch),
    },
  )
  return (key) => loader.load(key)
}
