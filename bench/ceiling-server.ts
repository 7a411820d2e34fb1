/**
 * The ceiling: a bare node:http server answering a fixed JSON body, run as its own process so it
 * does not share an event loop with the load generator. Prints its port once it listens.
 */
import { createServer } from 'node:http'

const body = JSON.stringify({ status: 'ok', websites: [], page: 1, pages: 1 })

const server = createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
  })
  response.end(body)
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  if (address && typeof address === 'object') console.log(address.port)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
