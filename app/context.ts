/**
 * What server loaders and actions receive from the Fastify process: the services (never imported
 * directly by app code), the request's CSP nonce and the public base URL.
 */
import type { Services } from '#server/services.ts'

declare module 'react-router' {
  interface AppLoadContext {
    services: Services
    cspNonce: string
    publicUrl: string
  }
}

export {}
