import { Writable } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router'

export const streamTimeout = 5_000

/**
 * Renders the whole document into one buffer. The server reads every page whole before sending it
 * (for its ETag, and so the response cache can keep a copy: server/plugins/web.ts), so streaming
 * the shell first would gain nothing; collecting React's chunks directly spares a Node-to-web
 * stream conversion per page (docs/decisions/029).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise<Response>((resolve, reject) => {
    const nonce = loadContext.cspNonce || undefined
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
