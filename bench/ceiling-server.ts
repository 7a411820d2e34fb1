/**
 * The ceiling: a bare node:http server answering a fixed JSON body (or, with --html, a small HTML
 * page), run as its own process so it does not share an event loop with the load generator. Prints
 * its port once it listens.
 */
import { createServer } from 'node:http'

const isHtml = process.argv.includes('--html')
const body = isHtml
  ? '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Ceiling</title></head>' +
    '<body><h1>Ceiling</h1><p>A small page from a bare node:http server.</p></body></html>'
  : JSON.stringify({ status: 'ok', websites: [], page: 1, pages: 1 })
const contentType = isHtml ? 'text/html; charset=utf-8' : 'application/json'

const server = createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': contentType,
    'content-length': Buffer.byteLength(body),
  })
  response.end(body)
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  if (address && typeof address === 'object') console.log(address.port)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
