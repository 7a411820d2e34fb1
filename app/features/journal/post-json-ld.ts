import type { Post } from '#common/schemas/posts.ts'

/**
 * A post's structured data (schema.org BlogPosting), serialised for a
 * <script type="application/ld+json">; "<" is escaped so no text can close the script early.
 */
export function postJsonLd({
  post,
  url,
  imageUrl,
  authorName,
  publisherName,
}: {
  post: Post
  url: string
  imageUrl: string | undefined
  authorName: string
  publisherName: string
}): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.summary || undefined,
    datePublished: post.publishedAt,
    dateModified: post.updatedAt,
    mainEntityOfPage: url,
    url,
    image: imageUrl,
    keywords: post.tags.length > 0 ? post.tags.join(', ') : undefined,
    author: { '@type': 'Person', name: authorName },
    publisher: { '@type': 'Organization', name: publisherName },
  }
  return JSON.stringify(data).replace(/</g, '\\u003c')
}
