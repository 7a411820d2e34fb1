import { useEffect } from 'react'
import { Link, redirect, useNavigation, useSubmit } from 'react-router'
import { IMAGE_THUMB_WIDTH } from '#common/constants.ts'
import { imageVariantPath } from '#common/images.ts'
import { Button } from '#app/components/ui/button.tsx'
import { ErrorState } from '#app/components/ui/error-state.tsx'
import {
  EditDeleteButtons,
  PagedTable,
  RowActions,
  useConfirmedSubmit,
  type Column,
} from '#app/components/ui/paged-table.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { requireAdmin, withSignIn } from '#app/features/users/guards.ts'
import {
  MoveButtons,
  moveButtonId,
  WebsiteState,
  type MoveDirection,
} from '#app/features/websites/move-buttons.tsx'
import {
  createWebsite,
  deleteWebsite,
  listWebsitesForAdmin,
  orderWebsites,
} from '#app/features/websites/websites.api.ts'
import { messageOf } from '#app/lib/api-client.ts'
import { deleteRow, loadListPage, requestedPage } from '#app/lib/paged-list.ts'
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

interface Moved {
  id: string
  direction: MoveDirection
}

/**
 * Moves a website one place: it swaps with its neighbour, which the page sends when it shows it,
 * or which is read from the next or previous page at a page's edge.
 */
async function moveWebsite(
  request: Request,
  form: FormData,
): Promise<{ error: string | null; moved: Moved | null }> {
  const id = String(form.get('id'))
  const direction = form.get('direction') === 'up' ? 'up' : 'down'
  try {
    let neighbour = form.get('neighbourId')?.toString()
    if (!neighbour) {
      const page = requestedPage(request) + (direction === 'up' ? -1 : 1)
      const { websites } = await listWebsitesForAdmin(Math.max(page, 1))
      neighbour = (direction === 'up' ? websites.at(-1) : websites[0])?._id
    }
    if (!neighbour || neighbour === id) return { error: null, moved: null }
    await orderWebsites(direction === 'up' ? [id, neighbour] : [neighbour, id])
  } catch (error) {
    return { error: messageOf(error), moved: null }
  }
  toast.success(`Moved ${direction}`)
  return { error: null, moved: { id, direction } }
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  requireAdmin(request)
  const form = await request.formData()
  if (form.get('intent') === 'move') return moveWebsite(request, form)
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
      <span title={website._id} className="block wrap-anywhere lg:w-12 lg:truncate">
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
        className="h-auto w-full max-w-[225px] rounded-md border border-slate-200 bg-slate-100 lg:w-16"
      />
    ),
  },
  {
    // The slug and the entry's state (Draft or Published, Featured): a draft's slug is no link yet.
    header: 'Slug',
    cell: (website) => (
      <div className="space-y-1.5">
        {website.published ? (
          <Link
            to={`/website/${website.slug}`}
            className={`block font-medium wrap-anywhere ${linkClasses}`}
          >
            {website.slug}
          </Link>
        ) : (
          <span className="block font-medium wrap-anywhere">{website.slug}</span>
        )}
        <WebsiteState published={website.published} featured={website.featured} />
      </div>
    ),
    className: 'lg:min-w-[6rem]',
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
  const navigation = useNavigation()
  const submit = useSubmit()
  const isMoving = navigation.formData?.get('intent') === 'move'
  const moved = (actionData && 'moved' in actionData ? actionData.moved : null) as Moved | null

  // Keyboard users keep their place: focus returns to the moved entry's button (or the other one
  // when it reached an end of the list).
  useEffect(() => {
    if (!moved || navigation.state !== 'idle') return
    const other = moved.direction === 'up' ? 'down' : 'up'
    const button = [moveButtonId(moved.id, moved.direction), moveButtonId(moved.id, other)]
      .map((id) => document.getElementById(id) as HTMLButtonElement | null)
      .find((candidate) => candidate && !candidate.disabled)
    button?.focus()
  }, [moved, navigation.state, websites])

  const onMove = (index: number, direction: MoveDirection) => {
    const website = websites[index]!
    const neighbour = websites[direction === 'up' ? index - 1 : index + 1]
    void submit(
      { intent: 'move', id: website._id, direction, neighbourId: neighbour?._id ?? '' },
      { method: 'post' },
    )
  }
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
                websiteId={website._id}
                name={website.name}
                isFirst={page === 1 && index === 0}
                isLast={page >= pages && index === websites.length - 1}
                isBusy={isMoving}
                onMove={(direction) => onMove(index, direction)}
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
