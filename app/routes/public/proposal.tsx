import { data, Form } from 'react-router'
import type { Route } from './+types/proposal'
import { TokenPageFrame } from '#app/components/layout/token-page-frame.tsx'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { InputField, TextareaField } from '#app/components/ui/field.tsx'
import type { FieldErrors } from '#app/lib/form.ts'
import { answerPublicForm, postedFields, refusalOf } from '#app/lib/public-form.server.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { renderMarkdown } from '#common/markdown.ts'
import { longDate } from '#app/components/ui/document-sheet.tsx'
import { ProposalSheet, utcTime } from '#app/features/proposals/proposal-sheet.tsx'
import { tokenPageHeaders } from '#app/lib/token-page.ts'
import { AcceptProposalBodySchema, DeclineProposalBodySchema } from '#common/schemas/proposals.ts'
import { pageContext } from '#app/context.ts'

const NOT_FOUND = 404

// The address carries the link's secret token: never in search results, never cached.
export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: pageTitle(
      loaderData && 'document' in loaderData ? loaderData.document.title : 'Proposal',
      matches,
    ),
  },
  { name: 'robots', content: 'noindex' },
]

export const headers: Route.HeadersFunction = tokenPageHeaders

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, clientIp } = context.get(pageContext)
  const { proposals } = services
  try {
    await proposals.countAttempt(clientIp)
    const found = await proposals.forClient(params.token)
    return {
      document: found.document,
      status: found.proposal.status,
      isExpired: found.isExpired,
      signature: found.proposal.signature,
      declinedAt: found.proposal.declinedAt,
      summaryHtml: renderMarkdown(found.document.summary),
      termsHtml: renderMarkdown(found.document.terms),
    }
  } catch (error) {
    const { status, headers, message } = refusalOf(error)
    return data({ message }, { status: status === 404 ? NOT_FOUND : status, headers })
  }
}

type Answer =
  | { ok: true; intent: 'accept' | 'decline' }
  | {
      ok: false
      intent: 'accept' | 'decline'
      message: string
      fieldErrors: FieldErrors
    }

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(pageContext)
  const { proposals } = services
  const form = await request.formData()
  const intent = form.get('intent') === 'decline' ? 'decline' : 'accept'
  const refused = ({
    message,
    fieldErrors,
  }: {
    message: string
    fieldErrors: FieldErrors
  }): Answer => ({
    ok: false,
    intent,
    message,
    fieldErrors,
  })
  if (intent === 'decline')
    return answerPublicForm({
      count: () => proposals.countAttempt(clientIp),
      schema: DeclineProposalBodySchema,
      values: { token: params.token, reason: postedFields(form, ['reason']).reason },
      submit: (body) => proposals.decline(body),
      accepted: (): Answer => ({ ok: true, intent }),
      refused,
    })
  const { signerName } = postedFields(form, ['signerName'])
  return answerPublicForm({
    count: () => proposals.countAttempt(clientIp),
    schema: AcceptProposalBodySchema,
    values: { token: params.token, signerName, consent: form.get('consent') === 'yes' },
    submit: (body) => proposals.accept(body, request.headers.get('user-agent') ?? ''),
    accepted: (): Answer => ({ ok: true, intent }),
    refused,
  })
}

