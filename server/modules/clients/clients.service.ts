/**
 * The owner's clients: one per e-mail address, made by hand or from an inquiry in the inbox
 * ("Make a client"), which stays linked. A client whose proposal was sent or whose invoice was
 * issued stays: the documents name them.
 */
import {
  CLIENT_EMAIL_TAKEN,
  CLIENT_NOT_FOUND,
  type Client,
  type ClientBody,
} from '#common/schemas/clients.ts'
import type { ClientRow } from '#server/db/schema.ts'
import { badRequest, conflict, notFound } from '#server/lib/http-errors.ts'
import { isUniqueViolation, type ClientsRepository } from './clients.repository.ts'

const toClient = (row: ClientRow): Client => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  company: row.company,
  address: row.address,
  country: row.country,
  vatId: row.vatId,
  peppolId: row.peppolId,
  messageId: row.messageId,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

export function createClientsService({
  repo,
  inquiryExists,
  now,
}: {
  repo: ClientsRepository
  /** Whether the inbox holds the message `id` (an inquiry a client is made from). */
  inquiryExists: (id: string) => Promise<boolean>
  now: () => Date
}) {
  async function valuesOf(body: ClientBody, kept: string | null = null) {
    const messageId = body.messageId === undefined ? kept : body.messageId
    if (messageId && messageId !== kept && !(await inquiryExists(messageId)))
      throw badRequest('messageId: No inquiry with this id')
    return {
      name: body.name,
      email: body.email,
      company: body.company,
      address: body.address,
      country: body.country,
      vatId: body.vatId,
      peppolId: body.peppolId,
      messageId,
    }
  }

  /** Writes `write`, answering 409 when another client has the e-mail address. */
  async function unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(CLIENT_EMAIL_TAKEN)
      throw error
    }
  }

  async function find(id: string): Promise<ClientRow> {
    const row = await repo.findById(id)
    if (!row) throw notFound(CLIENT_NOT_FOUND)
    return row
  }

  return {
    async list(): Promise<{ clients: Client[]; total: number }> {
      const rows = await repo.list()
      return { clients: rows.map(toClient), total: rows.length }
    },

    find,
    get: async (id: string) => toClient(await find(id)),
    /** The client with this (lower-case) address, if there is one. */
    findByEmail: (email: string) => repo.findByEmail(email),

    async create(body: ClientBody): Promise<Client> {
      const values = await valuesOf(body)
      return toClient(await unique(() => repo.insert(values)))
    },

    async update(id: string, body: ClientBody): Promise<Client> {
      const current = await find(id)
      const values = await valuesOf(body, current.messageId)
      const row = await unique(() => repo.update(id, values, now()))
      if (!row) throw notFound(CLIENT_NOT_FOUND)
      return toClient(row)
    },

    /** Deletes the client and its drafts; 409 once one of its proposals was sent or invoices issued. */
    async remove(id: string): Promise<void> {
      await find(id)
      if (!(await repo.deleteUnlessSent(id)))
        throw conflict(
          'This client has sent proposals or issued invoices: the documents name them, so it stays',
        )
    },
  }
}

export type ClientsService = ReturnType<typeof createClientsService>
