/**
 * Hands every non-API request to the React Router request handler: the production build with
 * hashed, immutable assets, or Vite's dev server in middleware mode (DEV_SERVER=true). A path under
 * /api that no API route matched goes to the API's own not-found handler.
 * Page requests carry forms only (what an action's `request.formData()` reads), read whole and
 * bounded here before React Router sees them. JSON and files go to the API.
 * Only a path's canonical spelling reaches React Router (server/lib/canonical-path.ts): a read of
 * another spelling is redirected, anything else answers 404, so no loader or action runs for it.
 * Decides how pages may be cached: public pages briefly by shared caches, with ETag revalidation;
 * account and admin shells, and pages whose form carries a one-time token, never.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router'
import { PAGE_FORM_MAX_BYTES, UPLOAD_MAX_BYTES } from '#common/constants.ts'
import { VISITOR_PAGE_HEADER, isPublicPath, tokenHeld } from '#common/public-pages.ts'
import type { Services } from '#server/services.ts'
import type { Config } from '#server/config.ts'
import { matchesEtag, weakEtag, weakEtagWithout } from '#server/lib/etag.ts'
import { CACHE_POLICY } from '#server/lib/cache-policy.ts'
import { canonicalPath, pagePathOf } from '#server/lib/canonical-path.ts'
import { BUILD_DIR, ROOT_DIR } from '#server/lib/paths.ts'
import { keepForEachVisitor } from './response-cache.ts'

const PASSTHROUGH_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

/**
 * The pages whose form carries an image file (the testimonial form's photo): their posts may be
 * twice an uploaded image's size beyond a form's, so a file somewhat over the limit still reaches
 * the action, which hands it to the uploads' own checks and answers with the field's message.
 */
const FILE_FORM_PAGES = ['/testimonial/:token']

/** Headers a 304 repeats (RFC 9110 section 15.4.5); everything else the stored response keeps. */
const NOT_MODIFIED_HEADERS = new Set([
  'cache-control',
  'etag',
  'vary',
  'content-location',
  'date',
  'expires',
])

export interface WebPluginOptions {
  config: Config
  services: Services
}

/**
 * What a page's loaders and actions get from the server (`context.get(pageContext)`,
 * app/context.ts): the services, the request's CSP nonce, the public base URL and the client's
 * address (as the API's rate limits see it, proxies trusted per TRUST_PROXY).
 */
export interface PageContext {
  services: Services
  cspNonce: string
  publicUrl: string
  clientIp: string
}

type Handler = (request: Request, page: PageContext) => Promise<Response>

/** What the server entry (app/entry.server.tsx) exports beside React Router's own members. */
interface PageEntry {
  pageLoadContext: (page: PageContext) => RouterContextProvider
}

/**
 * The build's request handler, given each request's page context: the context key is the web
 * build's own (see `pageLoadContext`), so the router context is made by the build's entry. The
 * handler accepts only a RouterContextProvider of its own copy of React Router: `create` is the
 * build's `createRequestHandler`.
 */
function pageHandler(
  build: ServerBuild,
  mode: string,
  create: typeof createRequestHandler = createRequestHandler,
): Handler {
  const handle = create(build, mode)
  const { pageLoadContext } = build.entry.module as unknown as PageEntry
  return (request, page) => handle(request, pageLoadContext(page))
}

export default async function webPlugin(
  app: FastifyInstance,
  { config, services }: WebPluginOptions,
) {
  const handler = config.isDevServer ? await devHandler(app) : await productionHandler(app)

  // Fastify reads every page body into memory before the handler runs, counting the bytes as they
  // arrive (chunked or not, whatever Content-Length says) and answering 413 past the limit. React
  // Router would otherwise buffer a stream of any size.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: PAGE_FORM_MAX_BYTES },
    (_request, body, done) => done(null, body),
  )

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    if (isApiPath(request.url)) return reply.callNotFound()
    const isRead = request.method === 'GET' || request.method === 'HEAD'
    const queryAt = request.url.indexOf('?')
    const pathname = queryAt === -1 ? request.url : request.url.slice(0, queryAt)
    const canonical = canonicalPath(pathname)
    if (canonical !== pathname) {
      if (canonical === undefined || !isRead) return notFound(reply, pathname)
      const query = queryAt === -1 ? '' : request.url.slice(queryAt)
      return reply.redirect(canonical + query, 301)
    }
    const fetchRequest = toFetchRequest(request, reply)
    if (!fetchRequest) return reply.code(400).send({ message: 'Invalid Host header' })
    const page: PageContext = {
      services,
      cspNonce: reply.scriptNonce,
      publicUrl: config.publicUrl,
      clientIp: request.ip,
    }
    if (!isRead && !(await isReadableForm(fetchRequest))) {
      return reply.code(400).send({ message: 'Request body is not a well-formed form' })
    }
    const response = await handler(fetchRequest, page)
    // Read whole, once: for the ETag, and so the response cache can keep a copy.
    const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined
    const visitorPage = response.headers.get(VISITOR_PAGE_HEADER)
    response.headers.delete(VISITOR_PAGE_HEADER)
    if (!isRead || response.status !== 200 || !isPublicPage(request.url) || visitorPage) {
      response.headers.set('cache-control', CACHE_POLICY.privatePage)
      copyResponseHead(reply, response)
      const token = tokenHeld(visitorPage)
      if (token && isRead && response.status === 200) keepForEachVisitor(reply, token)
      return reply.send(body)
    }
    // Decided here for every public page, whatever a route module says, so the policy has one home.
    const isAnonymous = !request.headers.authorization && !request.headers.cookie
    response.headers.set(
      'cache-control',
      isAnonymous ? CACHE_POLICY.publicPage : CACHE_POLICY.credentialedPage,
    )
    if (request.method === 'HEAD' || !body) {
      copyResponseHead(reply, response)
      return reply.send(body)
    }
    return sendWithEtag(request, reply, response, body)
  }

  app.route({ method: [...PASSTHROUGH_METHODS], url: '/*', handler: handle })
  for (const url of FILE_FORM_PAGES)
    app.route({
      method: 'POST',
      url,
      bodyLimit: PAGE_FORM_MAX_BYTES + 2 * UPLOAD_MAX_BYTES,
      handler: handle,
    })
}

