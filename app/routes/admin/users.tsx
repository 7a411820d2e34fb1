import { ErrorState } from '#app/components/ui/error-state.tsx'
import { EditDeleteCell, PagedTable, useConfirmedSubmit } from '#app/components/ui/paged-table.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { Td } from '#app/components/ui/table.tsx'
import { requireAdmin, withSignIn } from '#app/features/users/guards.ts'
import { deleteUser, listUsers } from '#app/features/users/users.api.ts'
import { cn } from '#app/lib/cn.ts'
import { deleteRow, loadListPage } from '#app/lib/paged-list.ts'
import { useSession } from '#app/lib/session.ts'
import { pageTitle } from '#app/lib/seo.ts'
import type { Route } from './+types/users'

const BASE_PATH = '/admin/users'

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Admin: Users') }]

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAdmin(request)
  return withSignIn(request, () => loadListPage(request, BASE_PATH, listUsers, 'users'))
}
clientLoader.hydrate = true as const

export async function clientAction({ request }: Route.ClientActionArgs) {
  requireAdmin(request)
  return deleteRow(await request.formData(), deleteUser, 'user deleted successfully')
}

export function HydrateFallback() {
  return <Spinner />
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
        columns={['ID', 'Name', 'Email', 'Is Admin']}
        rows={users}
        empty="No users found."
        basePath={BASE_PATH}
        page={page}
        pages={pages}
        row={(user) => (
          <tr key={user._id} className="hover:bg-slate-50">
            <Td className="min-w-[10rem] font-mono text-xs break-all text-slate-600">{user._id}</Td>
            <Td className="min-w-[9rem] font-medium">
              {user.name}
              {session?.email === user.email ? (
                <span className="ml-2 text-xs font-normal text-slate-600">(you)</span>
              ) : null}
            </Td>
            <Td className="whitespace-nowrap">
              <a
                href={`mailto:${user.email}`}
                className="text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {user.email}
              </a>
            </Td>
            <Td>
              <span
                className={cn(
                  'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold',
                  user.isAdmin ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-100 text-slate-700',
                )}
              >
                {user.isAdmin ? 'YES' : 'NO'}
              </span>
            </Td>
            <EditDeleteCell
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
          </tr>
        )}
      />
      {dialog}
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorState title="Users" error={error} />
}
