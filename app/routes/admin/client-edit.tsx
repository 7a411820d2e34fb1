import { href, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/client-edit'
import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { useConfirmedSubmit } from '#app/components/ui/confirm-dialog.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { FieldsForm } from '#app/components/ui/fields-form.tsx'
import { ClientFields, confirmClientDelete } from '#app/features/clients/client-fields.tsx'
import { ClientFiles } from '#app/features/clients/client-files.tsx'
import { ClientProjects } from '#app/features/clients/client-projects.tsx'
import { ClientRoomPanel } from '#app/features/clients/client-room-panel.tsx'
import {
  createProject,
  deleteClient,
  deleteClientFile,
  deleteProject,
  endRoomSessions,
  getClient,
  listClientFiles,
  listClientProjects,
  sendRoomLink,
  updateClient,
  updateProject,
  uploadClientFile,
} from '#app/features/clients/clients.api.ts'
import { ProposalsTable } from '#app/features/proposals/proposals-table.tsx'
import { listProposals } from '#app/features/proposals/proposals.api.ts'
import { listWebsiteChoices } from '#app/features/websites/websites.api.ts'
import { adminPost, answerMessage, errorsOf, runSignedIn, submitForm } from '#app/lib/form.ts'
import { loadAsAdmin, withSignIn } from '#app/lib/guards.ts'
import { pageTitle } from '#app/lib/seo.ts'
import {
  CLIENT_FILE_FIELD,
  CLIENT_FILE_MAX_BYTES,
  CLIENT_FILE_TOO_LARGE,
  ClientFileUploadSchema,
} from '#common/schemas/client-files.ts'
import { ClientBodySchema } from '#common/schemas/clients.ts'
import { ProjectBodySchema } from '#common/schemas/projects.ts'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(`Admin: ${loaderData?.client.name ?? 'Client'}`, matches) },
]

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return loadAsAdmin(request, async () => {
    const [{ client }, { proposals }, { projects }, { files }, websites] = await Promise.all([
      getClient(params.id),
      listProposals(),
      listClientProjects(params.id),
      listClientFiles(params.id),
      listWebsiteChoices(),
    ])
    return {
      client,
      proposals: proposals.filter((p) => p.clientId === client._id),
      projects,
      files,
      websites,
      roomUrl: new URL('/client', request.url).href,
    }
  })
}
clientLoader.hydrate = true as const

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const { formData, intent, id } = await adminPost(request)
  if (intent === 'save-project')
    return submitForm(
      formData,
      ProjectBodySchema,
      (body) => withSignIn(request, () => (id ? updateProject(id, body) : createProject(body))),
      id ? 'Project saved' : 'Project added',
    )
  if (intent === 'delete-project') {
    await runSignedIn(request, () => deleteProject(id), 'Project deleted')
    return undefined
  }
  if (intent === 'upload-file') {
    const file = formData.get(CLIENT_FILE_FIELD)
    if (!(file instanceof File) || file.name === '')
      return { errors: { [CLIENT_FILE_FIELD]: 'Choose a file to upload' } }
    if (file.size > CLIENT_FILE_MAX_BYTES)
      return { errors: { [CLIENT_FILE_FIELD]: CLIENT_FILE_TOO_LARGE } }
    return submitForm(
      formData,
      ClientFileUploadSchema,
      () => withSignIn(request, () => uploadClientFile(params.id, file)),
      ({ file: stored }) => `${stored.name} uploaded`,
    )
  }
  if (intent === 'delete-file') {
    await runSignedIn(request, () => deleteClientFile(params.id, id), 'File deleted')
    return undefined
  }
  if (intent === 'send-room-link') {
    const { client } = await withSignIn(request, () => getClient(params.id))
    await runSignedIn(
      request,
      () => sendRoomLink(client.email),
      `Sign-in link sent to ${client.email}`,
    )
    return undefined
  }
  if (intent === 'end-room-sessions') {
    await runSignedIn(request, () => endRoomSessions(params.id), answerMessage)
    return undefined
  }
  if (intent === 'delete') {
    const deleted = await runSignedIn(request, () => deleteClient(params.id), answerMessage)
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
  const { client, proposals, projects, files, websites, roomUrl } = loaderData
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
      <ClientProjects clientId={client._id} projects={projects} websites={websites} />
      <ClientFiles clientId={client._id} files={files} />
      <ClientRoomPanel client={client} roomUrl={roomUrl} />
      {dialog}
    </div>
  )
}
