import { redirect } from 'react-router'
import type { AdminWebsite } from '#common/schemas/websites.ts'
import { Badges } from '#app/components/ui/badges.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ErrorState } from '#app/components/ui/error-state.tsx'
import { MoveButtons, moveRow, useMoveRow } from '#app/components/ui/move-buttons.tsx'
import { useConfirmedSubmit } from '#app/components/ui/confirm-dialog.tsx'
import {
  EditDeleteButtons,
  PagedTable,
  type Column,
  RowActions,
} from '#app/components/ui/paged-table.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { checkLinkAction, withLastCheck } from '#app/features/link-checks/link-health.tsx'
import { adminPost } from '#app/lib/form.ts'
import { loadAsAdmin } from '#app/lib/guards.ts'
import { moveWebsite } from '#app/features/websites/move-website.ts'
import { WEBSITE_COLUMNS } from '#app/features/websites/website-columns.tsx'
import {
  createWebsite,
  deleteWebsite,
  listWebsitesForAdmin,
} from '#app/features/websites/websites.api.ts'
import { messageOf } from '#app/lib/api-client.ts'
import { deleteRow, loadListPage, requestedPage } from '#app/lib/paged-list.ts'
import { toast } from '#app/lib/toast.tsx'
import { pageTitle } from '#app/lib/seo.ts'
import type { Route } from './+types/websites'

const BASE_PATH = '/admin/websites'
const COLUMNS: Column<AdminWebsite>[] = WEBSITE_COLUMNS.map((column) =>
  column.header === 'Link'
    ? withLastCheck<AdminWebsite>(column)
    : column.header === 'Name'
      ? {
          ...column,
          // A demo entry from `npm run seed` says so until the owner saves it (its link is never checked).
          cell: (website) => (
            <>
              {column.cell(website)}
              {website.isSample ? (
                <span className="mt-1 block">
                  <Badges items={[{ label: 'Sample', tone: 'mark' }]} />
                </span>
              ) : null}
            </>
          ),
        }
      : column,
)

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Admin: Websites', matches) },
]

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadAsAdmin(request, () =>
    loadListPage(request, BASE_PATH, listWebsitesForAdmin, 'websites'),
  )
}
clientLoader.hydrate = true as const

export async function clientAction({ request }: Route.ClientActionArgs) {
  const { formData: form, intent } = await adminPost(request)
  if (intent === 'check') return checkLinkAction(form)
  if (intent === 'move') {
    try {
      const neighbourId = form.get('neighbourId')?.toString()
      const page = requestedPage(request)
      return { error: null, ...(await moveRow(form, (row) => moveWebsite(row, neighbourId, page))) }
    } catch (error) {
      return { error: messageOf(error), moved: null }
    }
  }
  if (intent !== 'create') return deleteRow(form, deleteWebsite, 'Website deleted successfully')
  try {
    const { website } = await createWebsite()
    toast.success('Website created successfully')
    return redirect(`/admin/website/${website._id}`)
  } catch (error) {
    return { error: messageOf(error) }
  }
}

export function HydrateFallback() {
  return <Spinner />
}

export default function WebsitesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { websites, totalWebsites, page, pages } = loaderData
  const { dialog, pendingIntent, confirmSubmit, confirmDelete, isDeleting } = useConfirmedSubmit()
  const { isMoving, move } = useMoveRow(
    actionData && 'moved' in actionData ? actionData.moved : null,
  )

  const onCreate = () =>
    confirmSubmit(
      'Are you sure to create?',
      {
        detail:
          'A draft with default values is added at the top of the list, and its edit page opens. Visitors see it once you publish it.',
        confirmLabel: 'Create',
      },
      { intent: 'create' },
    )

  return (
    <>
      <PagedTable
        title="Websites"
        total={totalWebsites}
        subtitle="Portfolio entries in the order the public site shows them. Drafts are seen only here."
        actions={
          <Button onClick={() => void onCreate()} disabled={pendingIntent === 'create'}>
            {pendingIntent === 'create' ? 'Creating...' : 'Create Website'}
          </Button>
        }
        error={actionData?.error}
        columns={COLUMNS}
        rows={websites}
        empty="No websites yet. Use Create Website to add the first one."
        basePath={BASE_PATH}
        page={page}
        pages={pages}
        rowActions={(website) => {
          const index = websites.indexOf(website)
          return (
            <RowActions twoPerLine>
              <MoveButtons
                rowId={website._id}
                label={(direction) => `Move ${website.name} ${direction}`}
                hasArrows
                isFirst={page === 1 && index === 0}
                isLast={page >= pages && index === websites.length - 1}
                isBusy={isMoving}
                onMove={(direction) => {
                  const neighbour = websites[direction === 'up' ? index - 1 : index + 1]
                  move(website._id, direction, { neighbourId: neighbour?._id ?? '' })
                }}
              />
              <EditDeleteButtons
                name={website.name}
                editTo={`/admin/website/${website._id}`}
                isDeleting={isDeleting(website._id)}
                onDelete={() =>
                  void confirmDelete(
                    website._id,
                    `“${website.name}” will be removed from the portfolio. This cannot be undone.`,
                  )
                }
              />
            </RowActions>
          )
        }}
      />
      {dialog}
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorState title="Websites" error={error} />
}
