/**
 * React Router's default client entry with one change: hydration starts in a task of its own, once
 * the task that evaluated React DOM (this chunk) has ended, so the two never add up to one long task
 * that keeps the page from answering input. Only pages that ask for React load it (app/lib/static-page.ts).
 */
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'

await new Promise((resolve) => setTimeout(resolve))

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  )
})
