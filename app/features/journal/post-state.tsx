import type { Post } from '#common/schemas/posts.ts'
import { Badges, type BadgeItem } from '#app/components/ui/badges.tsx'
import { formatPostDate } from './post-card.tsx'

/** Where a post stands: a draft, scheduled for a date, or published. */
function postState(post: Pick<Post, 'status' | 'publishedAt'>, now: Date): BadgeItem {
  if (post.status === 'draft' || !post.publishedAt) return { label: 'Draft', tone: 'neutral' }
  return new Date(post.publishedAt) > now
    ? { label: `Scheduled for ${formatPostDate(post.publishedAt)}`, tone: 'waiting' }
    : { label: `Published ${formatPostDate(post.publishedAt)}`, tone: 'live' }
}

/** A post's state, and Sample for the first-run one. */
export function PostStateBadges({ post, now }: { post: Post; now: Date }) {
  return (
    <Badges items={[postState(post, now), post.isSample && { label: 'Sample', tone: 'mark' }]} />
  )
}
