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

/** A refused post's Retry-After reaches the client. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders

export async function loader({ context }: Route.LoaderArgs) {
  return {
    page: await context.services.pages.getRendered('contact'),
    formToken: context.services.messages.issueContactToken(),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { messages } = context.services
  const form = await request.formData()
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  const values = Object.fromEntries(FIELDS.map((field) => [field, text(field)])) as Record<
    ContactField,
    string
  >
  try {
    await messages.countContactAttempt(context.clientIp)
  } catch (error) {
    return failure(error, values)
  }

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
    await messages.createFromContact(parsed.data, {
      client: context.clientIp,
      door: 'page',
      userAgent: request.headers.get('user-agent') ?? undefined,
    })
  } catch (error) {
    return failure(error, values)
  }
  return data<ContactResult>({ ok: true, message: CONTACT_SUCCESS })
}

/** The form's answer to a service error: its status and message (a 429 keeps its Retry-After). */
function failure(error: unknown, values: Record<ContactField, string>) {
  const { status, headers } = httpErrorOf(error)
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
    { status, headers },
  )
}

/** The status and headers a service error carries (HttpError's), a plain 500 for anything else. */
function httpErrorOf(error: unknown): { status: number; headers: Record<string, string> } {
  if (error && typeof error === 'object' && 'statusCode' in error) {
    const { statusCode, headers } = error as { statusCode: unknown; headers?: unknown }
    if (typeof statusCode === 'number') {
      return { status: statusCode, headers: (headers ?? {}) as Record<string, string> }
    }
  }
  return { status: 500, headers: {} }
}

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main-content" className="flex-1">
      <ContactBody page={loaderData.page} form={<ContactForm formToken={loaderData.formToken} />} />
    </main>
  )
}
