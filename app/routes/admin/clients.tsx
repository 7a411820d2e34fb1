import { Link, href, useNavigation } from 'react-router'
import type { Route } from './+types/clients'
import { Button } from '#app/components/ui/button.tsx'
import { useConfirmedSubmit } from '#app/components/ui/confirm-dialog.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import {
  ActionsTh,
  DataTable,
  RowLink,
  RowsBody,
  Td,
  Th,
  THead,
  Tr,
} from '#app/components/ui/table.tsx'
import { FieldsForm } from '#app/components/ui/fields-form.tsx'
import { ClientFields, confirmClientDelete } from '#app/features/clients/client-fields.tsx'
import { createClient, deleteClient, listClients } from '#app/features/clients/clients.api.ts'
import { adminPost, answerMessage, errorsOf, runSignedIn, submitForm } from '#app/lib/form.ts'
import { loadAsAdmin, withSignIn } from '#app/lib/guards.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { countryName } from '#common/schemas/billing.ts'
import { ClientBodySchema } from '#common/schemas/clients.ts'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Admin: Clients', matches) },
]

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadAsAdmin(request, () => listClients())
}
clientLoader.hydrate = true as const

export async function clientAction({ request }: Route.ClientActionArgs) {
  const { formData, intent, id } = await adminPost(request)
  if (intent === 'delete') {
    await runSignedIn(request, () => deleteClient(id), answerMessage)
    return undefined
  }
  return submitForm(
    formData,
    ClientBodySchema,
    (body) => withSignIn(request, () => createClient(body)),
    'Client added',
  )
}

export function HydrateFallback() {
  return <Spinner />
}

export default function ClientsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { clients } = loaderData
  const errors = errorsOf(actionData)
  const isSaving = useNavigation().state === 'submitting' && actionData === undefined
  const { confirmSubmit, dialog } = useConfirmedSubmit()
  return (
    <div className="max-w-5xl space-y-6">
      <PageHeader
        title="Clients"
        subtitle="Whom your proposals and invoices are for. Make one from an inquiry in Messages, or add one here."
      />
      <DataTable caption="Clients" captionHidden>
        <THead>
          <tr>
            <Th>Name</Th>
            <Th>Company</Th>
            <Th>E-mail</Th>
            <Th>Country</Th>
            <ActionsTh />
          </tr>
        </THead>
        <RowsBody items={clients} colSpan={5} empty="No clients yet.">
          {(client) => (
            <Tr key={client._id}>
              <Td label="Name">
                <RowLink to={href('/admin/client/:id', { id: client._id })}>{client.name}</RowLink>
              </Td>
              <Td label="Company">{client.company || '–'}</Td>
              <Td label="E-mail">{client.email}</Td>
              <Td label="Country">{client.country ? countryName(client.country) : '–'}</Td>
              <Td>
                <span className="flex flex-wrap justify-end gap-2">
                  <Link
                    to={`${href('/admin/proposal/:id', { id: 'new' })}?client=${client._id}`}
                    className="text-sm font-medium text-brand-700 underline underline-offset-2"
                  >
                    New proposal
                  </Link>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Delete ${client.name}`}
                    onClick={() =>
                      void confirmSubmit(...confirmClientDelete(client), {
                        intent: 'delete',
                        id: client._id,
                      })
                    }
                  >
                    Delete
                  </Button>
                </span>
              </Td>
            </Tr>
          )}
        </RowsBody>
      </DataTable>
      <Panel title="Add a client" isRoomy>
        <FieldsForm errors={errors} className="space-y-5">
          <ClientFields errors={errors} />
          <Button type="submit" disabled={isSaving}>
            Add client
          </Button>
        </FieldsForm>
      </Panel>
      {dialog}
    </div>
  )
}
