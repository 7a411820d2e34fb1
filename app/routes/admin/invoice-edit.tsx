import { href, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/invoice-edit'
import { Badges } from '#app/components/ui/badges.tsx'
import { longDate } from '#app/components/ui/document-sheet.tsx'
import { FieldsForm } from '#app/components/ui/fields-form.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { useConfirmedSubmit } from '#app/components/ui/confirm-dialog.tsx'
import { DraftForm } from '#app/components/ui/draft-actions.tsx'
import { InputField, SelectField, TextareaField } from '#app/components/ui/field.tsx'
import { LineItemsEditor } from '#app/components/ui/line-items-editor.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { DataTable, RowsBody, Td, Th, THead, Tr } from '#app/components/ui/table.tsx'
import { INVOICE_STATUS } from '#app/features/invoices/invoice-status.ts'
import {
  createInvoice,
  creditInvoice,
  deleteInvoice,
  getInvoice,
  issueInvoice,
  recordPayment,
  sendInvoice,
  updateInvoice,
} from '#app/features/invoices/invoices.api.ts'
import { ClientSelect } from '#app/features/clients/client-fields.tsx'
import { listClients } from '#app/features/clients/clients.api.ts'
import { listProposals } from '#app/features/proposals/proposals.api.ts'
import { getSettings } from '#app/features/settings/settings.api.ts'
import { downloadApiFile, messageOf } from '#app/lib/api-client.ts'
import { answerDraft, readDraft } from '#app/lib/draft-document.ts'
import {
  adminPost,
  errorsOf,
  type FieldErrors,
  parseForm,
  runSignedIn,
  submitForm,
} from '#app/lib/form.ts'
import { loadAsAdmin, withSignIn } from '#app/lib/guards.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { toast } from '#app/lib/toast.tsx'
import { useFormPreview } from '#app/lib/use-form-preview.ts'
import { formatMoney } from '#common/money.ts'
import type { Client } from '#common/schemas/clients.ts'
import {
  InvoiceBodySchema,
  PaymentBodySchema,
  type Invoice,
  type PaymentMethod,
} from '#common/schemas/invoices.ts'
import { vatTotalsOf, vatTreatmentOf } from '#common/vat.ts'
import type { SiteSettings } from '#common/schemas/settings.ts'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Admin: Invoice', matches) },
]

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return loadAsAdmin(request, async () => {
    const [{ clients }, { proposals }, settings, { found, clientId }] = await Promise.all([
      listClients(),
      listProposals(),
      getSettings(),
      readDraft(request, params.id, getInvoice),
    ])
    return {
      clients,
      signed: proposals.filter((proposal) => proposal.status === 'accepted'),
      settings,
      invoice: found?.invoice,
      clientId,
    }
  })
}
clientLoader.hydrate = true as const

const today = () => new Date().toISOString().slice(0, 10)

/** How a payment came, as the owner's form and list name it. */
const PAYMENT_METHODS: Record<PaymentMethod, string> = {
  bank: 'Bank transfer',
  card: 'Card',
  other: 'Other',
}

/** The words a toast says for each of an issued invoice's actions. */
const DONE = {
  send: 'Invoice sent: your client has the PDF and the link by e-mail',
  credit: 'Credit note issued',
  payment: 'Payment recorded',
} as const

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const { formData, intent } = await adminPost(request)
  if (intent === 'send') return runSignedIn(request, () => sendInvoice(params.id), DONE.send)
  if (intent === 'credit') {
    const note = await runSignedIn(request, () => creditInvoice(params.id), DONE.credit)
    return note ? redirect(href('/admin/invoice/:id', { id: note.invoice._id })) : undefined
  }
  if (intent === 'payment')
    return submitForm(
      formData,
      PaymentBodySchema,
      (body) => withSignIn(request, () => recordPayment(params.id, body)),
      DONE.payment,
    )
  return answerDraft(request, params.id, formData, {
    schema: InvoiceBodySchema,
    create: async (body) => (await createInvoice(body)).invoice,
    update: async (id, body) => (await updateInvoice(id, body)).invoice,
    remove: deleteInvoice,
    finish: {
      intent: 'issue',
      run: issueInvoice,
      done: 'Invoice issued: its number and document are fixed',
    },
    saved: 'Draft saved',
    deleted: 'Draft deleted',
    listPath: href('/admin/invoices'),
    pathOf: (id) => href('/admin/invoice/:id', { id }),
  })
}

export function HydrateFallback() {
  return <Spinner />
}

/** The totals the form's lines make for its client, as the server will compute them. */
function previewOf(form: HTMLFormElement | null, settings: SiteSettings, clients: Client[]) {
  if (!form) return undefined
  const parsed = parseForm(InvoiceBodySchema, new FormData(form))
  if (!parsed.ok || parsed.data.items.length === 0) return undefined
  const client = clients.find((c) => c._id === parsed.data.clientId)
  const { reverseCharge, vatExemption } = client
    ? vatTreatmentOf(client, settings.billing)
    : { reverseCharge: false, vatExemption: '' }
  return {
    ...vatTotalsOf(parsed.data.items, reverseCharge, vatExemption),
    reverseCharge,
    currency: parsed.data.currency ?? settings.billing.currency,
  }
}

