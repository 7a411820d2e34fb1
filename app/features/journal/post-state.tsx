import type { Post } from '#common/schemas/posts.ts'
import { formatPostDate } from './post-card.tsx'

/** Where a post stands: a draft, scheduled for a date, or published; and a first-run sample. */
function postState(post: Pick<Post, 'status' | 'publishedAt'>, now: Date): string {
  if (post.status === 'draft' || !post.publishedAt) return 'Draft'
  return new Date(post.publishedAt) > now
    ? `Scheduled for ${formatPostDate(post.publishedAt)}`
    : `Published ${formatPostDate(post.publishedAt)}`
}

export function PostStateBadges({ post, now }: { post: Post; now: Date }) {
  const state = postState(post, now)
  const tone =
    state === 'Draft'
      ? 'bg-slate-100 text-slate-800'
      : state.startsWith('Scheduled')
        ? 'bg-amber-100 text-amber-900'
        : 'bg-green-100 text-green-900'
  return (
    <span className="flex flex-wrap gap-1.5">
      <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}>{state}</span>
      {post.isSample ? (
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
          Sample
        </span>
      ) : null}
    </span>
  )
}
