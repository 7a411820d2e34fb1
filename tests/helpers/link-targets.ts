/**
 * Local HTTP and HTTPS servers for the outbound fetcher's and the link checks' tests: pages that
 * work, fail, loop, never answer or lack the expected text, behind a certificate made here with a
 * chosen expiry (self-signed, so it is trusted only where a test passes it as `ca`). Every request
 * is counted by path.
 */
import { once } from 'node:events'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import https from 'node:https'
import type { AddressInfo, Socket } from 'node:net'
import { generate } from 'selfsigned'

export const PAGE_TEXT = 'Welcome to Harbour Pixel Works'

export async function makeCertificate(notAfter: Date) {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    notBeforeDate: new Date(notAfter.getTime() - 400 * 24 * 60 * 60 * 1000),
    notAfterDate: notAfter,
    extensions: [
      { name: 'basicConstraints', cA: true },
      { name: 'keyUsage', digitalSignature: true, keyCertSign: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  })
  return { cert: pems.cert, key: pems.private }
}

export async function startLinkTargets(tls?: { cert: string; key: string }) {
  const hits = new Map<string, number>()
  const hosts: string[] = []
  const userAgents: string[] = []
  const sockets = new Set<Socket>()
  /** Paths whose status a test sets (default 200). */
  const statuses = new Map<string, number>()

  function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://target')
    const path = url.pathname
    hits.set(path, (hits.get(path) ?? 0) + 1)
    hosts.push(request.headers.host ?? '')
    userAgents.push(request.headers['user-agent'] ?? '')
    const redirect = (to: string) => response.writeHead(302, { location: to }).end()
    const chain = /^\/chain\/(\d+)$/.exec(path)
    if (chain) {
      const left = Number(chain[1])
      return left === 0 ? response.end(PAGE_TEXT) : redirect(`/chain/${left - 1}`)
    }
    switch (true) {
      case path === '/fail':
        return response.writeHead(500).end('Internal error')
      case path === '/loop-a':
        return redirect('/loop-b')
      case path === '/loop-b':
        return redirect('/loop-a')
      case path === '/slow':
        // Never answers: the checker's timeout ends it.
        return
      case path === '/parked':
        return response.end('<html><body>This domain is for sale</body></html>')
      case path === '/big':
        response.write('x'.repeat(1024 * 1024))
        return response.end(PAGE_TEXT)
      default:
        response.writeHead(statuses.get(path) ?? 200, { 'content-type': 'text/html' })
        return response.end(`<html><body><h1>${PAGE_TEXT}</h1></body></html>`)
    }
  }

  const server = tls ? https.createServer(tls, handle) : http.createServer(handle)
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  const origin = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`
  return {
    origin,
    port,
    url: (path: string) => `${origin}${path}`,
    hits: (path: string) => hits.get(path) ?? 0,
    totalHits: () => [...hits.values()].reduce((a, b) => a + b, 0),
    hosts,
    userAgents,
    setStatus: (path: string, status: number) => statuses.set(path, status),
    close: async () => {
      for (const socket of sockets) socket.destroy()
      server.close()
      await once(server, 'close')
    },
  }
}

export type LinkTargets = Awaited<ReturnType<typeof startLinkTargets>>

/** An HTTP and an HTTPS target, the latter's certificate valid until `notAfter` and trusted as `ca`. */
export async function startPlainAndSecureTargets(notAfter: Date) {
  const certificate = await makeCertificate(notAfter)
  const [web, secure] = await Promise.all([startLinkTargets(), startLinkTargets(certificate)])
  return {
    web,
    secure,
    ca: certificate.cert,
    close: async () => {
      await Promise.all([web.close(), secure.close()])
    },
  }
}

/** What the fetcher's and the checker's tests fetch with: the loopback targets allowed, 500 ms. */
export const TARGET_FETCH_OPTIONS = {
  userAgent: 'Mozilla/5.0 (compatible; PortfolioLinkCheck/1.0; +http://site.test)',
  allowPrivate: true,
  timeoutMs: 500,
}
