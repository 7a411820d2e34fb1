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
import { SiteLogo } from '#app/components/layout/brand-mark.tsx'
import { formatMoney } from '#common/money.ts'

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
      deposit: found.deposit,
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
  const { document: d, status, isExpired, signature, deposit } = loaderData
  const seller = d.seller.legalName || d.seller.businessName
  const buyer = d.buyer.company || d.buyer.name
  const owner = d.seller.ownerName || seller
  const isOpen = status === 'sent' && !isExpired
  const failed = actionData && !actionData.ok ? actionData : undefined
  const pdf = `/proposal/${params.token}/pdf`
  const badge =
    status === 'accepted'
      ? { text: 'Signed', tone: 'border-green-200 bg-green-50 text-green-800' }
      : status === 'declined'
        ? { text: 'Declined', tone: 'border-slate-200 bg-slate-100 text-slate-700' }
        : isExpired
          ? { text: 'Expired', tone: 'border-red-200 bg-red-50 text-red-800' }
          : { text: 'Awaiting your signature', tone: 'border-amber-200 bg-amber-50 text-amber-900' }
  return (
    <main id="main-content" className="flex-1 bg-slate-100">
      <div className="mx-auto max-w-4xl px-3 py-8 sm:px-6 sm:py-14">
        <ProposalSheet
          document={d}
          summaryHtml={loaderData.summaryHtml}
          termsHtml={loaderData.termsHtml}
          logo={<SiteLogo className="h-11 w-11" />}
          status={
            <p
              className={`rounded-full border px-3 py-1 text-xs font-semibold whitespace-nowrap ${badge.tone}`}
            >
              {badge.text}
            </p>
          }
          notices={
            <>
              {status === 'accepted' && signature ? (
                <div
                  role="status"
                  className="flex flex-col gap-4 rounded-xl border border-green-200 bg-green-50 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
                >
                  <div className="flex gap-3">
                    <CheckIcon />
                    <div>
                      <p className="font-semibold text-green-900">Accepted and signed</p>
                      <p className="mt-0.5 text-sm text-green-900">
                        Signed by {signature.name} on {utcTime(signature.signedAt)}.
                      </p>
                    </div>
                  </div>
                  <a
                    href={pdf}
                    className={`${buttonClasses('primary', 'md')} w-full shrink-0 text-center sm:w-auto`}
                  >
                    Download the signed agreement (PDF)
                  </a>
                </div>
              ) : null}
              {status === 'accepted' && deposit ? <DepositNotice deposit={deposit} /> : null}
              {status === 'declined' ? (
                <Alert kind="info">You declined this proposal. {owner} has been told.</Alert>
              ) : null}
              {status === 'sent' && isExpired ? (
                <Alert kind="error">
                  This proposal expired on {longDate(d.validUntil)}. Write to {owner} for a new one.
                </Alert>
              ) : null}
            </>
          }
        >
          {isOpen ? (
            <section
              aria-label="Your answer"
              className="border-t border-slate-200 bg-slate-50 px-3 py-8 sm:px-10 sm:py-10"
            >
              <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-md">
                <div className="border-t-4 border-accent px-5 pt-6 pb-2 sm:px-8 sm:pt-8">
                  <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
                    Your answer
                  </p>
                  <h2 className="mt-1 text-2xl font-bold tracking-tight text-slate-900">
                    Accept and sign
                  </h2>
                  <p className="mt-2 max-w-prose text-slate-700">
                    You agree to “{d.title}” for{' '}
                    <strong className="font-semibold text-slate-900 tabular-nums">
                      {formatMoney(d.total, d.currency)}
                    </strong>
                    {Number(d.depositPercent) > 0 ? (
                      <>
                        , with a deposit of{' '}
                        <strong className="font-semibold text-slate-900 tabular-nums">
                          {formatMoney(d.depositAmount, d.currency)}
                        </strong>{' '}
                        invoiced when you sign
                      </>
                    ) : null}
                    . Type your full name and tick the box to sign. You get the signed agreement as
                    a PDF by e-mail, with a record of the time and this device.
                  </p>
                </div>
                <Form
                  method="post"
                  className="space-y-5 px-5 pt-4 pb-6 sm:px-8 sm:pb-8"
                  aria-label="Accept the proposal"
                >
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
                    // The name set as a signature is, on a line, over who signs and for whom.
                    className="max-w-md [&_input]:h-14 [&_input]:rounded-none [&_input]:border-0 [&_input]:border-b-2 [&_input]:border-slate-400 [&_input]:bg-slate-50 [&_input]:font-serif [&_input]:text-2xl [&_input]:italic"
                    hint={`Signing for ${buyer}`}
                    error={failed?.intent === 'accept' ? failed.fieldErrors.signerName : undefined}
                  />
                  <label className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm text-slate-800">
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
                  <Button type="submit" size="lg" className="w-full sm:w-auto sm:px-10">
                    Accept and sign
                  </Button>
                </Form>
                <details className="border-t border-slate-200 bg-slate-50 px-5 py-4 sm:px-8">
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
                      hint={`${owner} reads it.`}
                    />
                    <Button type="submit" variant="secondary">
                      Decline
                    </Button>
                  </Form>
                </details>
              </div>
            </section>
          ) : null}
          {status === 'accepted' && signature ? (
            <section
              aria-label="Signature"
              className="border-t border-slate-200 bg-slate-50 px-5 py-8 sm:px-10 sm:py-10"
            >
              <h2 className="text-xl font-bold tracking-tight text-slate-900">Signature</h2>
              <div className="mt-5 grid gap-6 sm:grid-cols-[1fr_auto] sm:items-end">
                <div className="max-w-md">
                  <p className="border-b-2 border-slate-400 pb-1 font-serif text-3xl text-slate-900 italic">
                    {signature.name}
                  </p>
                  <p className="mt-2 text-sm text-slate-600">
                    For {buyer}, {utcTime(signature.signedAt)}
                  </p>
                  <p className="mt-1 text-xs break-all text-slate-600">
                    Document fingerprint (SHA-256): {signature.documentHash}
                  </p>
                </div>
                <a
                  href={pdf}
                  className={`${buttonClasses('secondary', 'md')} w-full text-center sm:w-auto`}
                >
                  Download the signed agreement (PDF)
                </a>
              </div>
            </section>
          ) : null}
        </ProposalSheet>
        <p className="mt-6 text-center text-xs text-slate-600">
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
      </div>
    </main>
  )
}

