/**
 * What server loaders and actions receive from the Fastify process: the services (never imported
 * directly by app code), the request's CSP nonce, the public base URL and the client's address
 * (as the API's rate limits see it, proxies trusted per TRUST_PROXY).
 */
import type { Services } from '#server/services.ts'

declare module 'react-router' {
  interface AppLoadContext {
    services: Services
    cspNonce: string
    publicUrl: string
    clientIp: string
  }
}

export {}
