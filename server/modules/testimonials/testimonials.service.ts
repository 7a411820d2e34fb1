/**
 * Testimonials: the owner asks a client by e-mail for one (a one-time link, stored as a hash), the
 * client sends it through that link, and it stays pending until the owner approves it. Approved
 * ones are public, in the owner's order. The client's e-mail address is never public.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import {
  TESTIMONIAL_PHOTO_FIELD,
  TESTIMONIAL_REQUEST_TTL_DAYS,
  TestimonialFieldsSchema,
  type AdminTestimonial,
  type AdminTestimonialList,
  type Testimonial,
  type TestimonialFields,
  type TestimonialRequestBody,
  type TestimonialRequestList,
  type TestimonialRequestResponse,
  type TestimonialSubmitBody,
  type TestimonialUpdateBody,
} from '#common/schemas/testimonials.ts'
import type { TestimonialRow } from '#server/db/schema.ts'
import { HttpError } from '#server/lib/http-errors.ts'
import { assertCompleteOrder } from '#server/lib/complete-order.ts'
import { badGateway, badRequest, conflict, notFound } from '#server/lib/http-errors.ts'
import type { ActionLimits } from '#server/lib/rate-limits.ts'
import type { MailService } from '../mail/mail.service.ts'
import type { MailBrand } from '../mail/templates/layout.ts'
import { testimonialArrivedMail } from '../mail/templates/testimonial-arrived.ts'
import { testimonialRequestMail } from '../mail/templates/testimonial-request.ts'
import type { UploadsService } from '../uploads/uploads.service.ts'
import {
  violatedForeignKey,
  type TestimonialChanges,
  type TestimonialRequestRow,
  type TestimonialsRepository,
} from './testimonials.repository.ts'
import type { KeepRead } from '#server/lib/content-changes.ts'

const TOKEN_BYTES = 32
const DAY_MS = 24 * 60 * 60_000
const REQUEST_TTL_MS = TESTIMONIAL_REQUEST_TTL_DAYS * DAY_MS

const NOT_FOUND = 'Testimonial not found'
const REQUEST_SENT = 'Testimonial request sent'
const REQUEST_FAILED = 'Failed to send the testimonial request'
const THANK_YOU = 'Thank you! Your testimonial was sent.'
const REQUEST_NOT_FOUND = 'Testimonial request not found'
const REQUEST_USED = 'This request was already used: the testimonial has arrived'
/** Why a link no longer works, as the client reads it (the API's 400 and the page both say it). */
const LINK_REFUSALS = {
  used: 'This testimonial link was already used: each link works once.',
  expired: `This testimonial link has expired: links work for ${TESTIMONIAL_REQUEST_TTL_DAYS} days.`,
  unknown: 'This testimonial link is not valid: check that the address is complete.',
} as const

type LinkRefusal = keyof typeof LINK_REFUSALS

/** What a request's link leads to: the form, greeting the client, or why it no longer works. */
export type TestimonialLink =
  { state: 'open'; name: string } | { state: LinkRefusal; message: string }

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

const toTestimonial = (row: TestimonialRow): Testimonial => ({
  _id: row.id,
  name: row.name,
  role: row.role,
  company: row.company,
  text: row.text,
  rating: row.rating,
  photo: row.photo,
  websiteId: row.websiteId,
  position: row.position,
  createdAt: row.createdAt.toISOString(),
  isSample: row.isSample,
})

const toAdminTestimonial = (row: TestimonialRow): AdminTestimonial => ({
  ...toTestimonial(row),
  approved: row.approved,
  status: row.approved ? 'approved' : row.reviewedAt ? 'hidden' : 'pending',
  email: row.email,
  updatedAt: row.updatedAt.toISOString(),
})

const toRequest = (row: TestimonialRequestRow): TestimonialRequestResponse['request'] => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  websiteId: row.websiteId,
  messageId: row.messageId,
  expiresAt: row.expiresAt.toISOString(),
})

/** The 400 for a write naming a portfolio entry or a message that does not exist, else the error. */
function missingReference(error: unknown): unknown {
  const constraint = violatedForeignKey(error)
  if (constraint === undefined) return error
  if (constraint.includes('message_id')) return badRequest('Message not found')
  return badRequest('Portfolio entry not found')
}

