import { Readable } from 'node:stream'
import Fastify, { type FastifyReply } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { badRequest } from '#server/lib/http-errors.ts'
import errorsPlugin from './errors.ts'

const app = Fastify({ logger: false })

/** What a download route does before its data fails: its own type and file name are already set. */
const asDownload = (reply: FastifyReply) =>
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', 'attachment; filename="x.csv"')

beforeAll(async () => {
  await app.register(errorsPlugin)
  app.get('/refused', async (_request, reply) => {
    asDownload(reply)
    throw badRequest('q: Search is invalid')
  })
  app.get('/broken', async (_request, reply) => {
    asDownload(reply)
    throw new Error('relation "secret_table" does not exist')
  })
  app.get('/stream', async (_request, reply) =>
    asDownload(reply).send(
      Readable.from(
        (async function* () {
          yield* []
          throw badRequest('q: Search is invalid')
        })(),
      ),
    ),
  )
  await app.ready()
})
afterAll(() => app.close())

describe('the error handler', () => {
  it.each([
    ['/refused', 400, 'q: Search is invalid'],
    ['/stream', 400, 'q: Search is invalid'],
    ['/broken', 500, 'Internal server error'],
  ])(
    'answers %s with JSON {message} though the route had set a download type (%i)',
    async (url, status, message) => {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(status)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.headers['content-disposition']).toBeUndefined()
      expect(res.json()).toEqual({ message })
    },
  )
})
