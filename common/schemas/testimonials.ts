/**
 * Testimonials: what a client writes through the one-time link of a request the owner sent, shown
 * on the home page and on its portfolio entry's page once the owner approves it.
 */
import { z } from 'zod'
import { TEXT_LIMITS } from '../constants.ts'
import { EmailSchema, IdSchema, requiredText, text } from './common.ts'
import { ImagePathSchema } from './websites.ts'

export const TESTIMONIAL_FIELD_MAX = TEXT_LIMITS.name
export const TESTIMONIAL_TEXT_MAX = 2000
export const TESTIMONIAL_RATING_MAX = 5
/** How long a request's link can be used. */
export const TESTIMONIAL_REQUEST_TTL_DAYS = 30
/** More testimonials than any site shows; bounds the order call's body. */
const TESTIMONIALS_MAX = 1000
/** A request's token is 32 random bytes in base64url; anything much longer is no token of ours. */
const TOKEN_MAX = 100

const TESTIMONIAL_STATUSES = ['pending', 'approved', 'hidden'] as const
export type TestimonialStatus = (typeof TESTIMONIAL_STATUSES)[number]

/** A rating from 1 to 5; from a form, an empty choice means none (null). */
const RatingSchema = z.preprocess(
  (value) => (value === '' ? null : typeof value === 'string' ? Number(value) : value),
  z
    .number({ error: `Rating must be a whole number from 1 to ${TESTIMONIAL_RATING_MAX}` })
    .int({ error: `Rating must be a whole number from 1 to ${TESTIMONIAL_RATING_MAX}` })
    .min(1, { error: `Rating must be a whole number from 1 to ${TESTIMONIAL_RATING_MAX}` })
    .max(TESTIMONIAL_RATING_MAX, {
      error: `Rating must be a whole number from 1 to ${TESTIMONIAL_RATING_MAX}`,
    })
    .nullable(),
)

const nameField = () => requiredText('Name', TESTIMONIAL_FIELD_MAX)
const roleField = () => text('Role', TESTIMONIAL_FIELD_MAX)
const companyField = () => text('Company', TESTIMONIAL_FIELD_MAX)
const textField = () => requiredText('Testimonial', TESTIMONIAL_TEXT_MAX)

/** The public shape: never the client's e-mail. */
const TestimonialSchema = z.object({
  _id: z.string(),
  name: z.string(),
  role: z.string(),
  company: z.string(),
  text: z.string(),
  rating: z.number().int().nullable(),
  /** The client's photo or logo (an uploaded image path), or null. */
  photo: z.string().nullable(),
  /** The portfolio entry it is about, or null for the owner's work in general. */
  websiteId: z.string().nullable(),
  /** The owner's order: lower comes first. */
  position: z.number().int(),
  createdAt: z.string(),
  /** First-run sample content. */
  isSample: z.boolean(),
})
export type Testimonial = z.infer<typeof TestimonialSchema>

export const TestimonialListSchema = z.object({ testimonials: z.array(TestimonialSchema) })

/** The admin's shape: the public one, where it stands and who sent it. */
const AdminTestimonialSchema = TestimonialSchema.extend({
  approved: z.boolean(),
  /** Pending until the owner first approves or hides it. */
  status: z.enum(TESTIMONIAL_STATUSES),
  email: z.string(),
  updatedAt: z.string(),
})
export type AdminTestimonial = z.infer<typeof AdminTestimonialSchema>

/** A portfolio entry a testimonial can be about, for the admin's choice. */
const WebsiteChoiceSchema = z.object({ _id: z.string(), name: z.string() })
export type WebsiteChoice = z.infer<typeof WebsiteChoiceSchema>

/** GET /api/testimonials/admin: every testimonial in order, and the portfolio entries to link. */
export const AdminTestimonialListSchema = z.object({
  testimonials: z.array(AdminTestimonialSchema),
  websites: z.array(WebsiteChoiceSchema),
})
export type AdminTestimonialList = z.infer<typeof AdminTestimonialListSchema>

