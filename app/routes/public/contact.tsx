import { data, href } from 'react-router'
import type { Route } from './+types/contact'
import {
  CONTACT_FAILURE,
  CONTACT_SUCCESS,
  ContactForm,
  INQUIRY_FIELDS,
  type ContactField,
  type ContactResult,
} from '#app/features/messages/contact-form.tsx'
import { ContactBody } from '#app/features/pages/contact-body.tsx'
import { answerPublicForm, formPageHeaders, postedFields } from '#app/lib/public-form.server.ts'
import { pageMeta } from '#app/lib/seo.ts'
import { CONTACT_HONEYPOT_FIELD, CONTACT_TOKEN_FIELD } from '#common/constants.ts'
import { VISITOR_PAGE_HEADER, holdsToken } from '#common/public-pages.ts'
import { ContactBodySchema } from '#common/schemas/messages.ts'
import { pageContext } from '#app/context.ts'

const FIELDS: ContactField[] = ['fullName', 'email', 'subject', 'message']

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  pageMeta({
    title: loaderData?.page.title ?? 'Contact',
    description: loaderData?.page.description ?? '',
    path: href('/contact'),
    matches,
  })

/** A refused post's Retry-After reaches the client; the page's token, the server. */
export const headers: Route.HeadersFunction = formPageHeaders

/** The form's one-time token is the page's one part made for each visitor (VISITOR_PAGE_HEADER). */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(pageContext)
  const formToken = services.messages.issueContactToken()
  return data(
    { page: await services.pages.getRendered('contact'), formToken },
    { headers: { [VISITOR_PAGE_HEADER]: holdsToken(formToken) } },
  )
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(pageContext)
  const { messages } = services
  const form = await request.formData()
  const values = postedFields(form, [...FIELDS, ...INQUIRY_FIELDS])
  const extra = postedFields(form, [CONTACT_HONEYPOT_FIELD, CONTACT_TOKEN_FIELD])
  return answerPublicForm({
    count: () => messages.countContactAttempt(clientIp),
    schema: ContactBodySchema,
    values: {
      ...values,
      [CONTACT_HONEYPOT_FIELD]: extra[CONTACT_HONEYPOT_FIELD],
      ...(form.has(CONTACT_TOKEN_FIELD)
        ? { [CONTACT_TOKEN_FIELD]: extra[CONTACT_TOKEN_FIELD] }
        : {}),
    },
    submit: (body) =>
      messages.createFromContact(body, {
        client: clientIp,
        door: 'page',
        userAgent: request.headers.get('user-agent') ?? undefined,
      }),
    accepted: (answer, body): ContactResult => ({
      ok: true,
      message: CONTACT_SUCCESS,
      fullName: body.fullName,
      email: answer.email,
      acknowledged: answer.acknowledged,
    }),
    // A refused qualifying answer (the owner changed the options since the page was served) is
    // on its field, as a validation error is.
    refused: ({ message, fieldErrors }): ContactResult => ({
      ok: false,
      message: CONTACT_FAILURE,
      detail: message,
      fieldErrors,
      values,
    }),
  })
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
