import { Link, redirect } from 'react-router'
import { IMAGE_THUMB_WIDTH } from '#common/constants.ts'
import { imageVariantPath } from '#common/images.ts'
import { Button } from '#app/components/ui/button.tsx'
import { ErrorState } from '#app/components/ui/error-state.tsx'
import {
  EditDeleteActions,
  PagedTable,
  useConfirmedSubmit,
  type Column,
} from '#app/components/ui/paged-table.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { requireAdmin, withSignIn } from '#app/features/users/guards.ts'
import {
  createWebsite,
  deleteWebsite,
  listWebsitesForAdmin,
} from '#app/features/websites/websites.api.ts'
import { messageOf } from '#app/lib/api-client.ts'
import { deleteRow, loadListPage } from '#app/lib/paged-list.ts'
import { toast } from '#app/lib/toast.tsx'
import { pageTitle } from '#app/lib/seo.ts'
import type { Website } from '#common/schemas/websites.ts'
import type { Route } from './+types/websites'

const BASE_PATH = '/admin/websites'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Admin: Websites', matches) },
]

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAdmin(request)
  return withSignIn(request, () =>
    loadListPage(request, BASE_PATH, listWebsitesForAdmin, 'websites'),
  )
}
clientLoader.hydrate = true as const

export async function clientAction({ request }: Route.ClientActionArgs) {
  requireAdmin(request)
  const form = await request.formData()
  if (form.get('intent') !== 'create')
    return deleteRow(form, deleteWebsite, 'Website deleted successfully')
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

function externalHref(link: string) {
  return /^https?:\/\//i.test(link) ? link : undefined
}

const linkClasses = 'text-brand-700 underline underline-offset-2 hover:text-brand-800'

const COLUMNS: Column<Website>[] = [
  {
    header: 'ID',
    cell: (website) => (
      <span title={website._id} className="block wrap-anywhere lg:w-16 lg:truncate">
        {website._id}
      </span>
    ),
    className: 'font-mono text-xs text-slate-600',
  },
  {
    header: 'Thumbnail',
    labelAbove: true,
    cell: (website) => (
      <img
        src={imageVariantPath(website.image, IMAGE_THUMB_WIDTH)}
        alt={`Screenshot of ${website.name}`}
        width={IMAGE_THUMB_WIDTH}
        loading="lazy"
        decoding="async"
        className="h-auto w-full max-w-[225px] rounded-md border border-slate-200 bg-slate-100 lg:w-20"
      />
    ),
  },
  {
    header: 'Slug',
    cell: (website) => (
      <Link to={`/website/${website.slug}`} className={`font-medium wrap-anywhere ${linkClasses}`}>
        {website.slug}
      </Link>
    ),
    className: 'lg:min-w-[7rem]',
  },
  {
    header: 'Name',
    cell: (website) => website.name,
    className: 'font-medium wrap-anywhere lg:min-w-[7.5rem]',
  },
  { header: 'Language', cell: (website) => website.language, className: 'wrap-anywhere' },
  {
    header: 'Language description',
    canWrapHeader: true,
    cell: (website) => website.languageDescription,
    className: 'wrap-anywhere',
  },
  {
    header: 'Description',
    labelAbove: true,
    cell: (website) => <p className="line-clamp-3 wrap-anywhere">{website.description}</p>,
    className: 'lg:min-w-[9rem]',
  },
  {
    header: 'Link',
    cell: (website) => {
      const href = externalHref(website.link)
      return href ? (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          title={website.link}
          className={`relative block wrap-anywhere lg:max-w-[7.5rem] lg:truncate ${linkClasses}`}
        >
          {website.link}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        <span className="wrap-anywhere">{website.link}</span>
      )
    },
  },
]

export default function WebsitesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { websites, totalWebsites, page, pages } = loaderData
  const { dialog, pendingIntent, confirmSubmit, confirmDelete, isDeleting } = useConfirmedSubmit()
  const onCreate = () =>
    confirmSubmit(
      'Are you sure to create?',
      {
        detail:
          'A draft website with default values is added to the portfolio, and its edit page opens.',
        confirmLabel: 'Create',
      },
      { intent: 'create' },
    )

  return (
    <>
      <PagedTable
        title="Websites"
        total={totalWebsites}
        subtitle="Portfolio entries shown on the public site."
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
        rowActions={(website) => (
          <EditDeleteActions
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
        )}
      />
      {dialog}
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorState title="Websites" error={error} />
}
