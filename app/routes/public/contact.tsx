import { data, href } from 'react-router'
import type { Route } from './+types/contact'
import { ContactDetails } from '#app/components/layout/contact-details.tsx'
import { PageIntro } from '#app/components/layout/page-intro.tsx'
import {
  CONTACT_FAILURE,
  CONTACT_SUCCESS,
  ContactForm,
  type ContactField,
  type ContactResult,
} from '#app/features/messages/contact-form.tsx'
import { pageMeta, publicUrlOf } from '#app/lib/seo.ts'
import { site } from '#app/site.ts'
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_TOKEN_FIELD,
  ContactBodySchema,
} from '#common/schemas/messages.ts'

const FIELDS: ContactField[] = ['fullName', 'email', 'subject', 'message']

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Contact',
    description: `Tell ${site.ownerName} about your website or web application project. Replies ${site.responseTime}, with an honest first estimate of budget and timeline.`,
    path: href('/contact'),
    publicUrl: publicUrlOf(matches),
  })

export function loader({ context }: Route.LoaderArgs) {
  return { formToken: context.services.messages.issueContactToken() }
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
      <PageIntro eyebrow="Contact" title="Get in touch">
        <p>
          Send a few lines about what you need. I read every message myself and reply{' '}
          {site.responseTime}, usually with a couple of questions and a first idea of budget and
          timeline.
        </p>
      </PageIntro>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 sm:py-16 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section
          aria-labelledby="contact-form-title"
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        >
          <h2 id="contact-form-title" className="text-2xl font-bold tracking-tight text-slate-900">
            Tell me about your project
          </h2>
          <p className="mt-2 text-sm text-slate-600">All fields are required.</p>
          <div className="mt-6">
            <ContactForm formToken={loaderData.formToken} />
          </div>
        </section>
        <aside aria-labelledby="contact-details-title" className="space-y-8">
          <div>
            <h2 id="contact-details-title" className="text-lg font-semibold text-slate-900">
              Other ways to reach me
            </h2>
            <ContactDetails items={['email', 'location', 'serviceArea']} />
          </div>
          <div className="rounded-xl bg-slate-50 p-6 ring-1 ring-slate-200">
            <h2 className="text-lg font-semibold text-slate-900">What happens next</h2>
            <ol className="mt-4 list-decimal space-y-3 pl-5 text-sm leading-6 text-slate-700">
              <li>I reply {site.responseTime} with a few questions about your goals.</li>
              <li>We book a free 30-minute call at a time that suits you.</li>
              <li>You receive a written proposal with a fixed price and a calendar.</li>
            </ol>
          </div>
        </aside>
      </div>
    </main>
  )
}
