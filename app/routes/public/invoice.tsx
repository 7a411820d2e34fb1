import type { ReactNode } from 'react'
import { data, Form, redirect } from 'react-router'
import type { Route } from './+types/invoice'
import { TokenPageFrame } from '#app/components/layout/token-page-frame.tsx'
import { Alert } from '#app/components/ui/alert.tsx'
import { Badges } from '#app/components/ui/badges.tsx'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { cn } from '#app/lib/cn.ts'
import { refusalOf } from '#app/lib/public-form.server.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { InvoiceSheet, spacedIban } from '#app/features/invoices/invoice-sheet.tsx'
import { INVOICE_STATUS } from '#app/features/invoices/invoice-status.ts'
import { tokenPageHeaders } from '#app/lib/token-page.ts'
import { formatMoney } from '#common/money.ts'
import { pageContext } from '#app/context.ts'

// The address carries the link's secret token: never in search results, never cached.
export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: pageTitle(
      loaderData && 'document' in loaderData
        ? `${loaderData.document.kind === 'credit' ? 'Credit note' : 'Invoice'} ${loaderData.document.number}`
        : 'Invoice',
      matches,
    ),
  },
  { name: 'robots', content: 'noindex' },
]

export const headers: Route.HeadersFunction = tokenPageHeaders

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services, clientIp } = context.get(pageContext)
  const { invoices } = services
  try {
    await invoices.countView(clientIp)
    const found = await invoices.forClient(params.token)
    return {
      ...found,
      isCardReturn: new URL(request.url).searchParams.get('card') === 'paid',
    }
  } catch (error) {
    const { status, headers, message } = refusalOf(error)
    return data({ message }, { status, headers })
  }
}

/** "Pay by card": to Stripe Checkout for what is left to pay. */
export async function action({ params, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(pageContext)
  const { invoices } = services
  try {
    await invoices.countView(clientIp)
    return redirect(await invoices.startCardPayment(params.token), 303)
  } catch (error) {
    const { status, headers, message } = refusalOf(error)
    return data({ message }, { status, headers })
  }
}

/** A bank detail: its label above it on a phone, beside it from `sm` up; `isCode` in monospace. */
function PaymentDetail({
  label,
  isCode = false,
  children,
}: {
  label: string
  isCode?: boolean
  children: ReactNode
}) {
  return (
    <>
      <dt className="mt-2.5 text-slate-600 first:mt-0 sm:mt-0">{label}</dt>
      <dd className={cn('font-medium text-slate-900 tabular-nums', isCode && 'font-mono')}>
        {children}
      </dd>
    </>
  )
}

export default function InvoicePage({ loaderData, actionData, params }: Route.ComponentProps) {
  if (!('document' in loaderData)) {
    return (
      <TokenPageFrame eyebrow="Invoice" title="This link does not lead to an invoice">
        <p className="mt-5 text-lg leading-8 text-slate-700">{loaderData.message}</p>
      </TokenPageFrame>
    )
  }
  const { document: d, status, balance, epcQrSvg, isCardPayable, isCardReturn } = loaderData
  const money = (amount: string) => formatMoney(amount, d.currency)
  const isOpen = d.kind !== 'credit' && Number(balance) > 0
  const pdfHref = `/invoice/${params.token}/pdf`
  return (
    <main id="main-content" className="flex-1 bg-slate-50">
      <div className="mx-auto max-w-4xl px-3 py-8 sm:px-6 sm:py-14">
        <InvoiceSheet
          document={d}
          notices={
            <>
              <div className="flex flex-wrap items-center gap-3">
                <Badges items={[INVOICE_STATUS[status]]} />
                {d.kind === 'credit' ? null : (
                  <p className="text-slate-800">
                    Balance: <strong>{money(balance)}</strong>
                  </p>
                )}
              </div>
              {isCardReturn && isOpen ? (
                <Alert kind="success">
                  Thank you: your card payment is being confirmed, and this page shows it once it
                  is.
                </Alert>
              ) : null}
              {actionData ? <Alert kind="error">{actionData.message}</Alert> : null}
              <p>
                <a href={pdfHref} className={buttonClasses('secondary', 'md')}>
                  Download the PDF
                </a>
              </p>
            </>
          }
        >
          {isOpen ? (
            <section
              aria-label="How to pay"
              className="border-t border-slate-200 bg-brand-50 px-5 py-8 sm:px-10"
            >
              <h2 className="text-lg font-bold tracking-tight text-slate-900">How to pay</h2>
              <div className="mt-4 grid gap-6 sm:grid-cols-[minmax(0,1fr)_auto]">
                {d.payment.iban ? (
                  <dl className="grid gap-x-4 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-1.5">
                    <PaymentDetail label="Account holder">{d.seller.name}</PaymentDetail>
                    <PaymentDetail label="IBAN" isCode>
                      {spacedIban(d.payment.iban)}
                    </PaymentDetail>
                    {d.payment.bic ? (
                      <PaymentDetail label="BIC" isCode>
                        {d.payment.bic}
                      </PaymentDetail>
                    ) : null}
                    {d.payment.bankName ? (
                      <PaymentDetail label="Bank">{d.payment.bankName}</PaymentDetail>
                    ) : null}
                    <PaymentDetail label="Amount">{money(balance)}</PaymentDetail>
                    <PaymentDetail label="Reference">{d.payment.reference}</PaymentDetail>
                  </dl>
                ) : (
                  <p className="text-sm text-slate-700">
                    Write to {d.seller.email || d.seller.name} for the bank details.
                  </p>
                )}
                {epcQrSvg ? (
                  <figure className="w-44">
                    <div
                      role="img"
                      aria-label="QR code for a bank transfer of this invoice"
                      className="rounded-lg bg-white p-2"
                      // An SVG the server drew from the invoice's own figures.
                      dangerouslySetInnerHTML={{ __html: epcQrSvg }}
                    />
                    <figcaption className="mt-2 text-xs text-slate-600">
                      Scan with your banking app to pay by transfer.
                    </figcaption>
                  </figure>
                ) : null}
              </div>
              {isCardPayable ? (
                <Form method="post" className="mt-6" aria-label="Pay by card">
                  <Button type="submit" size="lg">
                    Pay by card
                  </Button>
                </Form>
              ) : null}
            </section>
          ) : null}
        </InvoiceSheet>
        <p className="mt-6 text-center text-xs text-slate-500">
          This page is for {d.buyer.name} alone: its address is the key. Questions? Write to{' '}
          {d.seller.email ? (
            <a href={`mailto:${d.seller.email}`} className="underline underline-offset-2">
              {d.seller.email}
            </a>
          ) : (
            d.seller.name
          )}
          .
        </p>
      </div>
    </main>
  )
}
