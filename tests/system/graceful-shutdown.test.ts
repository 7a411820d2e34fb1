/**
 * SIGTERM while requests are in flight: the server stops accepting connections, finishes every
 * request it already has, closes the database and exits 0.
 */
import { rm } from 'node:fs/promises'
import http from 'node:http'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { freshDataDir } from '#tests/helpers/data-dir.ts'
import { allMessageIds, signInOverHttp } from '#tests/helpers/http-calls.ts'
import { startServer, stopAllServers, type ServerProcess } from '#tests/helpers/server-process.ts'
import { ASYNC_WORK } from '#tests/helpers/wait.ts'

const ADMIN = { email: 'owner@shutdown.test', password: 'Shutdown!Owner1' }
const SLOW_UPLOADS = 8
/** Sign-ins do real argon2 work: they are still running when the signal arrives. */
const SIGN_INS = 9

let dataDir: string
let server: ServerProcess

const serverEnv = () => ({
  DATA_DIR: dataDir,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  RATE_LIMIT_SCALE: '0',
  LOG_LEVEL: 'info',
})

beforeAll(async () => {
  dataDir = await freshDataDir('site-shutdown-')
  server = await startServer({ env: serverEnv() })
}, 240_000)

afterAll(async () => {
  keepAliveAgent.destroy()
  await stopAllServers()
  await rm(dataDir, { recursive: true, force: true })
})

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })

interface Answer {
  status: number
  body: string
}

/**
 * A contact post whose body arrives in two halves: between them the request is in flight, for as
 * long as the test wants. Sent on a keep-alive connection, as browsers do.
 */
function slowContactPost(port: number, index: number) {
  const body = JSON.stringify({
    fullName: `Slow ${index}`,
    email: `slow${index}@shutdown.test`,
    subject: `In flight ${index}`,
    message: 'This request is still being uploaded when the server is told to stop.',
  })
  const half = Math.floor(body.length / 2)
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/messages/contact',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  })
  const answer = new Promise<Answer>((resolve, reject) => {
    request.once('response', (res) => {
      let text = ''
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
      res.once('end', () => resolve({ status: res.statusCode ?? 0, body: text }))
    })
    request.once('error', reject)
  })
  request.write(body.slice(0, half))
  return { answer, finish: () => request.end(body.slice(half)) }
}

/** Keeps idle connections open for as long as the server does (no client-side idle timeout). */
const keepAliveAgent = new http.Agent({ keepAlive: true })

const signIn = (port: number, body: unknown) =>
  new Promise<Answer>((resolve, reject) => {
    const text = JSON.stringify(body)
    const request = http.request(
      {
        agent: keepAliveAgent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/users/signin',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
      },
      (res) => {
        let answer = ''
        res.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk))
        res.once('end', () => resolve({ status: res.statusCode ?? 0, body: answer }))
      },
    )
    request.once('error', reject)
    request.end(text)
  })

describe('SIGTERM with requests in flight', () => {
  it('finishes every in-flight request, refuses new connections and exits 0', async () => {
    const incoming = () => server.logLines().filter((l) => l.msg === 'incoming request').length
    const seenBefore = incoming()

    const slow = Array.from({ length: SLOW_UPLOADS }, (_, i) => slowContactPost(server.port, i))
    const signIns = Array.from({ length: SIGN_INS }, (_, i) =>
      signIn(server.port, i % 3 === 2 ? { ...ADMIN, password: 'Wrong!Password9' } : ADMIN),
    )
    const total = SLOW_UPLOADS + SIGN_INS
    // Every request has reached the server (its log says so) before the signal is sent.
    await vi.waitFor(
      () => expect(incoming() - seenBefore).toBeGreaterThanOrEqual(total),
      ASYNC_WORK,
    )
    const completed = () => server.logLines().filter((l) => l.msg === 'request completed').length
    const runningAtSignal = total - (completed() - seenBefore)
    server.child.kill('SIGTERM')

    // The signal is a deterministic point: the server logs it, then stops accepting connections
    // while the slow uploads are still unfinished (they only finish when the test says so).
    await vi.waitFor(
      () =>
        expect(server.logLines().map((l) => l.msg)).toContain(
          'closing: finishing in-flight requests',
        ),
      ASYNC_WORK,
    )
    await vi.waitFor(async () => expect(await canConnect(server.port)).toBe(false), ASYNC_WORK)
    expect(server.isRunning()).toBe(true)

    // The uploads complete after the listener closed, and are still answered.
    for (const request of slow) request.finish()
    const uploads = await Promise.all(slow.map((s) => s.answer))
    const signInAnswers = await Promise.all(signIns)
    // Sign-ins answered before the signal left idle keep-alive connections open, and the agent
    // never closes them itself: the process exits without waiting for the server's keep-alive
    // timeout, which is longer than this test's own timeout, so a server that waited fails here.
    const finishedAt = Date.now()
    const exit = await server.exited
    const exitMs = Date.now() - finishedAt

    expect(exit).toEqual({ code: 0, signal: null })
    for (const upload of uploads) {
      expect(upload.status, upload.body).toBe(201)
      expect(JSON.parse(upload.body)).toMatchObject({
        subject: expect.stringMatching(/^In flight/),
      })
    }
    const statuses = signInAnswers.map((a) => a.status)
    expect(statuses.filter((s) => s === 401).length).toBe(Math.floor(SIGN_INS / 3))
    expect(statuses.filter((s) => s === 200).length).toBe(SIGN_INS - Math.floor(SIGN_INS / 3))
    expect(server.logLines().map((l) => l.msg)).toContain('closing: finishing in-flight requests')

    // The uploads answered 201 are in the database: reopen it with a new server and look.
    const reopened = await startServer({ env: serverEnv() })
    const { headers } = await signInOverHttp(reopened.url, ADMIN)
    const stored = await allMessageIds(reopened.url, headers)
    const uploadIds = uploads.map((u) => (JSON.parse(u.body) as { _id: string })._id)
    expect(uploadIds.filter((id) => !stored.has(id))).toEqual([])

    console.log(
      `[graceful-shutdown] requests in flight at SIGTERM: ${runningAtSignal} of ${total} ` +
        `(${SLOW_UPLOADS} uploads still sending their body, ${SIGN_INS} sign-ins); completed after the signal: ` +
        `${uploads.length} x 201, ${statuses.filter((s) => s === 200).length} x 200, ` +
        `${statuses.filter((s) => s === 401).length} x 401; failed: 0; new connections refused: yes; ` +
        `exit code ${exit.code} ${exitMs} ms after the last answer`,
    )
  }, 90_000)
})