const nameOf = (invoice: Invoice) =>
  `${invoice.kind === 'credit' ? 'Credit note' : 'Invoice'} ${invoice.number ?? ''}`.trim()

function IssuedInvoice({
  invoice,
  client,
  errors,
}: {
  invoice: Invoice
  client: Client | undefined
  /** A refused payment's. */
  errors: FieldErrors | undefined
}) {
  const navigation = useNavigation()
  const isBusy = navigation.state === 'submitting'
  const { confirmSubmit, dialog } = useConfirmedSubmit()
  const money = (amount: string) => formatMoney(amount, invoice.currency)
  const isOpen = invoice.kind !== 'credit' && Number(invoice.balance) > 0
  const download = (path: string, name: string) =>
    downloadApiFile(path, name).catch((error: unknown) => toast.error(messageOf(error)))
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader
        title={nameOf(invoice)}
        subtitle={[
          client ? client.company || client.name : 'Client',
          invoice.issueDate && `issued ${longDate(invoice.issueDate)}`,
          invoice.kind !== 'credit' && invoice.dueDate && `due ${longDate(invoice.dueDate)}`,
        ]
          .filter(Boolean)
          .join(' · ')}
        actions={<Badges items={[INVOICE_STATUS[invoice.status]]} />}
      />
      <Panel title="Amounts">
        <dl className="grid grid-cols-2 gap-4 text-sm tabular-nums sm:grid-cols-4">
          {[
            { label: 'Total', value: money(invoice.total), isMain: true },
            {
              label: 'Tax',
              value: invoice.reverseCharge ? 'Reverse charge' : money(invoice.tax),
              isMain: false,
            },
            { label: 'Paid', value: money(invoice.paid), isMain: false },
            { label: 'Balance', value: money(invoice.balance), isMain: true },
          ].map((amount) => (
            <div key={amount.label}>
              <dt className="text-slate-600">{amount.label}</dt>
              <dd
                className={
                  amount.isMain ? 'text-lg font-bold text-slate-900' : 'font-medium text-slate-900'
                }
              >
                {amount.value}
              </dd>
            </div>
          ))}
        </dl>
        {invoice.correctsNumber ? (
          <p className="mt-4 text-sm text-slate-700">Corrects invoice {invoice.correctsNumber}.</p>
        ) : null}
        <div className="mt-6 flex flex-wrap gap-3">
          <Button
            type="button"
            variant="secondary"
            onClick={() => download(`/api/invoices/${invoice._id}/pdf`, 'invoice.pdf')}
          >
            Download the PDF
          </Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => download(`/api/invoices/${invoice._id}/ubl`, 'invoice.xml')}
          >
            Download the XML (UBL)
          </Button>
          {invoice.url ? (
            <a
              href={invoice.url}
              className="self-center text-sm font-medium text-brand-700 underline underline-offset-2"
            >
              Open the client’s page
            </a>
          ) : null}
        </div>
      </Panel>
      <Panel title="Send and correct">
        <p className="text-sm text-slate-700">
          {invoice.sentAt
            ? `Sent ${new Date(invoice.sentAt).toLocaleString('en-GB')}.`
            : 'Not sent yet.'}{' '}
          An issued invoice never changes: a mistake is corrected with a credit note.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Button
            type="button"
            disabled={isBusy}
            onClick={() =>
              void confirmSubmit(
                `Send ${nameOf(invoice)} to the client?`,
                {
                  detail: 'Your client gets the PDF and the link to its page by e-mail.',
                  confirmLabel: 'Send',
                },
                { intent: 'send' },
              )
            }
          >
            {invoice.sentAt ? 'Send again' : 'Send to the client'}
          </Button>
          {invoice.kind !== 'credit' && Number(invoice.credited) === 0 ? (
            <Button
              type="button"
              variant="danger"
              disabled={isBusy}
              onClick={() =>
                void confirmSubmit(
                  `Issue a credit note for ${nameOf(invoice)}?`,
                  {
                    detail:
                      'The credit note takes the next number and cancels the whole invoice. It cannot be undone.',
                    confirmLabel: 'Issue the credit note',
                    variant: 'danger',
                  },
                  { intent: 'credit' },
                )
              }
            >
              Issue a credit note
            </Button>
          ) : null}
        </div>
      </Panel>
      {invoice.kind === 'credit' ? null : (
        <Panel title="Payments">
          <DataTable caption="Payments" captionHidden>
            <THead>
              <tr>
                <Th>Date</Th>
                <Th className="text-right">Amount</Th>
                <Th>Method</Th>
              </tr>
            </THead>
            <RowsBody items={invoice.payments} colSpan={3} empty="No payments yet.">
              {(payment) => (
                <Tr key={payment._id}>
                  <Td label="Date">{longDate(payment.date)}</Td>
                  <Td label="Amount" className="tabular-nums @3xl:text-right">
                    {money(payment.amount)}
                  </Td>
                  <Td label="Method">{PAYMENT_METHODS[payment.method]}</Td>
                </Tr>
              )}
            </RowsBody>
          </DataTable>
          {isOpen ? <PaymentForm balance={invoice.balance} errors={errors} /> : null}
        </Panel>
      )}
      {dialog}
    </div>
  )
}

