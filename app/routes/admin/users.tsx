import { ErrorState } from '#app/components/ui/error-state.tsx'
import { useConfirmedSubmit } from '#app/components/ui/confirm-dialog.tsx'
import { EditDeleteActions, PagedTable, type Column } from '#app/components/ui/paged-table.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { loadAsAdmin, requireAdmin } from '#app/lib/guards.ts'
import { deleteUser, listUsers } from '#app/features/users/users.api.ts'
import { cn } from '#app/lib/cn.ts'
import { deleteRow, loadListPage } from '#app/lib/paged-list.ts'
import { useSession } from '#app/lib/session.ts'
import { pageTitle } from '#app/lib/seo.ts'
import type { UserPublic } from '#common/schemas/users.ts'
import type { Route } from './+types/users'

const BASE_PATH = '/admin/users'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Admin: Users', matches) },
]

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadAsAdmin(request, () => loadListPage(request, BASE_PATH, listUsers, 'users'))
}
clientLoader.hydrate = true as const

export async function clientAction({ request }: Route.ClientActionArgs) {
  requireAdmin(request)
  return deleteRow(await request.formData(), deleteUser, 'user deleted successfully')
}

export function HydrateFallback() {
  return <Spinner />
}

function columnsFor(currentEmail: string | undefined): Column<UserPublic>[] {
  return [
    {
      header: 'ID',
      cell: (user) => (
        <span title={user._id} className="block wrap-anywhere @3xl:w-24 @3xl:truncate">
          {user._id}
        </span>
      ),
      className: 'font-mono text-xs text-slate-600',
    },
    {
      header: 'Name',
      cell: (user) => (
        <>
          {user.name}
          {currentEmail === user.email ? (
            <span className="ml-2 text-xs font-normal text-slate-600">(you)</span>
          ) : null}
        </>
      ),
      className: 'font-medium wrap-anywhere',
    },
    {
      header: 'Email',
      cell: (user) => (
        <a
          href={`mailto:${user.email}`}
          title={user.email}
          className="block wrap-anywhere text-brand-700 underline underline-offset-2 hover:text-brand-800 @3xl:max-w-[18rem] @3xl:truncate"
        >
          {user.email}
        </a>
      ),
    },
    {
      header: 'Is Admin',
      cell: (user) => (
        <span
          className={cn(
            'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold',
            user.isAdmin ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-100 text-slate-700',
          )}
        >
          {user.isAdmin ? 'YES' : 'NO'}
        </span>
      ),
      className: 'whitespace-nowrap',
    },
  ]
}

export default function UsersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { users, totalUsers, page, pages } = loaderData
  const session = useSession()
  const { dialog, confirmDelete, isDeleting } = useConfirmedSubmit()

  return (
    <>
      <PagedTable
        title="Users"
        total={totalUsers}
        subtitle="Everyone with an account on the site."
        error={actionData?.error}
        columns={columnsFor(session?.email)}
        rows={users}
        empty="No users found."
        basePath={BASE_PATH}
        page={page}
        pages={pages}
        rowActions={(user) => (
          <EditDeleteActions
            name={user.name}
            editTo={`/admin/user/${user._id}`}
            isDeleting={isDeleting(user._id)}
            onDelete={() =>
              void confirmDelete(
                user._id,
                `The account of ${user.name} (${user.email}) will be deleted. This cannot be undone.`,
              )
            }
          />
        )}
      />
      {dialog}
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorState title="Users" error={error} />
}
