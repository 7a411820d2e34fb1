import { href } from 'react-router'
import type { Route } from './+types/proposals'
import { ButtonLink } from '#app/components/ui/button.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { listClients } from '#app/features/clients/clients.api.ts'
import { ProposalsTable } from '#app/features/proposals/proposals-table.tsx'
import { listProposals } from '#app/features/proposals/proposals.api.ts'
import { loadAsAdmin } from '#app/lib/guards.ts'
import { pageTitle } from '#app/lib/seo.ts'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Admin: Proposals', matches) },
]

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadAsAdmin(request, async () => {
    const [{ proposals }, { clients }] = await Promise.all([listProposals(), listClients()])
    return { proposals, clients }
  })
}
clientLoader.hydrate = true as const

export function HydrateFallback() {
  return <Spinner />
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
          <>
            <ButtonLink to={href('/admin/proposals/terms')} variant="secondary">
              Terms templates
            </ButtonLink>
            <ButtonLink to={href('/admin/proposal/:id', { id: 'new' })}>New proposal</ButtonLink>
          </>
        }
      />
      <ProposalsTable proposals={proposals} clientName={clientName} />
    </div>
  )
}
