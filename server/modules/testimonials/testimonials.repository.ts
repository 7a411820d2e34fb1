/** SQL for testimonials and their requests; no rules here (they live in testimonials.service.ts). */
import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import {
  settings,
  testimonialRequests,
  testimonials,
  websites,
  type TestimonialRow,
} from '#server/db/schema.ts'
import { deleteRow } from '#server/lib/delete-row.ts'

export { violatedForeignKey } from '#server/db/errors.ts'

/**
 * The settings row that says the first-run sample testimonial was stored: an owner may delete every
 * testimonial, so an empty list alone does not mean "never written".
 */
const TESTIMONIALS_FIRST_RUN_KEY = 'first_run:testimonials'

export type TestimonialRequestRow = typeof testimonialRequests.$inferSelect

export type TestimonialFields = Pick<TestimonialRow, 'name' | 'role' | 'company' | 'text'> & {
  rating: number | null
  photo?: string | null
}

export type TestimonialChanges = Partial<
  TestimonialFields & Pick<TestimonialRow, 'approved' | 'reviewedAt' | 'websiteId' | 'isSample'>
>

const IN_ORDER = [asc(testimonials.position), asc(testimonials.createdAt), asc(testimonials.id)]
const NEXT_POSITION = sql<number>`(select coalesce(max(${testimonials.position}), 0) + 1 from ${testimonials})`

