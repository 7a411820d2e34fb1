import { Writable } from 'node:stream'
import { renderToPipeableStream, renderToString } from 'react-dom/server'
import { RouterContextProvider, ServerRouter, type EntryContext } from 'react-router'
import { pageContext, type PageContext } from './context.ts'
import { isHydratedPage } from './lib/static-page.ts'

export const streamTimeout = 5_000

/**
 * The router context a request's loaders and actions read (`context.get(pageContext)`), made from
 * what the server hands over (server/plugins/web.ts, through the build's `entry.module`). Made
 * here, in the web build, so the key it sets is the very one the routes read: were the server to
 * import app/context.ts itself, its bundle would hold a copy whose key is another object.
 */
export function pageLoadContext(page: PageContext): RouterContextProvider {
  const context = new RouterContextProvider()
  context.set(pageContext, page)
  return context
}

/**
 * Renders the whole document into one buffer. The server reads every page whole before sending it
 * (for its ETag, and so the response cache can keep a copy: server/plugins/web.ts), so streaming
 * the shell first would gain nothing.
 * A page that ships no React (app/lib/static-page.ts) has every piece of its data from its loaders
 * and nothing to wait for, so it is rendered to one string in one call, a third less CPU than the
 * streaming renderer's (docs/decisions/038). A hydrated page keeps the streaming renderer, which
 * waits for React Router's data for the browser (a Suspense boundary) before the document ends.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = loadContext.get(pageContext).cspNonce || undefined
  const matches = routerContext.staticHandlerContext.matches.map(({ route }) => ({
    handle: routerContext.routeModules[route.id]?.handle,
  }))
  if (!isHydratedPage(matches)) {
    const html = renderToString(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
    )
    responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
    // Bytes, not a string: a string body is first checked for lone surrogates (a copy of the whole
    // page) and then encoded again by the Fetch API; Node.js encodes it once, natively.
    return new Response(Buffer.from(`<!DOCTYPE html>${html}`), {
      headers: responseHeaders,
      status: responseStatusCode,
    })
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const chunks: Buffer[] = []
    const document = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
        done()
      },
      final(done) {
        clearTimeout(abortTimer)
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
        resolve(
          new Response(Buffer.concat(chunks), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        )
        done()
      },
    })
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        onShellReady() {
          shellRendered = true
        },
        onAllReady() {
          pipe(document)
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer)
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Before the shell, onShellError reports it.
          if (shellRendered) console.error(error)
        },
      },
    )
    // The abort timer holds the whole render: it must not outlive the document.
    const abortTimer = setTimeout(abort, streamTimeout + 1000)
  })
}
