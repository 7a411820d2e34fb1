/**
 * Proposals, from draft to signed agreement. A draft is the owner's to change; sending fixes what
 * the client sees (`document`: the parties, scope, items, totals, terms, validity and deposit)
 * behind a secret link and moves the inquiry to "proposal"; the client accepts by typing their
 * name (recorded with the time, their device and the SHA-256 of the document as signed), which
 * moves the inquiry to "won", makes the signed PDF once and mails it to both sides, or declines,
 * which tells the owner. A sent proposal never changes: a new version is a new proposal. Each
 * change is one transaction with the inquiry's stage and the outbox rows of its mails.
 */
import { createHash, randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import { decimalText, percentOf } from '#common/money.ts'
import { proposalDocumentOf, proposalTotalsOf } from '#common/proposal-document.ts'
import { vatTotalsOf } from '#common/vat.ts'
import {
  PROPOSAL_ALREADY_ANSWERED,
  PROPOSAL_EXPIRED,
  PROPOSAL_NOT_DRAFT,
  PROPOSAL_NOT_FOUND,
  type AcceptProposalBody,
  type DeclineProposalBody,
  type Proposal,
  type ProposalBody,
  type ProposalDocument,
  type TermsTemplate,
} from '#common/schemas/proposals.ts'
import type { SiteSettings } from '#common/schemas/settings.ts'
import type { Db } from '#server/db/client.ts'
import type { ClientRow, ProposalRow, TermsTemplateRow } from '#server/db/schema.ts'
import { badRequest, conflict, gone, notFound } from '#server/lib/http-errors.ts'
import type { ActionLimits } from '#server/lib/rate-limits.ts'
import type { MailContent, MailService } from '../mail/mail.service.ts'
import { mailBrandOf } from '../mail/templates/layout.ts'
import {
  proposalDeclinedOwnerMail,
  proposalSentMail,
  proposalSignedClientMail,
  proposalSignedOwnerMail,
} from '../mail/templates/proposal.ts'
import type { agreementPdf } from './agreement-pdf.ts'
import type { ProposalsRepository } from './proposals.repository.ts'

type DrawAgreement = typeof agreementPdf

/** A signed proposal's deposit invoice, as the client's page links it. */
interface DepositLink {
  number: string
  total: string
  balance: string
  currency: string
  dueDate: string | null
  isPaid: boolean
  path: string
}

const TOKEN_BYTES = 24
const USER_AGENT_MAX = 500

/** JSON with every object's keys in order: the same document always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map(
        (key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`,
      )
      .join(',')}}`
  return JSON.stringify(value)
}

/** SHA-256 (hex) of the document as signed. */
const documentHashOf = (document: ProposalDocument) =>
  createHash('sha256').update(canonicalJson(document)).digest('hex')

/** The signed PDF's file name, from the proposal's title. */
const pdfNameOf = (title: string) =>
  `${title.replace(/[^\w.-]+/g, '-').slice(0, 60) || 'agreement'}-signed.pdf`

export interface ProposalsServiceDeps {
  repo: ProposalsRepository
  clients: { find: (id: string) => Promise<ClientRow> }
  settings: { get: () => Promise<SiteSettings> }
  messages: {
    exists: (id: string) => Promise<boolean>
    moveToStage: (id: string, stage: 'proposal' | 'won', tx: Db) => Promise<void>
  }
  mail: Pick<MailService, 'prepare' | 'queueIn' | 'attempt'>
  ownerEmail: () => Promise<string | undefined>
  /**
   * The invoices service's deposit invoices: `prepareDeposit` reads what the deposit invoice of a
   * proposal being signed needs, its `issueIn` issues it in the signing transaction, and
   * `sendPending` mails it once that transaction committed.
   */
  deposits: {
    prepareDeposit: (proposal: Proposal) => Promise<{ issueIn: (tx: Db) => Promise<void> }>
    sendPending: () => Promise<void>
    depositForClient: (proposalId: string) => Promise<DepositLink | undefined>
  }
  /** Draws the signed agreement (agreement-pdf.ts, which loads pdfkit when first called). */
  drawAgreement: DrawAgreement
  publicUrl: string
  limits: ActionLimits
  now: () => Date
}

export function createProposalsService({
  repo,
  clients,
  settings,
  messages,
  mail,
  ownerEmail,
  deposits,
  drawAgreement,
  publicUrl,
  limits,
  now,
}: ProposalsServiceDeps) {
  const linkOf = (token: string) => `${publicUrl}/proposal/${token}`
  const adminUrlOf = (id: string) => `${publicUrl}/admin/proposals/${id}`

  /** Today in the owner's time zone (the booking settings' zone), as YYYY-MM-DD. */
  const todayFor = (site: SiteSettings) =>
    DateTime.fromJSDate(now(), { zone: site.booking.timeZone }).toISODate()!

  function toProposal(row: ProposalRow): Proposal {
    const reverseCharge = row.document ? row.document.reverseCharge === true : row.reverseCharge
    const vatExemption = row.document ? (row.document.vatExemption ?? '') : row.vatExemption
    return {
      _id: row.id,
      clientId: row.clientId,
      messageId: row.messageId,
      title: row.title,
      summary: row.summary,
      items: row.items,
      subtotal: row.subtotal,
      tax: row.tax,
      total: row.total,
      taxBreakdown:
        row.document?.taxBreakdown ??
        vatTotalsOf(row.items, reverseCharge, vatExemption).breakdown.map(({ rate, net, tax }) => ({
          rate,
          net,
          tax,
        })),
      reverseCharge,
      vatExemption,
      currency: row.currency,
      validUntil: row.validUntil,
      terms: row.terms,
      depositPercent: decimalText(row.depositPercent),
      depositAmount: row.depositAmount,
      depositStatus: row.depositStatus,
      status: row.status,
      url: row.token ? linkOf(row.token) : null,
      sentAt: row.sentAt?.toISOString() ?? null,
      signature:
        row.signerName && row.signedAt && row.documentHash
          ? {
              name: row.signerName,
              signedAt: row.signedAt.toISOString(),
              documentHash: row.documentHash,
            }
          : null,
      declinedAt: row.declinedAt?.toISOString() ?? null,
      declineReason: row.declineReason,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    }
  }

  /** A draft's columns from the owner's body: the lines priced and totalled exactly. */
  async function draftValues(
    body: ProposalBody,
    site: SiteSettings,
    keptMessageId: string | null = null,
  ) {
    const client = await clients.find(body.clientId).catch(() => {
      throw badRequest('clientId: No client with this id')
    })
    const messageId = body.messageId === undefined ? keptMessageId : body.messageId
    if (messageId && messageId !== keptMessageId && !(await messages.exists(messageId)))
      throw badRequest('messageId: No inquiry with this id')
    const totals = proposalTotalsOf(body.items, client, site)
    if (Number(totals.total) < 0) throw badRequest('items: The total must not be below zero')
    return {
      clientId: body.clientId,
      messageId,
      title: body.title,
      summary: body.summary,
      items: body.items.map((item, index) => ({ ...item, net: totals.lineNets[index]! })),
      currency: body.currency ?? site.billing.currency,
      validUntil: body.validUntil,
      terms: body.terms,
      depositPercent: body.depositPercent,
      subtotal: totals.subtotal,
      tax: totals.tax,
      total: totals.total,
      depositAmount: percentOf(totals.total, body.depositPercent),
      reverseCharge: totals.reverseCharge,
      vatExemption: totals.vatExemption,
    }
  }

  async function find(id: string): Promise<ProposalRow> {
    const row = await repo.findById(id)
    if (!row) throw notFound(PROPOSAL_NOT_FOUND)
    return row
  }

  /** The sent proposal behind `token` (its document is what the client sees). */
  async function findSent(token: string): Promise<ProposalRow> {
    const row = token ? await repo.findByToken(token) : undefined
    if (!row?.document) throw notFound(PROPOSAL_NOT_FOUND)
    return row
  }

  const factsOf = (row: ProposalRow, document: ProposalDocument, site: SiteSettings) => ({
    title: document.title,
    clientName: document.buyer.name,
    total: document.total,
    currency: document.currency,
    validUntil: document.validUntil,
    depositPercent: document.depositPercent,
    depositAmount: document.depositAmount,
    ownerName: site.ownerName,
    businessName: site.businessName,
    link: linkOf(row.token!),
    brand: mailBrandOf(site, publicUrl),
  })

  const fromOwner = (site: SiteSettings) => site.ownerName || site.businessName

  const toTemplate = (row: TermsTemplateRow): TermsTemplate => ({
    _id: row.id,
    name: row.name,
    body: row.body,
    updatedAt: row.updatedAt.toISOString(),
  })

  return {
    toProposal,

    async list(): Promise<{ proposals: Proposal[]; total: number }> {
      const rows = await repo.list()
      return { proposals: rows.map(toProposal), total: rows.length }
    },

    get: async (id: string) => toProposal(await find(id)),

    /** What the client's room lists: the proposals the client was sent, newest first. */
    listSentTo: async (clientId: string): Promise<Proposal[]> =>
      (await repo.listSentTo(clientId)).map(toProposal),

    async create(body: ProposalBody): Promise<Proposal> {
      const values = await draftValues(body, await settings.get())
      return toProposal(await repo.insert(values))
    },

    async update(id: string, body: ProposalBody): Promise<Proposal> {
      const current = await find(id)
      if (current.status !== 'draft') throw conflict(PROPOSAL_NOT_DRAFT)
      const values = await draftValues(body, await settings.get(), current.messageId)
      const row = await repo.updateDraft(id, values, now())
      if (!row) throw conflict(PROPOSAL_NOT_DRAFT)
      return toProposal(row)
    },

    async remove(id: string): Promise<void> {
      const current = await find(id)
      if (current.status !== 'draft' || !(await repo.deleteDraft(id)))
        throw conflict('A sent proposal cannot be deleted: the client has its link')
    },

    /**
     * Sends a draft: fixes its document and link, moves its inquiry to "proposal" and mails the
     * link to the client, in one transaction. 409 when it is not a draft, 400 when its validity
     * has already ended.
     */
    async send(id: string): Promise<Proposal> {
      const current = await find(id)
      if (current.status !== 'draft') throw conflict('This proposal was already sent')
      const site = await settings.get()
      if (current.validUntil < todayFor(site))
        throw badRequest(
          'validUntil: The proposal’s validity has already ended: choose a later date',
        )
      const client = await clients.find(current.clientId)
      const token = randomBytes(TOKEN_BYTES).toString('base64url')
      const document = proposalDocumentOf(current, client, site, todayFor(site))
      const facts = factsOf({ ...current, token }, document, site)
      const prepared = await mail.prepare({
        kind: 'proposal-sent',
        to: client.email,
        fromName: fromOwner(site),
        replyTo: document.seller.email,
        ...proposalSentMail(facts),
      })
      const written = await repo.transaction(async (tx) => {
        // The client's details may have changed since the draft was saved: the totals are the
        // document's, which the client sees and signs.
        const row = await repo.markSent(tx, id, {
          token,
          document,
          sentAt: now(),
          subtotal: document.subtotal,
          tax: document.tax,
          total: document.total,
          depositAmount: document.depositAmount,
          reverseCharge: document.reverseCharge === true,
          vatExemption: document.vatExemption ?? '',
        })
        if (!row) return undefined
        if (row.messageId) await messages.moveToStage(row.messageId, 'proposal', tx)
        return { row, queued: await mail.queueIn(tx, prepared) }
      })
      if (!written) throw conflict('This proposal was already sent')
      await mail.attempt(written.queued)
      return toProposal(written.row)
    },

    /**
     * Counts a client's look at or answer to a proposal, by whichever door, against the guessing
     * limit (the links' tokens cannot be tried by the thousand); throws its 429.
     */
    countAttempt: (client: string) => limits.take('proposalAnswers', client),

    /** The proposal behind a client's link, as the page shows it. */
    async forClient(token: string) {
      const row = await findSent(token)
      const site = await settings.get()
      const deposit =
        row.depositStatus === 'invoiced' ? await deposits.depositForClient(row.id) : undefined
      return {
        proposal: toProposal(row),
        document: row.document!,
        deposit,
        isExpired: row.status === 'sent' && row.validUntil < todayFor(site),
        signedAt: row.signedAt,
        signerName: row.signerName,
        documentHash: row.documentHash,
      }
    },

    /**
     * The client accepts: their typed name, the time, their device and the document's SHA-256 are
     * recorded, the signed PDF is made once, the inquiry moves to "won", and both sides get the
     * PDF; with a deposit, it is recorded as due. 404 for an unknown link, 409 once answered,
     * 410 after its validity.
     */
    async accept(body: AcceptProposalBody, userAgent: string): Promise<Proposal> {
      const row = await findSent(body.token)
      if (row.status !== 'sent') throw conflict(PROPOSAL_ALREADY_ANSWERED)
      const site = await settings.get()
      if (row.validUntil < todayFor(site)) throw gone(PROPOSAL_EXPIRED)
      const document = row.document!
      const signedAt = now()
      const device = userAgent.slice(0, USER_AGENT_MAX)
      const documentHash = documentHashOf(document)
      const pdf = await drawAgreement(
        document,
        { name: body.signerName, signedAt, device, documentHash },
        site.accentColor,
      )
      const facts = {
        ...factsOf(row, document, site),
        signerName: body.signerName,
        signedAt: `${DateTime.fromJSDate(signedAt, { zone: 'UTC' }).setLocale('en-GB').toFormat('d LLLL yyyy, HH:mm')} UTC`,
        documentHash,
      }
      const attachment = {
        filename: pdfNameOf(document.title),
        contentType: 'application/pdf',
        content: pdf.toString('base64'),
        encoding: 'base64' as const,
      }
      const contents: MailContent[] = [
        {
          kind: 'proposal-signed',
          to: document.buyer.email,
          fromName: fromOwner(site),
          replyTo: document.seller.email,
          attachments: [attachment],
          ...proposalSignedClientMail(facts),
        },
      ]
      const owner = await ownerEmail()
      if (owner)
        contents.push({
          kind: 'proposal-signed-owner',
          to: owner,
          replyTo: document.buyer.email,
          attachments: [attachment],
          ...proposalSignedOwnerMail({ ...facts, adminUrl: adminUrlOf(row.id) }),
        })
      const prepared = await Promise.all(contents.map((content) => mail.prepare(content)))
      const hasDeposit = Number(row.depositAmount) > 0
      const deposit = hasDeposit ? await deposits.prepareDeposit(toProposal(row)) : undefined
      const written = await repo.transaction(async (tx) => {
        const signed = await repo.markAccepted(tx, row.id, {
          signerName: body.signerName,
          signedAt,
          signerAgent: device,
          documentHash,
          signedPdf: pdf,
          depositStatus: hasDeposit ? 'invoiced' : 'none',
        })
        if (!signed) return undefined
        await deposit?.issueIn(tx)
        if (signed.messageId) await messages.moveToStage(signed.messageId, 'won', tx)
        const queued = []
        for (const one of prepared) queued.push(await mail.queueIn(tx, one))
        return { signed, queued }
      })
      if (!written) throw conflict(PROPOSAL_ALREADY_ANSWERED)
      await mail.attempt(...written.queued)
      if (deposit) await deposits.sendPending()
      return toProposal(written.signed)
    },

    /** The client declines, with an optional reason; the owner is told. 409 once answered. */
    async decline(body: DeclineProposalBody): Promise<Proposal> {
      const row = await findSent(body.token)
      if (row.status !== 'sent') throw conflict(PROPOSAL_ALREADY_ANSWERED)
      const owner = await ownerEmail()
      const prepared = owner
        ? await mail.prepare({
            kind: 'proposal-declined',
            to: owner,
            replyTo: row.document!.buyer.email,
            ...proposalDeclinedOwnerMail({
              title: row.title,
              clientName: row.document!.buyer.name,
              reason: body.reason,
              adminUrl: adminUrlOf(row.id),
              brand: mailBrandOf(await settings.get(), publicUrl),
            }),
          })
        : undefined
      const written = await repo.transaction(async (tx) => {
        const declined = await repo.markDeclined(tx, row.id, {
          declinedAt: now(),
          declineReason: body.reason || null,
        })
        if (!declined) return undefined
        return { declined, queued: prepared ? [await mail.queueIn(tx, prepared)] : [] }
      })
      if (!written) throw conflict(PROPOSAL_ALREADY_ANSWERED)
      await mail.attempt(...written.queued)
      return toProposal(written.declined)
    },

    /** The signed agreement's PDF behind a client's link; 404 until it is signed. */
    async signedPdf(token: string): Promise<{ pdf: Buffer; filename: string }> {
      const row = await findSent(token)
      if (!row.signedPdf) throw notFound('This proposal is not signed yet')
      return { pdf: row.signedPdf, filename: pdfNameOf(row.title) }
    },

    /** The signed PDF for the owner. */
    async signedPdfById(id: string): Promise<{ pdf: Buffer; filename: string }> {
      const row = await find(id)
      if (!row.signedPdf) throw notFound('This proposal is not signed yet')
      return { pdf: row.signedPdf, filename: pdfNameOf(row.title) }
    },

    listTemplates: async () => ({ templates: (await repo.listTemplates()).map(toTemplate) }),
    createTemplate: async (body: { name: string; body: string }) =>
      toTemplate(await repo.insertTemplate(body)),
    async updateTemplate(id: string, body: { name: string; body: string }) {
      const row = await repo.updateTemplate(id, body, now())
      if (!row) throw notFound('Terms template not found')
      return toTemplate(row)
    },
    async removeTemplate(id: string) {
      if (!(await repo.deleteTemplate(id))) throw notFound('Terms template not found')
    },
  }
}

export type ProposalsService = ReturnType<typeof createProposalsService>