export function createTestimonialsRepository(db: Db) {
  return {
    /** The first-run samples the owner has not rewritten. */
    findSamples: (): Promise<Pick<TestimonialRow, 'id' | 'name'>[]> =>
      db
        .select({ id: testimonials.id, name: testimonials.name })
        .from(testimonials)
        .where(eq(testimonials.isSample, true))
        .orderBy(...IN_ORDER),

    /** Every testimonial, in the owner's order. */
    list: (): Promise<TestimonialRow[]> =>
      db
        .select()
        .from(testimonials)
        .orderBy(...IN_ORDER),

    /** The approved ones in the owner's order; with `websiteId`, only those about that entry. */
    listApproved: (websiteId?: string): Promise<TestimonialRow[]> =>
      db
        .select()
        .from(testimonials)
        .where(
          and(
            eq(testimonials.approved, true),
            websiteId === undefined ? undefined : eq(testimonials.websiteId, websiteId),
          ),
        )
        .orderBy(...IN_ORDER),

    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(testimonials)
      return row?.n ?? 0
    },

    /** The portfolio entries a testimonial can be about, in the portfolio's order. */
    listWebsiteChoices: (): Promise<{ id: string; name: string }[]> =>
      db
        .select({ id: websites.id, name: websites.name })
        .from(websites)
        .orderBy(asc(websites.position), asc(websites.id)),

    /** Throws a foreign-key violation when the website or the message does not exist. */
    async insertRequest(
      values: Pick<
        TestimonialRequestRow,
        'name' | 'email' | 'websiteId' | 'messageId' | 'tokenHash' | 'expiresAt' | 'createdAt'
      >,
    ): Promise<TestimonialRequestRow> {
      const [row] = await db.insert(testimonialRequests).values(values).returning()
      return row!
    },

    /** Every request, the newest sent first. */
    listRequests: (): Promise<TestimonialRequestRow[]> =>
      db
        .select()
        .from(testimonialRequests)
        .orderBy(desc(testimonialRequests.createdAt), desc(testimonialRequests.id)),

    async findRequestById(id: string): Promise<TestimonialRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(testimonialRequests)
        .where(eq(testimonialRequests.id, id))
        .limit(1)
      return row
    },

    /**
     * Gives an unused request a new token and expiry, sent at `at`: the old token matches nothing
     * any more. Undefined when the request is unknown or already used.
     */
    async renewRequest(
      id: string,
      values: Pick<TestimonialRequestRow, 'tokenHash' | 'expiresAt'>,
      at: Date,
    ): Promise<TestimonialRequestRow | undefined> {
      const [row] = await db
        .update(testimonialRequests)
        .set({ ...values, createdAt: at })
        .where(and(eq(testimonialRequests.id, id), isNull(testimonialRequests.usedAt)))
        .returning()
      return row
    },

    /** A testimonial received elsewhere, approved, last in the order. */
    async insertApproved(
      values: TestimonialFields & { reviewedAt: Date },
    ): Promise<TestimonialRow> {
      const [row] = await db
        .insert(testimonials)
        .values({ ...values, approved: true, position: NEXT_POSITION })
        .returning()
      return row!
    },

    async removeRequest(id: string): Promise<void> {
      await db.delete(testimonialRequests).where(eq(testimonialRequests.id, id))
    },

    async findRequestByHash(tokenHash: string): Promise<TestimonialRequestRow | undefined> {
      const [row] = await db
        .select()
        .from(testimonialRequests)
        .where(eq(testimonialRequests.tokenHash, tokenHash))
        .limit(1)
      return row
    },

    /**
     * Marks the request used, if it still can be, and stores its testimonial (pending, last in the
     * order), in one transaction. The claim is one UPDATE that only an unused request matches, so
     * of two posts with the same token only one gets a row back: the other waits for the first to
     * commit and then finds it used. Undefined when the request was used, expired or unknown.
     */
    claimRequest(
      tokenHash: string,
      at: Date,
      fields: TestimonialFields,
    ): Promise<TestimonialRow | undefined> {
      return db.transaction(async (tx) => {
        const [request] = await tx
          .update(testimonialRequests)
          .set({ usedAt: at })
          .where(
            and(
              eq(testimonialRequests.tokenHash, tokenHash),
              isNull(testimonialRequests.usedAt),
              gt(testimonialRequests.expiresAt, at),
            ),
          )
          .returning()
        if (!request) return undefined
        const [row] = await tx
          .insert(testimonials)
          .values({
            ...fields,
            email: request.email,
            websiteId: request.websiteId,
            position: NEXT_POSITION,
          })
          .returning()
        return row!
      })
    },

    async findById(id: string): Promise<TestimonialRow | undefined> {
      const [row] = await db.select().from(testimonials).where(eq(testimonials.id, id)).limit(1)
      return row
    },

    /** Undefined for an unknown id; throws a foreign-key violation for an unknown website. */
    async update(id: string, changes: TestimonialChanges): Promise<TestimonialRow | undefined> {
      const [row] = await db
        .update(testimonials)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(testimonials.id, id))
        .returning()
      return row
    },

    async remove(id: string): Promise<boolean> {
      return deleteRow(db, testimonials, id)
    },

    /** Gives each id its place in the list (1, 2, ...), in one transaction. */
    async reorder(ids: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        for (const [i, id] of ids.entries()) {
          await tx
            .update(testimonials)
            .set({ position: i + 1 })
            .where(eq(testimonials.id, id))
        }
      })
    },

    /**
     * Stores the sample unless the first run was claimed before or any testimonial exists, in one
     * transaction (of two instances starting at once, only one stores it). True when stored.
     */
    insertFirstRun(values: TestimonialFields): Promise<boolean> {
      return db.transaction(async (tx) => {
        const claimed = await tx
          .insert(settings)
          .values({ key: TESTIMONIALS_FIRST_RUN_KEY, value: sql`now()::text` })
          .onConflictDoNothing()
          .returning({ key: settings.key })
        if (claimed.length === 0) return false
        const [existing] = await tx.select({ n: count() }).from(testimonials)
        if ((existing?.n ?? 0) > 0) return false
        await tx
          .insert(testimonials)
          .values({ ...values, approved: false, isSample: true, position: 1 })
        return true
      })
    },
  }
}

export type TestimonialsRepository = ReturnType<typeof createTestimonialsRepository>
