/** The owner's clients: who proposals and invoices are for (GET/POST /api/clients ...). */
import { z } from 'zod'
import { TEXT_LIMITS } from '../constants.ts'
import { countrySchema, peppolIdSchema, vatIdSchema } from './billing.ts'
import { EmailSchema, IdSchema, requiredText, text } from './common.ts'

const ADDRESS_MAX = 500

const ClientSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  address: z.string(),
  country: z.string(),
  vatId: z.string(),
  /** The Peppol participant ID e-invoices address the client by ("0088:…"), or "". */
  peppolId: z.string(),
  /** The inquiry the client came from, if any. */
  messageId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Client = z.infer<typeof ClientSchema>

export const ClientBodySchema = z.object({
  name: requiredText('Name', TEXT_LIMITS.name),
  email: EmailSchema,
  company: text('Company', TEXT_LIMITS.name).default(''),
  address: text('Address', ADDRESS_MAX).default(''),
  country: countrySchema('Country').default(''),
  vatId: vatIdSchema('VAT ID').default(''),
  peppolId: peppolIdSchema('Peppol ID').default(''),
  messageId: IdSchema.nullable().optional(),
})
export type ClientBody = z.infer<typeof ClientBodySchema>

export const ClientResponseSchema = z.object({ client: ClientSchema })
export const ClientsListSchema = z.object({ clients: z.array(ClientSchema), total: z.number() })

export const CLIENT_EMAIL_TAKEN = 'A client with this e-mail already exists'
export const CLIENT_NOT_FOUND = 'Client not found'
