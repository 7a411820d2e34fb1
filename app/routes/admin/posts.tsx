import { Form, Link, redirect } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { ErrorState } from '#app/components/ui/error-state.tsx'
import { useConfirmedSubmit } from '#app/components/ui/confirm-dialog.tsx'
import {
  EditDeleteButtons,
  PagedTable,
  RowActions,
  type Column,
} from '#app/components/ui/paged-table.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { createPost, deletePost, listPostsForAdmin } from '#app/features/journal/journal.api.ts'
import { PostStateBadges } from '#app/features/journal/post-state.tsx'
import { loadAsAdmin, requireAdmin, withSignIn } from '#app/lib/guards.ts'
import { messageOf } from '#app/lib/api-client.ts'
import { deleteRow, loadListPage } from '#app/lib/paged-list.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { toast } from '#app/lib/toast.tsx'
import type { Post } from '#common/schemas/posts.ts'
import type { Route } from './+types/posts'

const BASE_PATH = '/admin/posts'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Admin: Journal', matches) },
]

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const list = await loadAsAdmin(request, () =>
    loadListPage(request, BASE_PATH, listPostsForAdmin, 'posts'),
  )
  return { ...list, now: new Date().toISOString() }
}
clientLoader.hydrate = true as const

export async function clientAction({ request }: Route.ClientActionArgs) {
  requireAdmin(request)
  const form = await request.formData()
  if (form.get('intent') !== 'create') return deleteRow(form, deletePost, 'Post deleted')
  try {
    const { post } = await withSignIn(request, () => createPost())
    toast.success('Draft created')
    return redirect(`/admin/post/${post._id}`)
  } catch (error) {
    if (error instanceof Response) throw error
    return { error: messageOf(error) }
  }
}

export function HydrateFallback() {
  return <Spinner />
}

export default function PostsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, totalPosts, page, pages, now } = loaderData
  const { dialog, pendingIntent, confirmDelete, isDeleting } = useConfirmedSubmit()
  const columns: Column<Post>[] = [
    {
      header: 'Title',
      cell: (post) => <span className="font-medium text-slate-900">{post.title}</span>,
    },
    {
      header: 'Slug',
      cell: (post) =>
        post.status === 'published' && post.publishedAt && post.publishedAt <= now ? (
          <Link
            to={`/journal/${post.slug}`}
            className="wrap-anywhere text-brand-700 underline underline-offset-2"
          >
            {post.slug}
          </Link>
        ) : (
          <span className="wrap-anywhere">{post.slug}</span>
        ),
    },
    { header: 'State', cell: (post) => <PostStateBadges post={post} now={new Date(now)} /> },
    { header: 'Tags', cell: (post) => post.tags.join(', ') },
  ]
  return (
    <>
      <PagedTable
        title="Journal"
        total={totalPosts}
        subtitle="Posts, most recently changed first. Drafts and scheduled posts are seen only here."
        actions={
          // A draft costs nothing and is seen only here: no question before its editor opens.
          <Form method="post">
            <Button
              type="submit"
              name="intent"
              value="create"
              disabled={pendingIntent === 'create'}
            >
              {pendingIntent === 'create' ? 'Creating...' : 'New post'}
            </Button>
          </Form>
        }
        error={actionData?.error}
        columns={columns}
        rows={posts}
        empty="No posts yet. Use New post to write the first one."
        basePath={BASE_PATH}
        page={page}
        pages={pages}
        rowActions={(post) => (
          <RowActions>
            <EditDeleteButtons
              name={post.title}
              editTo={`/admin/post/${post._id}`}
              isDeleting={isDeleting(post._id)}
              onDelete={() =>
                void confirmDelete(
                  post._id,
                  `“${post.title}” will be deleted. This cannot be undone.`,
                )
              }
            />
          </RowActions>
        )}
      />
      {dialog}
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorState title="Journal" error={error} />
}