export function createTestimonialsService({
  repo,
  mail,
  publicUrl,
  sender,
  brand,
  ownerEmail,
  adminUrl,
  uploads,
  log,
  limits,
  now,
  contentChanged,
  keep,
}: {
  repo: TestimonialsRepository
  mail: MailService
  publicUrl: string
  /** Who the request mail comes from (the site settings). */
  sender: () => Promise<{ ownerName: string; businessName: string }>
  /** The owner's look, which the mail to a visitor shows. */
  brand: () => Promise<MailBrand>
  /** Who hears of a new testimonial (OWNER_EMAIL, else the first admin). */
  ownerEmail: () => Promise<string | undefined>
  /** The admin's testimonials screen, linked from that e-mail. */
  adminUrl: string
  /** Stores the client's photo as every uploaded image is stored (checked, re-encoded). */
  uploads: Pick<UploadsService, 'store'>
  log: FastifyBaseLogger
  limits: ActionLimits
  now: () => Date
  /** Called once a change the public pages show is stored. */
  contentChanged: () => void
  /** Keeps a public read until the content changes (server/lib/content-changes.ts). */
  keep: KeepRead
}) {
  /** Why the request with this token can no longer be used, or undefined when it can. */
  function refusalOf(request: TestimonialRequestRow | undefined): LinkRefusal | undefined {
    if (!request) return 'unknown'
    if (request.usedAt) return 'used'
    if (request.expiresAt <= now()) return 'expired'
    return undefined
  }

  /** Stores a client's photo; a refused file is a 400 naming the form's field. */
  async function storePhoto(content: Buffer): Promise<string> {
    try {
      return await uploads.store(content)
    } catch (error) {
      if (error instanceof HttpError && error.statusCode < 500)
        throw badRequest(error.message, { field: TESTIMONIAL_PHOTO_FIELD })
      throw error
    }
  }

  /** Tells the owner a testimonial arrived; a failure is logged, never the client's problem. */
  async function notifyOwner(row: TestimonialRow): Promise<void> {
    try {
      const to = await ownerEmail()
      if (!to) return
      await mail.send({
        kind: 'testimonial-arrived',
        to,
        ...testimonialArrivedMail({ ...row, adminUrl, brand: await brand() }),
      })
    } catch (err) {
      log.warn({ err, testimonialId: row.id }, 'new-testimonial notification failed')
    }
  }

  /** Mails the request's link; 502 when the mail cannot be sent. */
  async function mailLink(request: { name: string; email: string }, token: string) {
    try {
      const content = testimonialRequestMail({
        name: request.name,
        link: `${publicUrl}/testimonial/${token}`,
        validDays: TESTIMONIAL_REQUEST_TTL_DAYS,
        ...(await sender()),
        brand: await brand(),
      })
      await mail.send({ kind: 'testimonial-request', to: request.email, ...content })
    } catch {
      throw badGateway(REQUEST_FAILED)
    }
  }

  return {
    /** The approved testimonials, in the owner's order. */
    listPublic: keep(async (): Promise<Testimonial[]> =>
      (await repo.listApproved()).map(toTestimonial),
    ),

    /** The approved testimonials about one portfolio entry, in the owner's order. */
    listForWebsite: keep(
      async (websiteId: string): Promise<Testimonial[]> =>
        (await repo.listApproved(websiteId)).map(toTestimonial),
      (websiteId) => websiteId,
    ),

    /** Every testimonial, pending and hidden ones too, and the portfolio entries to link one to. */
    /** The first-run sample testimonials the owner has not rewritten yet. */
    listSamples: async (): Promise<{ id: string; label: string }[]> =>
      (await repo.findSamples()).map((row) => ({
        id: row.id,
        label: `Testimonial from ${row.name}`,
      })),

    async listAdmin(): Promise<AdminTestimonialList> {
      const [rows, websites] = await Promise.all([repo.list(), repo.listWebsiteChoices()])
      return {
        testimonials: rows.map(toAdminTestimonial),
        websites: websites.map((website) => ({ _id: website.id, name: website.name })),
      }
    },

    /**
     * Mails the client a one-time link to the testimonial form, valid for
     * TESTIMONIAL_REQUEST_TTL_DAYS. 400 when the website or the message does not exist; 502 when
     * the mail cannot be sent (the request is then dropped, so no link works that nobody got).
     */
    async request(body: TestimonialRequestBody): Promise<TestimonialRequestResponse> {
      const token = randomBytes(TOKEN_BYTES).toString('base64url')
      const sentAt = now()
      const row = await repo
        .insertRequest({
          createdAt: sentAt,
          name: body.name,
          email: body.email,
          websiteId: body.websiteId ?? null,
          messageId: body.messageId ?? null,
          tokenHash: hashToken(token),
          expiresAt: new Date(sentAt.getTime() + REQUEST_TTL_MS),
        })
        .catch((error: unknown) => {
          throw missingReference(error)
        })
      try {
        await mailLink(body, token)
      } catch (error) {
        await repo.removeRequest(row.id)
        throw error
      }
      return { message: REQUEST_SENT, request: toRequest(row) }
    },

    /** Every request sent, newest first: when, whether it was used, when its link expires. */
    async listRequests(): Promise<TestimonialRequestList> {
      return {
        requests: (await repo.listRequests()).map((row) => ({
          _id: row.id,
          name: row.name,
          email: row.email,
          websiteId: row.websiteId,
          sentAt: row.createdAt.toISOString(),
          usedAt: row.usedAt?.toISOString() ?? null,
          expiresAt: row.expiresAt.toISOString(),
        })),
      }
    },

    /**
     * Mails the request a new link, valid TESTIMONIAL_REQUEST_TTL_DAYS from now; the old link stops
     * working at once. 404 for an unknown request, 409 for one already used, 502 when the mail
     * cannot be sent (the new link is then stored but was never seen; a resend makes another).
     */
    async resendRequest(id: string): Promise<{ message: string }> {
      const token = randomBytes(TOKEN_BYTES).toString('base64url')
      const at = now()
      const row = await repo.renewRequest(
        id,
        { tokenHash: hashToken(token), expiresAt: new Date(at.getTime() + REQUEST_TTL_MS) },
        at,
      )
      if (!row) {
        if (await repo.findRequestById(id)) throw conflict(REQUEST_USED)
        throw notFound(REQUEST_NOT_FOUND)
      }
      await mailLink(row, token)
      return { message: REQUEST_SENT }
    },

    /** Stores a testimonial the owner received elsewhere, approved and public at once. */
    async addManual(body: TestimonialFields): Promise<{ testimonial: AdminTestimonial }> {
      const row = await repo.insertApproved({
        name: body.name,
        role: body.role,
        company: body.company,
        text: body.text,
        rating: body.rating ?? null,
        reviewedAt: now(),
      })
      contentChanged()
      return { testimonial: toAdminTestimonial(row) }
    },

    /** What the link with `token` leads to: the form for the requested name, or why not. */
    async lookUpLink(token: string): Promise<TestimonialLink> {
      const request = await repo.findRequestByHash(hashToken(token))
      const refusal = refusalOf(request)
      return refusal
        ? { state: refusal, message: LINK_REFUSALS[refusal] }
        : { state: 'open', name: request!.name }
    },

    /**
     * Counts one testimonial post by `client` (its IP), valid or not; throws 429 past the limit.
     * Called by each door (the API, the page's form) before it reads the post.
     */
    countSubmitAttempt: (client: string) => limits.take('testimonialAttempts', client),

    /**
     * Stores the client's testimonial, pending, with their optional `photo` (an image file), and
     * uses up the link: 400 (saying why) when the link was used, has expired or is unknown, and
     * 400 naming the photo field for a file the site's uploads refuse. Of two posts with one link,
     * exactly one succeeds.
     */
    async submit(
      body: TestimonialSubmitBody,
      { photo }: { photo?: Buffer } = {},
    ): Promise<{ message: string; testimonial: Testimonial }> {
      const tokenHash = hashToken(body.token)
      // Stored first: a refused link leaves an upload nothing uses, which the sweep deletes.
      const photoPath = photo ? await storePhoto(photo) : null
      const row = await repo.claimRequest(tokenHash, now(), {
        photo: photoPath,
        name: body.name,
        role: body.role,
        company: body.company,
        text: body.text,
        rating: body.rating ?? null,
      })
      if (!row) {
        throw badRequest(
          LINK_REFUSALS[refusalOf(await repo.findRequestByHash(tokenHash)) ?? 'used'],
        )
      }
      void notifyOwner(row)
      return { message: THANK_YOU, testimonial: toTestimonial(row) }
    },

    /**
     * Saves the fields given; `approved` true makes it public, false hides it. 404 for an unknown
     * id, 400 for an unknown portfolio entry.
     */
    async update(id: string, body: TestimonialUpdateBody): Promise<AdminTestimonial> {
      const { approved, ...fields } = body
      const isRewritten = [fields.name, fields.role, fields.company, fields.text].some(
        (value) => value !== undefined,
      )
      const changes: TestimonialChanges = {
        ...fields,
        // Once the owner puts real words in the sample, it is theirs.
        ...(isRewritten ? { isSample: false } : {}),
        ...(approved === undefined ? {} : { approved, reviewedAt: now() }),
      }
      const row = await repo.update(id, changes).catch((error: unknown) => {
        throw missingReference(error)
      })
      if (!row) throw notFound(NOT_FOUND)
      contentChanged()
      return toAdminTestimonial(row)
    },

    /** Sets the order. 400 unless `ids` names every testimonial exactly once. */
    async reorder(ids: string[]): Promise<AdminTestimonial[]> {
      const current = await repo.list()
      assertCompleteOrder(
        ids,
        current.map((row) => row.id),
        'testimonial',
      )
      await repo.reorder(ids)
      contentChanged()
      return (await repo.list()).map(toAdminTestimonial)
    },

    /** 404 for an unknown id. */
    async remove(id: string): Promise<void> {
      if (!(await repo.remove(id))) throw notFound(NOT_FOUND)
      contentChanged()
    },

    /**
     * The first-run sample testimonial, pending and marked as a sample (nobody said it, so it is
     * never shown unless the owner approves it): stored only where no testimonial was ever
     * written. True when stored.
     */
    async putFirstRun(sample: TestimonialFields): Promise<boolean> {
      const { rating, ...fields } = TestimonialFieldsSchema.parse(sample)
      const stored = await repo.insertFirstRun({ ...fields, rating: rating ?? null })
      if (stored) contentChanged()
      return stored
    },
  }
}

export type TestimonialsService = ReturnType<typeof createTestimonialsService>
