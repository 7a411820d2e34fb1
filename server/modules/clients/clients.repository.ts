/** SQL for the owner's clients; the rules live in clients.service.ts. */
import { and, asc, eq, ne, notExists } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { violatedForeignKey } from '#server/db/errors.ts'
import { clients, invoices, proposals, type ClientRow } from '#server/db/schema.ts'

export { isUniqueViolation } from '#server/db/errors.ts'

/** Thrown inside deleteUnlessSent's transaction to undo it. */
class KeptClient extends Error {}

export type ClientValues = Pick<
  ClientRow,
  'name' | 'email' | 'company' | 'address' | 'country' | 'vatId' | 'peppolId' | 'messageId'
>

export function createClientsRepository(db: Db) {
  return {
    list: (): Promise<ClientRow[]> => db.select().from(clients).orderBy(asc(clients.name)),

    async findById(id: string): Promise<ClientRow | undefined> {
      const [row] = await db.select().from(clients).where(eq(clients.id, id)).limit(1)
      return row
    },

    /** `email` as EmailSchema keeps it: lower-case. */
    async findByEmail(email: string): Promise<ClientRow | undefined> {
      const [row] = await db.select().from(clients).where(eq(clients.email, email)).limit(1)
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
     * Deletes the client with its draft proposals and draft invoices, unless one of its proposals
     * was sent or one of its invoices issued (the documents name them): in one transaction, and an
     * invoice issued meanwhile keeps the client (its foreign key restricts the delete). True when
     * it was deleted.
     */
    async deleteUnlessSent(id: string): Promise<boolean> {
      try {
        return await db.transaction(async (tx) => {
          await tx
            .delete(invoices)
            .where(and(eq(invoices.clientId, id), eq(invoices.status, 'draft')))
          const deleted = await tx
            .delete(clients)
            .where(
              and(
                eq(clients.id, id),
                notExists(
                  tx
                    .select({ id: proposals.id })
                    .from(proposals)
                    .where(and(eq(proposals.clientId, clients.id), ne(proposals.status, 'draft'))),
                ),
                notExists(
                  tx
                    .select({ id: invoices.id })
                    .from(invoices)
                    .where(eq(invoices.clientId, clients.id)),
                ),
              ),
            )
            .returning({ id: clients.id })
          if (deleted.length === 0) throw new KeptClient()
          return true
        })
      } catch (error) {
        if (error instanceof KeptClient || violatedForeignKey(error) !== undefined) return false
        throw error
      }
    },
  }
}

export type ClientsRepository = ReturnType<typeof createClientsRepository>
