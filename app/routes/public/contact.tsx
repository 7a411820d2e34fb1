import { data, href } from 'react-router'
import type { Route } from './+types/contact'
import {
  CONTACT_FAILURE,
  CONTACT_SUCCESS,
  ContactForm,
  INQUIRY_FIELDS,
  type ContactField,
  type ContactResult,
  type InquiryField,
} from '#app/features/messages/contact-form.tsx'
import { ContactBody } from '#app/features/pages/contact-body.tsx'
import { validate } from '#app/lib/form-errors.ts'
import { formPageHeaders, postedFields, serviceFailure } from '#app/lib/public-form-post.ts'
import { pageMeta } from '#app/lib/seo.ts'
import { CONTACT_HONEYPOT_FIELD, CONTACT_TOKEN_FIELD } from '#common/constants.ts'
import { VISITOR_PAGE_HEADER, holdsToken } from '#common/public-pages.ts'
import { ContactBodySchema, type ContactResponse } from '#common/schemas/messages.ts'

const FIELDS: ContactField[] = ['fullName', 'email', 'subject', 'message']

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta({
    title: data?.page.title ?? 'Contact',
    description: data?.page.description ?? '',
    path: href('/contact'),
    matches,
  })

/** A refused post's Retry-After reaches the client; the page's token, the server. */
export const headers: Route.HeadersFunction = formPageHeaders

/** The form's one-time token is the page's one part made for each visitor (VISITOR_PAGE_HEADER). */
export async function loader({ context }: Route.LoaderArgs) {
  const formToken = context.services.messages.issueContactToken()
  return data(
    { page: await context.services.pages.getRendered('contact'), formToken },
    { headers: { [VISITOR_PAGE_HEADER]: holdsToken(formToken) } },
  )
}

export async function action({ request, context }: Route.ActionArgs) {
  const { messages } = context.services
  const form = await request.formData()
  const values = postedFields(form, [...FIELDS, ...INQUIRY_FIELDS])
  const extra = postedFields(form, [CONTACT_HONEYPOT_FIELD, CONTACT_TOKEN_FIELD])
  try {
    await messages.countContactAttempt(context.clientIp)
  } catch (error) {
    return failure(error, values)
  }

  const parsed = validate(ContactBodySchema, {
    ...values,
    [CONTACT_HONEYPOT_FIELD]: extra[CONTACT_HONEYPOT_FIELD],
    ...(form.has(CONTACT_TOKEN_FIELD) ? { [CONTACT_TOKEN_FIELD]: extra[CONTACT_TOKEN_FIELD] } : {}),
  })
  if (!parsed.ok) {
    return data<ContactResult>(
      {
        ok: false,
        message: CONTACT_FAILURE,
        detail: Object.values(parsed.errors)[0],
        fieldErrors: parsed.errors,
        values,
      },
      { status: 400 },
    )
  }

  let answer: ContactResponse
  try {
    answer = await messages.createFromContact(parsed.data, {
      client: context.clientIp,
      door: 'page',
      userAgent: request.headers.get('user-agent') ?? undefined,
    })
  } catch (error) {
    return failure(error, values)
  }
  return data<ContactResult>({
    ok: true,
    message: CONTACT_SUCCESS,
    fullName: parsed.data.fullName,
    email: answer.email,
    acknowledged: answer.acknowledged,
  })
}

/** The form's answer to a service error: its status and message (a 429 keeps its Retry-After). */
function failure(error: unknown, values: Record<ContactField | InquiryField, string>) {
  const { status, headers, detail } = serviceFailure(error)
  // A refused qualifying answer (the owner changed the options since the page was served) names
  // its field, as a validation error does.
  const [, name, reason = detail] = /^(\w+): (.*)$/.exec(detail) ?? []
  const field = INQUIRY_FIELDS.find((inquiryField) => inquiryField === name)
  return data<ContactResult>(
    {
      ok: false,
      message: CONTACT_FAILURE,
      detail: field ? reason : detail,
      fieldErrors: field ? { [field]: reason } : {},
      values,
    },
    { status, headers },
  )
}

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main-content" className="flex-1">
      <ContactBody
        page={loaderData.page}
        form={
          <ContactForm
            formToken={loaderData.formToken}
            nextTitle={loaderData.page.nextTitle}
            nextSteps={loaderData.page.nextSteps}
          />
        }
      />
    </main>
  )
}
