/** SQL for proposals and terms templates; the rules live in proposals.service.ts. */
import { and, asc, desc, eq, ne, type SQL } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import {
  proposals,
  termsTemplates,
  type ProposalRow,
  type TermsTemplateRow,
} from '#server/db/schema.ts'
import type { ProposalStatus } from '#common/schemas/proposals.ts'
import { deleteRow } from '#server/lib/delete-row.ts'

/** What a proposal comes to: its totals, its deposit and the VAT it states. */
type Priced = Pick<
  ProposalRow,
  'subtotal' | 'tax' | 'total' | 'depositAmount' | 'reverseCharge' | 'vatExemption'
>

export type DraftValues = Priced &
  Pick<
    ProposalRow,
    | 'clientId'
    | 'messageId'
    | 'title'
    | 'summary'
    | 'items'
    | 'currency'
    | 'validUntil'
    | 'terms'
    | 'depositPercent'
  >

export type Signed = Pick<
  ProposalRow,
  'signerName' | 'signedAt' | 'signerAgent' | 'documentHash' | 'signedPdf' | 'depositStatus'
>

const isDraft = eq(proposals.status, 'draft')
const isSent = eq(proposals.status, 'sent')

/**
 * Within `tx`: moves the proposal `id` from the state `from` says to `status` with `values`, dated
 * `at`; undefined when it is no longer in that state (answered, or sent, meanwhile).
 */
async function moveTo(
  tx: Db,
  id: string,
  from: SQL,
  status: ProposalStatus,
  values: Partial<ProposalRow>,
  at: Date,
): Promise<ProposalRow | undefined> {
  const [row] = await tx
    .update(proposals)
    .set({ ...values, status, updatedAt: at })
    .where(and(eq(proposals.id, id), from))
    .returning()
  return row
}

export function createProposalsRepository(db: Db) {
  return {
    /** Runs `fn` in one transaction: a proposal's change, its lead's stage and its mails. */
    transaction: <T>(fn: (tx: Db) => Promise<T>): Promise<T> => db.transaction(fn),

    list: (): Promise<ProposalRow[]> =>
      db.select().from(proposals).orderBy(desc(proposals.createdAt), desc(proposals.id)),

    /** The proposals the client was sent (drafts are the owner's), newest first. */
    listSentTo: (clientId: string): Promise<ProposalRow[]> =>
      db
        .select()
        .from(proposals)
        .where(and(eq(proposals.clientId, clientId), ne(proposals.status, 'draft')))
        .orderBy(desc(proposals.sentAt), desc(proposals.id)),

    async findById(id: string): Promise<ProposalRow | undefined> {
      const [row] = await db.select().from(proposals).where(eq(proposals.id, id)).limit(1)
      return row
    },

    async findByToken(token: string): Promise<ProposalRow | undefined> {
      const [row] = await db.select().from(proposals).where(eq(proposals.token, token)).limit(1)
      return row
    },

    async insert(values: DraftValues): Promise<ProposalRow> {
      const [row] = await db.insert(proposals).values(values).returning()
      return row!
    },

    /** Changes a draft; undefined when it is not one (any more). */
    async updateDraft(id: string, values: DraftValues, at: Date): Promise<ProposalRow | undefined> {
      const [row] = await db
        .update(proposals)
        .set({ ...values, updatedAt: at })
        .where(and(eq(proposals.id, id), isDraft))
        .returning()
      return row
    },

    deleteDraft: (id: string): Promise<boolean> => deleteRow(db, proposals, id, isDraft),

    /**
     * Within `tx`: fixes a draft's document and link, its totals the document's; undefined when it
     * is not a draft.
     */
    async markSent(
      tx: Db,
      id: string,
      sent: Priced & Pick<ProposalRow, 'token' | 'document' | 'sentAt'>,
    ): Promise<ProposalRow | undefined> {
      return moveTo(tx, id, isDraft, 'sent', sent, sent.sentAt!)
    },

    /** Within `tx`: records the signature of a sent proposal; undefined when it was answered. */
    async markAccepted(tx: Db, id: string, signed: Signed): Promise<ProposalRow | undefined> {
      return moveTo(tx, id, isSent, 'accepted', signed, signed.signedAt!)
    },

    /** Within `tx`: records a decline of a sent proposal; undefined when it was answered. */
    async markDeclined(
      tx: Db,
      id: string,
      declined: Pick<ProposalRow, 'declinedAt' | 'declineReason'>,
    ): Promise<ProposalRow | undefined> {
      return moveTo(tx, id, isSent, 'declined', declined, declined.declinedAt!)
    },

    listTemplates: (): Promise<TermsTemplateRow[]> =>
      db.select().from(termsTemplates).orderBy(asc(termsTemplates.name)),

    async insertTemplate(values: { name: string; body: string }): Promise<TermsTemplateRow> {
      const [row] = await db.insert(termsTemplates).values(values).returning()
      return row!
    },

    async updateTemplate(
      id: string,
      values: { name: string; body: string },
      at: Date,
    ): Promise<TermsTemplateRow | undefined> {
      const [row] = await db
        .update(termsTemplates)
        .set({ ...values, updatedAt: at })
        .where(eq(termsTemplates.id, id))
        .returning()
      return row
    },

    async deleteTemplate(id: string): Promise<boolean> {
      return deleteRow(db, termsTemplates, id)
    },
  }
}

export type ProposalsRepository = ReturnType<typeof createProposalsRepository>
