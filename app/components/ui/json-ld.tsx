import { useRouteLoaderData } from 'react-router'
import type { loader as rootLoader } from '#app/root.tsx'

/**
 * A page's structured data (schema.org JSON-LD, already serialised): data, not a script that runs,
 * carrying the page's nonce so the content policy lets it through.
 */
export function JsonLd({ json }: { json: string }) {
  const nonce = useRouteLoaderData<typeof rootLoader>('root')?.nonce
  return (
    <script
      type="application/ld+json"
      nonce={nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  )
}