/** The deposit invoice issued with the signature: what it comes to, and the way to pay it. */
function DepositNotice({
  deposit,
}: {
  deposit: NonNullable<
    Extract<Route.ComponentProps['loaderData'], { document: unknown }>['deposit']
  >
}) {
  const { isPaid } = deposit
  const total = formatMoney(deposit.total, deposit.currency)
  return (
    <div className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div>
        <p className="font-semibold text-slate-900">
          {isPaid ? 'Deposit paid' : 'Next: the deposit'}
        </p>
        <p className="mt-0.5 text-sm text-slate-700">
          {isPaid
            ? `Invoice ${deposit.number} for ${total} is paid. Thank you.`
            : `Invoice ${deposit.number} for ${total}: ${formatMoney(deposit.balance, deposit.currency)} to pay${deposit.dueDate ? ` by ${longDate(deposit.dueDate)}` : ''}. Its page has the bank details and the PDF.`}
        </p>
      </div>
      <a
        href={deposit.path}
        className={`${buttonClasses(isPaid ? 'secondary' : 'primary', 'md')} w-full shrink-0 text-center sm:w-auto`}
      >
        {isPaid ? `See invoice ${deposit.number}` : 'Pay the deposit'}
      </a>
    </div>
  )
}

/** The tick beside the signed notice. */
function CheckIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className="mt-0.5 h-6 w-6 shrink-0 text-green-700"
    >
      <circle cx="12" cy="12" r="10" fill="currentColor" opacity="0.15" />
      <path
        d="M7.5 12.5l3 3 6-6.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
