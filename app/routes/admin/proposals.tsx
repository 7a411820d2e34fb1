import { Link, href } from 'react-router'
import type { Route } from './+types/proposals'
import { Badges, type BadgeItem } from '#app/components/ui/badges.tsx'
import { buttonClasses } from '#app/components/ui/button.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { DataTable, EmptyRow, TBody, Td, Th, THead, Tr } from '#app/components/ui/table.tsx'
import { listClients, listProposals } from '#app/features/proposals/proposals.api.ts'
import { requireAdmin, withSignIn } from '#app/lib/guards.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { formatMoney } from '#common/money.ts'
import type { Proposal } from '#common/schemas/proposals.ts'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Admin: Proposals', matches) },
]

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAdmin(request)
  return withSignIn(request, async () => {
    const [{ proposals }, { clients }] = await Promise.all([listProposals(), listClients()])
    return { proposals, clients }
  })
}
clientLoader.hydrate = true as const

export function HydrateFallback() {
  return <Spinner />
}

const STATUS: Record<Proposal['status'], BadgeItem> = {
  draft: { label: 'Draft', tone: 'neutral' },
  sent: { label: 'Sent', tone: 'waiting' },
  accepted: { label: 'Signed', tone: 'live' },
  declined: { label: 'Declined', tone: 'neutral' },
}

export default function ProposalsPage({ loaderData }: Route.ComponentProps) {
  const { proposals, clients } = loaderData
  const clientName = (id: string) => {
    const client = clients.find((c) => c._id === id)
    return client ? client.company || client.name : '–'
  }
  return (
    <div className="max-w-5xl space-y-6">
      <PageHeader
        title="Proposals"
        subtitle="Scope, price and terms your client signs on your site."
        actions={
          <Link
            to={href('/admin/proposal/:id', { id: 'new' })}
            className={buttonClasses('primary', 'md')}
          >
            New proposal
          </Link>
        }
      />
      <DataTable caption="Proposals" captionHidden>
        <THead>
          <tr>
            <Th>Title</Th>
            <Th>Client</Th>
            <Th>Total</Th>
            <Th>Status</Th>
            <Th>Valid until</Th>
          </tr>
        </THead>
        <TBody>
          {proposals.length === 0 ? (
            <EmptyRow colSpan={5}>No proposals yet.</EmptyRow>
          ) : (
            proposals.map((proposal) => (
              <Tr key={proposal._id}>
                <Td label="Title">
                  <Link
                    to={href('/admin/proposal/:id', { id: proposal._id })}
                    className="font-medium text-brand-700 underline underline-offset-2"
                  >
                    {proposal.title}
                  </Link>
                </Td>
                <Td label="Client">{clientName(proposal.clientId)}</Td>
                <Td label="Total">{formatMoney(proposal.total, proposal.currency)}</Td>
                <Td label="Status">
                  <Badges
                    items={[
                      STATUS[proposal.status],
                      proposal.depositStatus === 'due' && { label: 'Deposit due', tone: 'waiting' },
                      proposal.depositStatus === 'invoiced' && {
                        label: 'Deposit invoiced',
                        tone: 'waiting',
                      },
                    ]}
                  />
                </Td>
                <Td label="Valid until">{proposal.validUntil}</Td>
              </Tr>
            ))
          )}
        </TBody>
      </DataTable>
    </div>
  )
}
