/**
 * What server loaders and actions receive from the Fastify process (PageContext, made for each
 * request by server/plugins/web.ts): the services (never imported directly by app code), the
 * request's CSP nonce, the public base URL and the client's address.
 * A loader or action reads it as `context.get(pageContext)`. The server sets it through the server
 * entry's `pageLoadContext` (app/entry.server.tsx), so the key it sets is this module's own, the
 * one the web build bundles.
 */
import { createContext } from 'react-router'
import type { PageContext } from '#server/plugins/web.ts'

export type { PageContext }

export const pageContext = createContext<PageContext>()
