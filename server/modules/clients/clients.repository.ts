/** SQL for the owner's clients; the rules live in clients.service.ts. */
import { and, asc, eq, ne, notExists } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { clients, proposals, type ClientRow } from '#server/db/schema.ts'

export { isUniqueViolation } from '#server/db/errors.ts'

export type ClientValues = Pick<
  ClientRow,
  'name' | 'email' | 'company' | 'address' | 'country' | 'vatId' | 'messageId'
>

export function createClientsRepository(db: Db) {
  return {
    list: (): Promise<ClientRow[]> => db.select().from(clients).orderBy(asc(clients.name)),

    async findById(id: string): Promise<ClientRow | undefined> {
      const [row] = await db.select().from(clients).where(eq(clients.id, id)).limit(1)
      return row
    },

    async insert(values: ClientValues): Promise<ClientRow> {
      const [row] = await db.insert(clients).values(values).returning()
      return row!
    },

    async update(id: string, values: ClientValues, at: Date): Promise<ClientRow | undefined> {
      const [row] = await db
        .update(clients)
        .set({ ...values, updatedAt: at })
        .where(eq(clients.id, id))
        .returning()
      return row
    },

    /**
     * Deletes the client with its draft proposals, unless one of its proposals was sent (a sent
     * or signed document names them): one statement, so a proposal sent meanwhile is never lost.
     * True when it was deleted.
     */
    async deleteUnlessSent(id: string): Promise<boolean> {
      const deleted = await db
        .delete(clients)
        .where(
          and(
            eq(clients.id, id),
            notExists(
              db
                .select({ id: proposals.id })
                .from(proposals)
                .where(and(eq(proposals.clientId, clients.id), ne(proposals.status, 'draft'))),
            ),
          ),
        )
        .returning({ id: clients.id })
      return deleted.length > 0
    },
  }
}

export type ClientsRepository = ReturnType<typeof createClientsRepository>
