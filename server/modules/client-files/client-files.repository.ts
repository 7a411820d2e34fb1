/** SQL for client files and their bytes, kept in pieces; the rules live in client-files.service.ts. */
import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { clientFileChunks, clientFiles, clients, type ClientFileRow } from '#server/db/schema.ts'
import { deleteRow } from '#server/lib/delete-row.ts'

export { violatedForeignKey } from '#server/db/errors.ts'

export type NewClientFile = Pick<
  ClientFileRow,
  'clientId' | 'sender' | 'name' | 'byteSize' | 'contentType'
>

export function createClientFilesRepository(db: Db) {
  return {
    async clientExists(clientId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: clients.id })
        .from(clients)
        .where(eq(clients.id, clientId))
        .limit(1)
      return row !== undefined
    },

    /** The client's files, newest first. */
    list: (clientId: string): Promise<ClientFileRow[]> =>
      db
        .select()
        .from(clientFiles)
        .where(eq(clientFiles.clientId, clientId))
        .orderBy(desc(clientFiles.createdAt), desc(clientFiles.id)),

    /** The file, only when it is the client's. */
    async findOf(clientId: string, fileId: string): Promise<ClientFileRow | undefined> {
      const [row] = await db
        .select()
        .from(clientFiles)
        .where(and(eq(clientFiles.id, fileId), eq(clientFiles.clientId, clientId)))
        .limit(1)
      return row
    },

    /** The file's row and each of its pieces, in one transaction: all of it is stored or none. */
    insert: (file: NewClientFile, pieces: AsyncIterable<Buffer>): Promise<ClientFileRow> =>
      db.transaction(async (tx) => {
        const [row] = await tx.insert(clientFiles).values(file).returning()
        let seq = 0
        for await (const data of pieces) {
          await tx.insert(clientFileChunks).values({ fileId: row!.id, seq, data })
          seq += 1
        }
        return row!
      }),

    /** The file's piece `seq`; undefined once the file is gone. */
    async findPiece(fileId: string, seq: number): Promise<Buffer | undefined> {
      const [row] = await db
        .select({ data: clientFileChunks.data })
        .from(clientFileChunks)
        .where(and(eq(clientFileChunks.fileId, fileId), eq(clientFileChunks.seq, seq)))
        .limit(1)
      return row?.data
    },

    /** Deletes the client's file with its bytes; false when the client has no such file. */
    remove: (clientId: string, fileId: string): Promise<boolean> =>
      deleteRow(db, clientFiles, fileId, eq(clientFiles.clientId, clientId)),
  }
}

export type ClientFilesRepository = ReturnType<typeof createClientFilesRepository>
