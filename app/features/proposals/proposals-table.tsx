import { href } from 'react-router'
import { Badges, type BadgeItem } from '#app/components/ui/badges.tsx'
import { DataTable, RowLink, RowsBody, Td, Th, THead, Tr } from '#app/components/ui/table.tsx'
import { formatMoney } from '#common/money.ts'
import type { Proposal } from '#common/schemas/proposals.ts'

const STATUS: Record<Proposal['status'], BadgeItem> = {
  draft: { label: 'Draft', tone: 'neutral' },
  sent: { label: 'Sent', tone: 'waiting' },
  accepted: { label: 'Signed', tone: 'live' },
  declined: { label: 'Declined', tone: 'neutral' },
}

/** Proposals with their status, each linking to its editor; `clientName` adds the client column. */
export function ProposalsTable({
  proposals,
  clientName,
}: {
  proposals: Proposal[]
  clientName?: (clientId: string) => string
}) {
  const columns = clientName ? 5 : 4
  return (
    <DataTable caption="Proposals" captionHidden>
      <THead>
        <tr>
          <Th>Title</Th>
          {clientName ? <Th>Client</Th> : null}
          <Th>Total</Th>
          <Th>Status</Th>
          <Th>Valid until</Th>
        </tr>
      </THead>
      <RowsBody items={proposals} colSpan={columns} empty="No proposals yet.">
        {(proposal) => (
          <Tr key={proposal._id}>
            <Td label="Title">
              <RowLink to={href('/admin/proposal/:id', { id: proposal._id })}>
                {proposal.title}
              </RowLink>
            </Td>
            {clientName ? <Td label="Client">{clientName(proposal.clientId)}</Td> : null}
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
        )}
      </RowsBody>
    </DataTable>
  )
}