export default function ProposalPage({ loaderData, actionData, params }: Route.ComponentProps) {
  if (!('document' in loaderData)) {
    return (
      <TokenPageFrame eyebrow="Proposal" title="This link does not lead to a proposal">
        <p className="mt-5 text-lg leading-8 text-slate-700">{loaderData.message}</p>
      </TokenPageFrame>
    )
  }
  const { document: d, status, isExpired, signature } = loaderData
  const seller = d.seller.legalName || d.seller.businessName
  const buyer = d.buyer.company || d.buyer.name
  const isOpen = status === 'sent' && !isExpired
  const failed = actionData && !actionData.ok ? actionData : undefined
  return (
    <main id="main-content" className="flex-1 bg-slate-50">
      <div className="mx-auto max-w-4xl px-3 py-8 sm:px-6 sm:py-14">
        <ProposalSheet
          document={d}
          summaryHtml={loaderData.summaryHtml}
          termsHtml={loaderData.termsHtml}
          notices={
            <>
              {status === 'accepted' && signature ? (
                <Alert kind="success">
                  Signed by {signature.name} on {utcTime(signature.signedAt)}.{' '}
                  <a
                    href={`/proposal/${params.token}/pdf`}
                    className="font-semibold underline underline-offset-2"
                  >
                    Download the signed agreement (PDF)
                  </a>
                </Alert>
              ) : null}
              {status === 'declined' ? (
                <Alert kind="info">
                  You declined this proposal. {d.seller.ownerName || seller} has been told.
                </Alert>
              ) : null}
              {status === 'sent' && isExpired ? (
                <Alert kind="error">
                  This proposal expired on {longDate(d.validUntil)}. Write to{' '}
                  {d.seller.ownerName || seller} for a new one.
                </Alert>
              ) : null}
            </>
          }
        >
          {isOpen ? (
            <section
              aria-label="Your answer"
              className="border-t border-slate-200 bg-brand-50 px-5 py-8 sm:px-10"
            >
              <h2 className="text-lg font-bold tracking-tight text-slate-900">Accept and sign</h2>
              <p className="mt-2 text-sm text-slate-700">
                Type your full name and tick the box to sign. You get the signed agreement as a PDF
                by e-mail, with a record of the time and this device.
              </p>
              <Form method="post" className="mt-5 space-y-4" aria-label="Accept the proposal">
                <input type="hidden" name="intent" value="accept" />
                {failed?.intent === 'accept' && Object.keys(failed.fieldErrors).length === 0 ? (
                  <Alert kind="error">{failed.message}</Alert>
                ) : null}
                <InputField
                  label="Full name"
                  name="signerName"
                  autoComplete="name"
                  required
                  maxLength={120}
                  error={failed?.intent === 'accept' ? failed.fieldErrors.signerName : undefined}
                />
                <label className="flex items-start gap-3 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    name="consent"
                    value="yes"
                    required
                    aria-invalid={failed?.fieldErrors.consent ? true : undefined}
                    aria-describedby={failed?.fieldErrors.consent ? 'consent-error' : undefined}
                    className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 accent-[var(--accent)]"
                  />
                  <span>
                    I agree to this proposal and its terms, and sign it with the name above.
                  </span>
                </label>
                {failed?.fieldErrors.consent ? (
                  <p id="consent-error" className="text-sm font-medium text-red-700">
                    {failed.fieldErrors.consent}
                  </p>
                ) : null}
                <Button type="submit" size="lg" className="w-full sm:w-auto">
                  Accept and sign
                </Button>
              </Form>
              <details className="mt-8 border-t border-brand-100 pt-5">
                <summary className="cursor-pointer text-sm font-semibold text-slate-700">
                  Decline this proposal
                </summary>
                <Form method="post" className="mt-4 space-y-4" aria-label="Decline the proposal">
                  <input type="hidden" name="intent" value="decline" />
                  {failed?.intent === 'decline' ? (
                    <Alert kind="error">{failed.message}</Alert>
                  ) : null}
                  <TextareaField
                    label="Reason (optional)"
                    name="reason"
                    rows={3}
                    maxLength={2000}
                    hint={`${d.seller.ownerName || seller} reads it.`}
                  />
                  <Button type="submit" variant="secondary">
                    Decline
                  </Button>
                </Form>
              </details>
            </section>
          ) : null}
        </ProposalSheet>
        {status === 'accepted' ? null : (
          <p className="mt-6 text-center text-xs text-slate-500">
            This page is for {buyer} alone: its address is the key. Questions? Write to{' '}
            {d.seller.email ? (
              <a href={`mailto:${d.seller.email}`} className="underline underline-offset-2">
                {d.seller.email}
              </a>
            ) : (
              seller
            )}
            .
          </p>
        )}
        {status === 'accepted' ? (
          <p className="mt-6 text-center">
            <a href={`/proposal/${params.token}/pdf`} className={buttonClasses('secondary', 'md')}>
              Download the signed agreement
            </a>
          </p>
        ) : null}
      </div>
    </main>
  )
}