function notFound(reply: FastifyReply, pathname: string) {
  return reply
    .code(404)
    .header('cache-control', CACHE_POLICY.privatePage)
    .send({ message: `Not found: ${pathname}` })
}

async function productionHandler(app: FastifyInstance): Promise<Handler> {
  const serverEntry = path.join(BUILD_DIR, 'server', 'index.js')
  if (!existsSync(serverEntry)) {
    throw new Error(
      `No web build at ${serverEntry}: run "npm run build" first (npm start does it for you).`,
    )
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild
  await app.register(fastifyStatic, {
    root: path.join(BUILD_DIR, 'client'),
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text asset (scripts/precompress-assets.ts); with
    // this on, the plugin answers `vary: accept-encoding` itself.
    preCompressed: true,
    // Requests for the build's files are logged only when something goes wrong.
    logLevel: 'warn',
    // Off, or send's own `public, max-age=0` would replace the header set below.
    cacheControl: false,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
      reply.header(
        'cache-control',
        immutable ? CACHE_POLICY.immutableAsset : CACHE_POLICY.staticFile,
      )
    },
  })
  return pageHandler(build, 'production')
}

async function devHandler(app: FastifyInstance): Promise<Handler> {
  const [{ createServer }, { default: middie }] = await Promise.all([
    import('vite'),
    import('@fastify/middie'),
  ])
  const vite = await createServer({
    root: ROOT_DIR,
    server: { middlewareMode: true },
    appType: 'custom',
  })
  app.addHook('onClose', () => vite.close())
  await app.register(middie)
  app.use(vite.middlewares)
  // Vite resolves the build's React Router with the `development` condition: another copy of the
  // package than the server's, whose handler would refuse the build's RouterContextProvider.
  const router = (await vite.ssrLoadModule('react-router')) as {
    createRequestHandler: typeof createRequestHandler
  }
  return async (request, page) => {
    const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild
    return pageHandler(build, 'development', router.createRequestHandler)(request, page)
  }
}

function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0]!
  return pathname === '/api' || pathname.startsWith('/api/')
}

/** True when the body parses as urlencoded or multipart form data, so no action fails reading it. */
function isReadableForm(request: Request): Promise<boolean> {
  return request
    .clone()
    .formData()
    .then(
      () => true,
      () => false,
    )
}

/**
 * True for the public pages' documents, the public files (common/public-pages.ts) and the pages'
 * React Router data requests (`/faq.data`, `/_.data`).
 */
function isPublicPage(url: string): boolean {
  let { page } = pagePathOf(url.split('?')[0]!)
  if (page.length > 1 && page.endsWith('/')) page = page.slice(0, -1)
  return isPublicPath(page)
}

/**
 * Every page carries a fresh CSP nonce, in the Content-Security-Policy header and in the body, so
 * two renders of the same page never match byte for byte. The ETag is therefore computed over the
 * body with the nonce removed, and is weak: equal tags mean the same content, not the same bytes.
 * A 304 updates the stored response's headers, so it must not carry a Content-Security-Policy: the
 * browser keeps the stored policy whose nonce matches the stored body's scripts, where a new nonce
 * would block them.
 */
async function sendWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  response: Response,
  body: Buffer,
) {
  const nonce = reply.scriptNonce
  const etag = nonce ? weakEtagWithout(body, nonce) : weakEtag(body)
  response.headers.set('etag', etag)
  if (matchesEtag(request.headers['if-none-match'], etag)) {
    reply.raw.removeHeader('content-security-policy')
    reply.code(304)
    for (const [key, value] of response.headers)
      if (NOT_MODIFIED_HEADERS.has(key)) reply.header(key, value)
    return reply.send()
  }
  copyResponseHead(reply, response)
  return reply.send(body)
}

/**
 * The Fetch request React Router handles: the request's own origin (the name the site was reached
 * by, which React Router's same-origin check for actions compares with the Origin header) followed
 * by the path as it came, never resolved against a base (`//evil.example/contact` would otherwise
 * become another origin). Undefined when the Host header is not a host.
 */
function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request | undefined {
  let origin: string
  try {
    origin = new URL(`${request.protocol}://${request.host}`).origin
  } catch {
    return undefined
  }
  const url = origin + request.url
  const controller = new AbortController()
  reply.raw.on('close', () => controller.abort())
  const headers = new Headers()
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v)
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody && Buffer.isBuffer(request.body) ? { body: new Uint8Array(request.body) } : {}),
  })
}

function copyResponseHead(reply: FastifyReply, response: Response) {
  reply.code(response.status)
  for (const [key, value] of response.headers) {
    if (key !== 'set-cookie') reply.header(key, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length) reply.header('set-cookie', cookies)
}
