import { href, Link } from 'react-router'
import type { Route } from './+types/invoices'
import { Badges } from '#app/components/ui/badges.tsx'
import { longDate } from '#app/components/ui/document-sheet.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { FilterTabs } from '#app/components/ui/list-toolbar.tsx'
import { PagedTable, RowActions, type Column } from '#app/components/ui/paged-table.tsx'
import { RowLink } from '#app/components/ui/table.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { INVOICE_STATUS } from '#app/features/invoices/invoice-status.ts'
import { listInvoices } from '#app/features/invoices/invoices.api.ts'
import { listClients } from '#app/features/clients/clients.api.ts'
import { requireAdmin, withSignIn } from '#app/lib/guards.ts'
import { loadListPage } from '#app/lib/paged-list.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { formatMoney } from '#common/money.ts'
import { INVOICE_STATUSES, type Invoice, type InvoiceStatus } from '#common/schemas/invoices.ts'

const BASE_PATH = '/admin/invoices'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Admin: Invoices', matches) },
]

const statusOf = (request: Request): InvoiceStatus | undefined => {
  const asked = new URL(request.url).searchParams.get('status')
  return INVOICE_STATUSES.find((status) => status === asked)
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAdmin(request)
  const status = statusOf(request)
  const basePath = status ? `${BASE_PATH}?status=${status}` : BASE_PATH
  return withSignIn(request, async () => {
    const [list, { clients }] = await Promise.all([
      loadListPage(request, basePath, (page) => listInvoices({ status, page }), 'invoices'),
      listClients(),
    ])
    return { ...list, clients, status, basePath }
  })
}
clientLoader.hydrate = true as const

export function HydrateFallback() {
  return <Spinner />
}

const TABS: { label: string; status?: InvoiceStatus }[] = [
  { label: 'All' },
  { label: 'Drafts', status: 'draft' },
  { label: 'Open', status: 'issued' },
  { label: 'Partly paid', status: 'partially_paid' },
  { label: 'Overdue', status: 'overdue' },
  { label: 'Paid', status: 'paid' },
]

export default function InvoicesPage({ loaderData }: Route.ComponentProps) {
  const { invoices, total, page, pages, clients, status, basePath } = loaderData
  const clientName = (id: string) => {
    const client = clients.find((c) => c._id === id)
    return client ? client.company || client.name : '–'
  }
  const nameOf = (invoice: Invoice) =>
    invoice.number
      ? `${invoice.kind === 'credit' ? 'Credit note' : 'Invoice'} ${invoice.number}`
      : `Draft for ${clientName(invoice.clientId)}`
  const columns: Column<Invoice>[] = [
    {
      header: 'Number',
      cell: (invoice) => (
        <RowLink to={href('/admin/invoice/:id', { id: invoice._id })}>
          {invoice.number ?? 'Draft'}
        </RowLink>
      ),
    },
    { header: 'Client', cell: (invoice) => clientName(invoice.clientId) },
    {
      header: 'Total',
      cell: (invoice) => formatMoney(invoice.total, invoice.currency),
      isNumeric: true,
    },
    {
      header: 'Balance',
      cell: (invoice) => formatMoney(invoice.balance, invoice.currency),
      isNumeric: true,
    },
    {
      header: 'Status',
      cell: (invoice) => (
        <Badges
          items={[
            INVOICE_STATUS[invoice.status],
            invoice.kind === 'credit' && { label: 'Credit note', tone: 'mark' },
            invoice.kind === 'deposit' && { label: 'Deposit', tone: 'mark' },
          ]}
        />
      ),
    },
    {
      header: 'Due',
      cell: (invoice) => (invoice.dueDate ? longDate(invoice.dueDate) : '–'),
      className: 'whitespace-nowrap',
    },
  ]
  return (
    <div className="max-w-5xl space-y-6">
      <PagedTable
        title="Invoices"
        total={total}
        subtitle="Numbered when issued, never changed after; your client pays by transfer or card."
        actions={
          <Link
            to={href('/admin/invoice/:id', { id: 'new' })}
            className={buttonClasses('primary', 'md')}
          >
            New invoice
          </Link>
        }
        toolbar={
          <FilterTabs
            label="Invoices by status"
            tabs={TABS.map((tab) => ({
              label: tab.label,
              to: tab.status ? `${BASE_PATH}?status=${tab.status}` : BASE_PATH,
              isCurrent: tab.status === status,
            }))}
          />
        }
        columns={columns}
        rows={invoices}
        rowActions={(invoice) => (
          <RowActions>
            <Link
              to={href('/admin/invoice/:id', { id: invoice._id })}
              className={buttonClasses('secondary', 'sm')}
              aria-label={`Open ${nameOf(invoice)}`}
            >
              Open
            </Link>
          </RowActions>
        )}
        empty={status ? 'No invoices with this status.' : 'No invoices yet.'}
        basePath={basePath}
        page={page}
        pages={pages}
      />
    </div>
  )
}
