import { data, href } from 'react-router'
import type { Route } from './+types/contact'
import {
  CONTACT_FAILURE,
  CONTACT_SUCCESS,
  ContactForm,
  type ContactField,
  type ContactResult,
} from '#app/features/messages/contact-form.tsx'
import { ContactBody } from '#app/features/pages/contact-body.tsx'
import { pageMeta } from '#app/lib/seo.ts'
import { CONTACT_HONEYPOT_FIELD, CONTACT_TOKEN_FIELD } from '#common/constants.ts'
import { ContactBodySchema } from '#common/schemas/messages.ts'

const FIELDS: ContactField[] = ['fullName', 'email', 'subject', 'message']

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta({
    title: data?.page.title ?? 'Contact',
    description: data?.page.description ?? '',
    path: href('/contact'),
    matches,
  })

export async function loader({ context }: Route.LoaderArgs) {
  return {
    page: await context.services.pages.getRendered('contact'),
    formToken: context.services.messages.issueContactToken(),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData()
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const values = Object.fromEntries(FIELDS.map((field) => [field, text(field)])) as Record<
    ContactField,
    string
  >

  const parsed = ContactBodySchema.safeParse({
    ...values,
    [CONTACT_HONEYPOT_FIELD]: text(CONTACT_HONEYPOT_FIELD),
    ...(form.has(CONTACT_TOKEN_FIELD) ? { [CONTACT_TOKEN_FIELD]: text(CONTACT_TOKEN_FIELD) } : {}),
  })
  if (!parsed.success) {
    const fieldErrors: Partial<Record<ContactField, string>> = {}
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ContactField
      fieldErrors[field] ??= issue.message
    }
    return data<ContactResult>(
      {
        ok: false,
        message: CONTACT_FAILURE,
        detail: Object.values(fieldErrors)[0],
        fieldErrors,
        values,
      },
      { status: 400 },
    )
  }

  try {
    await context.services.messages.createFromContact(parsed.data)
  } catch (error) {
    const status = httpStatusOf(error)
    if (status >= 500) console.error(error)
    return data<ContactResult>(
      {
        ok: false,
        message: CONTACT_FAILURE,
        detail:
          status < 500 && error instanceof Error ? error.message : 'please try again in a moment',
        fieldErrors: {},
        values,
      },
      { status },
    )
  }
  return data<ContactResult>({ ok: true, message: CONTACT_SUCCESS })
}

/** The status a service error carries (HttpError.statusCode), 500 for anything else. */
function httpStatusOf(error: unknown): number {
  if (
    error &&
    typeof error === 'object' &&
    'statusCode' in error &&
    typeof error.statusCode === 'number'
  ) {
    return error.statusCode
  }
  return 500
}

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main-content" className="flex-1">
      <ContactBody page={loaderData.page} form={<ContactForm formToken={loaderData.formToken} />} />
    </main>
  )
}