/**
 * The portfolio entry a testimonial is about; missing keeps it (or, for a request, means none),
 * and null or empty (a form's choice "None") is about no entry in particular.
 */
const WebsiteChoiceIdSchema = z
  .preprocess((value) => (value === '' ? null : value), IdSchema.nullable())
  .optional()

/** POST /api/testimonials/requests: whom to ask, and optionally the project and the message. */
export const TestimonialRequestBodySchema = z.object({
  name: nameField(),
  email: EmailSchema,
  websiteId: WebsiteChoiceIdSchema,
  messageId: IdSchema.optional(),
})
export type TestimonialRequestBody = z.infer<typeof TestimonialRequestBodySchema>

export const TestimonialRequestResponseSchema = z.object({
  message: z.string(),
  request: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    websiteId: z.string().nullable(),
    messageId: z.string().nullable(),
    expiresAt: z.string(),
  }),
})
export type TestimonialRequestResponse = z.infer<typeof TestimonialRequestResponseSchema>

/** GET /api/testimonials/requests: every request sent, newest first, with what became of it. */
export const TestimonialRequestListSchema = z.object({
  requests: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      email: z.string(),
      websiteId: z.string().nullable(),
      /** When its current link was mailed (a resend moves it). */
      sentAt: z.string(),
      usedAt: z.string().nullable(),
      expiresAt: z.string(),
    }),
  ),
})
export type TestimonialRequestList = z.infer<typeof TestimonialRequestListSchema>

/**
 * The testimonial page's form field (a multipart file) for the client's optional photo or logo,
 * which goes through the same checks as every uploaded image.
 */
export const TESTIMONIAL_PHOTO_FIELD = 'photo'

/** What a client writes: the fields of the form and of the first-run sample. */
export const TestimonialFieldsSchema = z.object({
  name: nameField(),
  role: roleField().default(''),
  company: companyField().default(''),
  text: textField(),
  rating: RatingSchema.optional(),
})
export type TestimonialFields = z.infer<typeof TestimonialFieldsSchema>

/** POST /api/testimonials: the client's testimonial, with the token from the link. */
export const TestimonialSubmitBodySchema = TestimonialFieldsSchema.extend({
  token: text('Token', TOKEN_MAX, { trim: false }).min(1, { error: 'Token is required' }),
})
export type TestimonialSubmitBody = z.infer<typeof TestimonialSubmitBodySchema>

export const TestimonialSubmitResponseSchema = z.object({
  message: z.string(),
  testimonial: TestimonialSchema,
})

/** PUT /api/testimonials/:id: every field optional, a missing one keeps its value. */
export const TestimonialUpdateBodySchema = z.object({
  /** True approves (public), false hides. */
  approved: z.boolean({ error: 'Approved must be true or false' }).optional(),
  name: nameField().optional(),
  role: roleField().optional(),
  company: companyField().optional(),
  text: textField().optional(),
  /** Null removes the rating. */
  rating: RatingSchema.optional(),
  /** An uploaded image path (POST /api/upload) replaces the photo; null removes it. */
  photo: z
    .preprocess((value) => (value === '' ? null : value), ImagePathSchema.nullable())
    .optional(),
  websiteId: WebsiteChoiceIdSchema,
})
export type TestimonialUpdateBody = z.infer<typeof TestimonialUpdateBodySchema>

export const TestimonialResponseSchema = z.object({ testimonial: AdminTestimonialSchema })

/** PUT /api/testimonials/order: every testimonial, each once, in the new order. */
export const TestimonialOrderBodySchema = z.object({
  ids: z
    .array(IdSchema, { error: 'ids must be a list of testimonial ids' })
    .max(TESTIMONIALS_MAX, { error: `ids must list at most ${TESTIMONIALS_MAX} testimonials` }),
})

export const AdminTestimonialOrderResponseSchema = z.object({
  testimonials: z.array(AdminTestimonialSchema),
})
