/**
 * Files shared between the owner and a client, both ways. An upload is written to a file of its
 * own in the incoming folder first, counted as it comes: past CLIENT_FILE_MAX_BYTES it is deleted
 * and refused; complete, it is stored in the database in one transaction and the incoming file
 * deleted. So a refused or broken upload leaves nothing behind, and a slow one holds no
 * transaction open (docs/decisions/051-client-files-in-the-database.md).
 */
import { randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  CLIENT_FILE_FIELD,
  CLIENT_FILE_MAX_BYTES,
  CLIENT_FILE_NOT_FOUND,
  CLIENT_FILE_TOO_LARGE,
  type ClientFile,
  type ClientFileSender,
} from '#common/schemas/client-files.ts'
import { CLIENT_NOT_FOUND } from '#common/schemas/clients.ts'
import type { ClientFileRow } from '#server/db/schema.ts'
import { notFound, payloadTooLarge } from '#server/lib/http-errors.ts'
import { cleanFileName, downloadHeaders, storableContentType } from './file-name.ts'
import { violatedForeignKey, type ClientFilesRepository } from './client-files.repository.ts'

/** The size of the pieces a file's bytes are stored and read in: small beside the heap. */
const CLIENT_FILE_CHUNK_BYTES = 256 * 1024
/** An incoming file this old belongs to no upload still running (a process that stopped mid-way). */
const STALE_INCOMING_MS = 24 * 60 * 60 * 1000
const INCOMING_SUFFIX = '.incoming'

const toClientFile = (row: ClientFileRow): ClientFile => ({
  _id: row.id,
  name: row.name,
  size: row.byteSize,
  createdAt: row.createdAt.toISOString(),
  from: row.sender,
})

export interface StoreFileInput {
  clientId: string
  from: ClientFileSender
  /** The name the uploader's browser gave; cleaned before it is stored. */
  filename: string
  contentType?: string
  stream: AsyncIterable<Uint8Array>
}

export interface OpenedClientFile {
  name: string
  size: number
  contentType: string
  /** The headers to send it with: an attachment of bytes, never shown inline (file-name.ts). */
  headers: Record<string, string>
  /** The bytes, read from the database a piece at a time as the stream is read. */
  stream: Readable
}

/** Passes the bytes on, failing with the 413 once more than `max` went through. */
function sizeLimit(max: number, counted: { bytes: number }) {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counted.bytes += chunk.length
      if (counted.bytes > max)
        done(payloadTooLarge(CLIENT_FILE_TOO_LARGE, { field: CLIENT_FILE_FIELD }))
      else done(null, chunk)
    },
  })
}

export function createClientFilesService({
  repo,
  incomingDir,
  now,
  maxBytes = CLIENT_FILE_MAX_BYTES,
}: {
  repo: ClientFilesRepository
  /** Where uploads are written while they arrive (under DATA_DIR). */
  incomingDir: string
  now: () => Date
  maxBytes?: number
}) {
  /** Deletes incoming files left by a process that stopped mid-upload. */
  async function clearStale(): Promise<void> {
    const cutoff = now().getTime() - STALE_INCOMING_MS
    for (const name of await readdir(incomingDir)) {
      if (!name.endsWith(INCOMING_SUFFIX)) continue
      const file = path.join(incomingDir, name)
      const stats = await stat(file).catch(() => undefined)
      if (stats && stats.mtimeMs < cutoff) await rm(file, { force: true })
    }
  }

  async function requireClient(clientId: string): Promise<void> {
    if (!(await repo.clientExists(clientId))) throw notFound(CLIENT_NOT_FOUND)
  }

  return {
    /** The client's files, both ways, newest first. Throws 404 for an unknown client. */
    async list(clientId: string): Promise<ClientFile[]> {
      await requireClient(clientId)
      return (await repo.list(clientId)).map(toClientFile)
    },

    /**
     * Stores a file for the client. Throws 413 once the stream passes the size limit and 404 for
     * an unknown client; nothing is stored then, nor when the stream fails.
     */
    async store({
      clientId,
      from,
      filename,
      contentType,
      stream,
    }: StoreFileInput): Promise<ClientFile> {
      await requireClient(clientId)
      await mkdir(incomingDir, { recursive: true })
      await clearStale()
      const incoming = path.join(incomingDir, `${randomUUID()}${INCOMING_SUFFIX}`)
      try {
        const counted = { bytes: 0 }
        await pipeline(
          Readable.from(stream),
          sizeLimit(maxBytes, counted),
          createWriteStream(incoming, { mode: 0o600 }),
        )
        const row = await repo.insert(
          {
            clientId,
            sender: from,
            name: cleanFileName(filename),
            byteSize: counted.bytes,
            contentType: storableContentType(contentType),
          },
          createReadStream(incoming, { highWaterMark: CLIENT_FILE_CHUNK_BYTES }),
        )
        return toClientFile(row)
      } catch (error) {
        if (violatedForeignKey(error) !== undefined) throw notFound(CLIENT_NOT_FOUND)
        throw error
      } finally {
        await rm(incoming, { force: true })
      }
    },

    /**
     * The client's file to download: its name, size, type and bytes. Throws 404 when the client
     * has no such file, as for another client's file.
     */
    async open(clientId: string, fileId: string): Promise<OpenedClientFile> {
      const row = await repo.findOf(clientId, fileId)
      if (!row) throw notFound(CLIENT_FILE_NOT_FOUND)
      const { id, byteSize } = row
      async function* bytes() {
        for (let seq = 0, sent = 0; sent < byteSize; seq += 1) {
          const piece = await repo.findPiece(id, seq)
          // Deleted while it was being read: the download ends as a failed one, not a short one.
          if (!piece) throw new Error(`client file ${id} was deleted while being read`)
          sent += piece.length
          yield piece
        }
      }
      return {
        name: row.name,
        size: row.byteSize,
        contentType: row.contentType,
        headers: downloadHeaders(row.name, byteSize),
        stream: Readable.from(bytes()),
      }
    },

    /** Deletes the client's file and its bytes. Throws 404 when the client has no such file. */
    async remove(clientId: string, fileId: string): Promise<void> {
      if (!(await repo.remove(clientId, fileId))) throw notFound(CLIENT_FILE_NOT_FOUND)
    },
  }
}

export type ClientFilesService = ReturnType<typeof createClientFilesService>