function PaymentForm({ balance, errors }: { balance: string; errors: FieldErrors | undefined }) {
  const navigation = useNavigation()
  const isBusy = navigation.state === 'submitting'
  return (
    <FieldsForm
      errors={errors}
      className="mt-6 grid gap-4 sm:grid-cols-4 sm:items-end"
      aria-label="Record a payment"
    >
      <input type="hidden" name="intent" value="payment" />
      <InputField
        label="Amount"
        name="amount"
        inputMode="decimal"
        defaultValue={balance}
        required
        error={errors?.amount}
      />
      <InputField
        label="Date"
        name="date"
        type="date"
        defaultValue={today()}
        required
        error={errors?.date}
      />
      <SelectField
        label="Method"
        name="method"
        error={errors?.method}
        defaultValue="bank"
        options={Object.entries(PAYMENT_METHODS).map(([value, label]) => ({ value, label }))}
      />
      <Button type="submit" disabled={isBusy}>
        Record a payment
      </Button>
    </FieldsForm>
  )
}

export default function InvoiceEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { clients, signed, settings, invoice, clientId } = loaderData
  const errors = errorsOf(actionData ?? undefined)
  const { confirmSubmit, dialog } = useConfirmedSubmit()
  const { formRef, preview, edited } = useFormPreview((form) => previewOf(form, settings, clients))

  if (invoice && invoice.status !== 'draft')
    return (
      <IssuedInvoice
        invoice={invoice}
        client={clients.find((c) => c._id === invoice.clientId)}
        errors={errors}
      />
    )

  const shown = preview ?? invoice
  const money = (amount: string) =>
    formatMoney(amount, preview?.currency ?? invoice?.currency ?? settings.billing.currency)
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader
        title={invoice ? 'Edit draft invoice' : 'New invoice'}
        subtitle="A draft has no number yet. Issuing gives it the next number of the year and fixes it for good."
      />
      <DraftForm
        label="Invoice"
        errors={errors}
        formRef={formRef}
        onEdited={edited}
        isSavePrimary={false}
        isSaved={invoice !== undefined}
        confirmSubmit={confirmSubmit}
        finish={{
          intent: 'issue',
          label: 'Issue the invoice',
          question: 'Issue this invoice?',
          options: {
            detail:
              'It takes the next number of the year and today’s date. An issued invoice never changes: a mistake is corrected with a credit note.',
            confirmLabel: 'Issue',
          },
        }}
      >
        <Panel title="Who" isRoomy>
          <div className="grid gap-5 sm:grid-cols-2">
            <ClientSelect
              clients={clients}
              defaultValue={invoice?.clientId ?? clientId ?? ''}
              error={errors?.clientId}
            />
            <SelectField
              label="For a signed proposal (optional)"
              name="proposalId"
              defaultValue={invoice?.proposalId ?? ''}
              error={errors?.proposalId}
              hint="Its deposit invoice is deducted; with no items, the proposal’s are billed."
              options={[
                { value: '', label: 'None' },
                ...signed.map((proposal) => ({ value: proposal._id, label: proposal.title })),
              ]}
            />
          </div>
        </Panel>
        <Panel title="Items" isRoomy>
          <LineItemsEditor
            items={invoice?.items}
            onEdited={edited}
            defaultTaxRate={settings.billing.defaultTaxRate}
            errors={errors}
          />
          {shown ? (
            <dl className="mt-6 ml-auto max-w-sm space-y-1.5 border-t border-slate-200 pt-4 text-sm">
              <div className="flex justify-between gap-4 text-slate-600">
                <dt>Net</dt>
                <dd>{money(shown.subtotal)}</dd>
              </div>
              <div className="flex justify-between gap-4 text-slate-600">
                <dt>{shown.reverseCharge ? 'VAT (reverse charge)' : 'VAT'}</dt>
                <dd>{money(shown.tax)}</dd>
              </div>
              <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base font-bold text-slate-900">
                <dt>Total</dt>
                <dd>{money(shown.total)}</dd>
              </div>
            </dl>
          ) : null}
        </Panel>
        <Panel title="Terms and notes" isRoomy>
          <div className="grid gap-5 sm:grid-cols-2">
            <InputField
              label="Due date (optional)"
              name="dueDate"
              type="date"
              defaultValue={invoice?.dueDate ?? ''}
              hint={`Empty: ${settings.billing.paymentTermsDays} days after the issue date.`}
              error={errors?.dueDate}
            />
            <InputField
              label="Currency"
              name="currency"
              maxLength={3}
              defaultValue={invoice?.currency ?? settings.billing.currency}
              error={errors?.currency}
            />
            <div className="sm:col-span-2">
              <TextareaField
                label="Notes for the client"
                name="notes"
                rows={3}
                defaultValue={invoice?.notes}
                error={errors?.notes}
              />
            </div>
          </div>
        </Panel>
      </DraftForm>
      {dialog}
    </div>
  )
}
