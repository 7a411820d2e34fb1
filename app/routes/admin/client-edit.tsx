import { href, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/client-edit'
import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { useConfirmedSubmit } from '#app/components/ui/confirm-dialog.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { FieldsForm } from '#app/components/ui/fields-form.tsx'
import { ClientFields, confirmClientDelete } from '#app/features/clients/client-fields.tsx'
import { deleteClient, getClient, updateClient } from '#app/features/clients/clients.api.ts'
import { ProposalsTable } from '#app/features/proposals/proposals-table.tsx'
import { listProposals } from '#app/features/proposals/proposals.api.ts'
import { errorsOf, runIntent, submitForm } from '#app/lib/form.ts'
import { requireAdmin, withSignIn } from '#app/lib/guards.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { ClientBodySchema } from '#common/schemas/clients.ts'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(`Admin: ${loaderData?.client.name ?? 'Client'}`, matches) },
]

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  requireAdmin(request)
  return withSignIn(request, async () => {
    const [{ client }, { proposals }] = await Promise.all([getClient(params.id), listProposals()])
    return { client, proposals: proposals.filter((p) => p.clientId === client._id) }
  })
}
clientLoader.hydrate = true as const

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  requireAdmin(request)
  const formData = await request.formData()
  if (formData.get('intent') === 'delete') {
    const deleted = await runIntent(
      () => withSignIn(request, () => deleteClient(params.id)),
      ({ message }) => message,
    )
    return deleted ? redirect(href('/admin/clients')) : undefined
  }
  return submitForm(
    formData,
    ClientBodySchema,
    (body) => withSignIn(request, () => updateClient(params.id, body)),
    'Client saved',
  )
}

export function HydrateFallback() {
  return <Spinner />
}

export default function ClientEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { client, proposals } = loaderData
  const errors = errorsOf(actionData)
  const isSaving = useNavigation().state === 'submitting'
  const { confirmSubmit, dialog } = useConfirmedSubmit()
  return (
    <div className="max-w-5xl space-y-6">
      <PageHeader
        title={client.company ? `${client.name}, ${client.company}` : client.name}
        subtitle={`Client since ${new Date(client.createdAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' })}`}
        actions={
          <ButtonLink to={`${href('/admin/proposal/:id', { id: 'new' })}?client=${client._id}`}>
            New proposal
          </ButtonLink>
        }
      />
      <Panel title="Details" isRoomy>
        {/* key: after a save the fields show what was stored. */}
        <FieldsForm errors={errors} className="space-y-5" key={client.updatedAt}>
          <ClientFields client={client} errors={errors} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Button type="submit" disabled={isSaving}>
              Save client
            </Button>
            <Button
              variant="ghost"
              onClick={() =>
                void confirmSubmit(...confirmClientDelete(client), { intent: 'delete' })
              }
            >
              Delete client
            </Button>
          </div>
        </FieldsForm>
      </Panel>
      <section aria-labelledby="client-proposals" className="space-y-3">
        <h2 id="client-proposals" className="text-lg font-semibold text-slate-900">
          Proposals
        </h2>
        <ProposalsTable proposals={proposals} />
      </section>
      {dialog}
    </div>
  )
}
