import { href } from 'react-router'
import type { Post } from '#common/schemas/posts.ts'
import { Section } from '#app/components/layout/page-intro.tsx'
import { OnwardLink } from '#app/components/layout/onward-link.tsx'
import { PostCard } from './post-card.tsx'

const GRID_COVER_SIZES =
  '(min-width: 1152px) 352px, (min-width: 768px) calc(33vw - 2rem), calc(100vw - 2rem)'

/** The home page's newest journal posts; nothing at all while none is public. */
export function LatestPosts({ posts }: { posts: Post[] }) {
  if (posts.length === 0) return null
  return (
    <Section
      id="latest-posts"
      tone="muted"
      title="From the journal"
      lead="Notes on recent projects and practical advice for planning a website."
    >
      <div className="grid gap-6 md:grid-cols-3">
        {posts.map((post) => (
          <PostCard key={post._id} post={post} headingLevel="h3" coverSizes={GRID_COVER_SIZES} />
        ))}
      </div>
      <OnwardLink to={href('/journal')} size="md">
        Read the journal
      </OnwardLink>
    </Section>
  )
}
