/**
 * Files shared with a client (POST/GET /api/clients/{id}/files, GET/DELETE
 * /api/clients/{id}/files/{fileId}) and the service the client's room calls: the same bytes back,
 * always as an attachment, nothing left behind over the size limit, one client's file never
 * reachable under another, and the bytes carried by a backup.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CLIENT_FILE_MAX_BYTES,
  ClientFileResponseSchema,
  ClientFilesListSchema,
} from '#common/schemas/client-files.ts'
import { ClientResponseSchema } from '#common/schemas/clients.ts'
import { restoreBackup, writeBackup } from '#server/db/backup.ts'
import { openDatabase } from '#server/db/client.ts'
import { migrateDatabase } from '#server/db/migrate.ts'
import { clientFileChunks, clientFiles } from '#server/db/schema.ts'
import { createClientFilesRepository } from '#server/modules/client-files/client-files.repository.ts'
import { createClientFilesService } from '#server/modules/client-files/client-files.service.ts'
import { asAdmin, asUser, expectError } from '#tests/helpers/auth.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

let app: TestApp
let admin: Record<string, string>
let dataDir: string
let clientNumber = 0

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'client-files-'))
  app = await createTestApp({ env: { DATA_DIR: dataDir } })
  admin = (await asAdmin(app)).headers
})
afterAll(async () => {
  await app.cleanup()
  await rm(dataDir, { recursive: true, force: true })
})

async function makeClient() {
  clientNumber += 1
  const res = await app.inject({
    method: 'POST',
    url: '/api/clients',
    headers: admin,
    payload: { name: `Client ${clientNumber}`, email: `client-${clientNumber}@files.test` },
  })
  expect(res.statusCode, res.body).toBe(201)
  return ClientResponseSchema.parse(res.json()).client
}

/** A real multipart body, encoded by the platform's own FormData. */
async function multipart(content: Buffer, filename: string, type: string, field = 'file') {
  const form = new FormData()
  form.append(field, new Blob([new Uint8Array(content)], { type }), filename)
  const request = new Request('http://upload.test', { method: 'POST', body: form })
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  }
}

async function upload(
  clientId: string,
  content: Buffer,
  filename = 'brief.pdf',
  type = 'application/pdf',
  headers = admin,
) {
  const body = await multipart(content, filename, type)
  return app.inject({
    method: 'POST',
    url: `/api/clients/${clientId}/files`,
    payload: body.payload,
    headers: { ...headers, ...body.headers },
  })
}

async function uploaded(clientId: string, content: Buffer, filename?: string, type?: string) {
  const res = await upload(clientId, content, filename, type)
  expect(res.statusCode, res.body).toBe(201)
  return ClientFileResponseSchema.parse(res.json()).file
}

const download = (clientId: string, fileId: string, headers = admin) =>
  app.inject({ method: 'GET', url: `/api/clients/${clientId}/files/${fileId}`, headers })

const rowCounts = async () => {
  const [files] = await app.database.db.select({ n: count() }).from(clientFiles)
  const [chunks] = await app.database.db.select({ n: count() }).from(clientFileChunks)
  return { files: files!.n, chunks: chunks!.n }
}

const incomingFiles = () => readdir(path.join(dataDir, 'incoming')).catch(() => [])

describe('POST /api/clients/{id}/files', () => {
  it('stores a file and gives the same bytes back as an attachment', async () => {
    const client = await makeClient()
    // Several stored pieces, the last one short.
    const content = randomBytes(700 * 1024)
    const file = await uploaded(client._id, content, 'Angebot für Kunde.pdf')
    expect(file).toMatchObject({
      name: 'Angebot für Kunde.pdf',
      size: content.length,
      from: 'owner',
    })
    expect(new Date(file.createdAt).toISOString()).toBe(file.createdAt)

    const res = await download(client._id, file._id)
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.equals(content)).toBe(true)
    expect(res.headers['content-type']).toBe('application/octet-stream')
    expect(res.headers['content-length']).toBe(String(content.length))
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Angebot f_r Kunde.pdf"; filename*=UTF-8''Angebot%20f%C3%BCr%20Kunde.pdf`,
    )
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['cache-control']).toBe('no-store')
    expect(await incomingFiles()).toEqual([])
  })

  it('serves an uploaded HTML or SVG file as an attachment of bytes, never inline', async () => {
    const client = await makeClient()
    for (const [name, type, text] of [
      ['page.html', 'text/html', '<script>alert(document.cookie)</script>'],
      ['logo.svg', 'image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
    ] as const) {
      const file = await uploaded(client._id, Buffer.from(text), name, type)
      const res = await download(client._id, file._id)
      expect(res.body).toBe(text)
      expect(res.headers['content-type']).toBe('application/octet-stream')
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="${name}"`),
      )
      expect(res.headers['x-content-type-options']).toBe('nosniff')
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
    }
  })

  it('keeps only the last part of a path as the name', async () => {
    const client = await makeClient()
    const file = await uploaded(
      client._id,
      Buffer.from('x'),
      '../../etc/"quoted".txt',
      'text/plain',
    )
    expect(file.name).toBe('"quoted".txt')
    const res = await download(client._id, file._id)
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_quoted_.txt"; filename*=UTF-8''%22quoted%22.txt`,
    )
  })

  it('answers 413 over 25 MB and leaves no file, row or piece behind', async () => {
    const client = await makeClient()
    const before = await rowCounts()
    const res = await upload(client._id, Buffer.alloc(CLIENT_FILE_MAX_BYTES + 1, 7))
    expectError(res, 413, 'file: The file must be at most 25 MB')
    expect(await rowCounts()).toEqual(before)
    expect(await incomingFiles()).toEqual([])
    const list = await app.inject({
      method: 'GET',
      url: `/api/clients/${client._id}/files`,
      headers: admin,
    })
    expect(ClientFilesListSchema.parse(list.json()).files).toEqual([])
  })

  it('refuses a stream past 25 MB from the room the same way, storing nothing', async () => {
    const client = await makeClient()
    const before = await rowCounts()
    async function* tooLarge() {
      const megabyte = Buffer.alloc(1024 * 1024, 1)
      for (let sent = 0; sent <= CLIENT_FILE_MAX_BYTES; sent += megabyte.length) yield megabyte
    }
    await expect(
      app.services.clientFiles.store({
        clientId: client._id,
        from: 'client',
        filename: 'video.mp4',
        stream: tooLarge(),
      }),
    ).rejects.toMatchObject({ statusCode: 413, field: 'file' })
    expect(await rowCounts()).toEqual(before)
    expect(await incomingFiles()).toEqual([])
  })

  it('takes a file of 25 MB exactly', async () => {
    const client = await makeClient()
    const content = Buffer.alloc(CLIENT_FILE_MAX_BYTES, 3)
    const file = await uploaded(client._id, content, 'big.bin', 'application/octet-stream')
    expect(file.size).toBe(CLIENT_FILE_MAX_BYTES)
    expect((await download(client._id, file._id)).rawPayload.equals(content)).toBe(true)
    // Not left for the backup test below to carry.
    await app.inject({
      method: 'DELETE',
      url: `/api/clients/${client._id}/files/${file._id}`,
      headers: admin,
    })
  })

  it('answers 400 without a file and 404 for an unknown client', async () => {
    const client = await makeClient()
    const body = await multipart(Buffer.from('x'), 'a.txt', 'text/plain', 'other')
    expectError(
      await app.inject({
        method: 'POST',
        url: `/api/clients/${client._id}/files`,
        payload: body.payload,
        headers: { ...admin, ...body.headers },
      }),
      400,
      /^file: No file uploaded/,
    )
    expectError(
      await app.inject({
        method: 'POST',
        url: `/api/clients/${client._id}/files`,
        payload: { file: 'x' },
        headers: admin,
      }),
      400,
      /^file: No file uploaded/,
    )
    expectError(await upload(UNKNOWN_ID, Buffer.from('x')), 404, 'Client not found')
    expect(await incomingFiles()).toEqual([])
  })

  it('answers 401 to a visitor and 403 to a user', async () => {
    const client = await makeClient()
    const body = await multipart(Buffer.from('x'), 'a.txt', 'text/plain')
    const url = `/api/clients/${client._id}/files`
    expectError(
      await app.inject({ method: 'POST', url, payload: body.payload, headers: body.headers }),
      401,
    )
    expectError(
      await upload(
        client._id,
        Buffer.from('x'),
        'a.txt',
        'text/plain',
        (await asUser(app)).headers,
      ),
      403,
    )
  })
})

describe('GET /api/clients/{id}/files', () => {
  it('lists the files both ways, newest first', async () => {
    const client = await makeClient()
    const mine = await uploaded(client._id, Buffer.from('from the owner'), 'plan.pdf')
    const theirs = await app.services.clientFiles.store({
      clientId: client._id,
      from: 'client',
      filename: 'logo.png',
      contentType: 'image/png',
      stream: Readable.from([Buffer.from('from the client')]),
    })
    expect(theirs).toMatchObject({ name: 'logo.png', size: 15, from: 'client' })
    const res = await app.inject({
      method: 'GET',
      url: `/api/clients/${client._id}/files`,
      headers: admin,
    })
    expect(ClientFilesListSchema.parse(res.json()).files).toEqual([theirs, mine])
    expect((await download(client._id, theirs._id)).body).toBe('from the client')
  })

  it('answers 404 for an unknown client, 401 and 403 to others', async () => {
    const url = `/api/clients/${UNKNOWN_ID}/files`
    expectError(await app.inject({ method: 'GET', url, headers: admin }), 404, 'Client not found')
    const client = await makeClient()
    const own = `/api/clients/${client._id}/files`
    expectError(await app.inject({ method: 'GET', url: own }), 401)
    expectError(
      await app.inject({ method: 'GET', url: own, headers: (await asUser(app)).headers }),
      403,
    )
  })
})

describe('GET /api/clients/{id}/files/{fileId}', () => {
  it('answers 404 for another client’s file, through the API and the service', async () => {
    const [owner, other] = [await makeClient(), await makeClient()]
    const file = await uploaded(owner._id, Buffer.from('private'))
    expectError(await download(other._id, file._id), 404, 'File not found')
    expectError(
      await app.inject({
        method: 'DELETE',
        url: `/api/clients/${other._id}/files/${file._id}`,
        headers: admin,
      }),
      404,
    )
    await expect(app.services.clientFiles.open(other._id, file._id)).rejects.toMatchObject({
      statusCode: 404,
    })
    expect((await download(owner._id, file._id)).body).toBe('private')
  })

  it('answers 401 to a visitor and 403 to a user', async () => {
    const client = await makeClient()
    const file = await uploaded(client._id, Buffer.from('x'))
    expectError(
      await app.inject({ method: 'GET', url: `/api/clients/${client._id}/files/${file._id}` }),
      401,
    )
    expectError(await download(client._id, file._id, (await asUser(app)).headers), 403)
  })
})

describe('DELETE /api/clients/{id}/files/{fileId}', () => {
  it('deletes the file with its bytes', async () => {
    const client = await makeClient()
    const file = await uploaded(client._id, randomBytes(300 * 1024))
    const url = `/api/clients/${client._id}/files/${file._id}`
    const res = await app.inject({ method: 'DELETE', url, headers: admin })
    expect(res.json()).toEqual({ message: 'File deleted' })
    expectError(await download(client._id, file._id), 404)
    const pieces = await app.database.db
      .select({ n: count() })
      .from(clientFileChunks)
      .where(eq(clientFileChunks.fileId, file._id))
    expect(pieces[0]!.n).toBe(0)
    expectError(await app.inject({ method: 'DELETE', url, headers: admin }), 404)
  })

  it('deletes a client’s files and their bytes with the client', async () => {
    const client = await makeClient()
    const file = await uploaded(client._id, randomBytes(300 * 1024))
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/clients/${client._id}`,
      headers: admin,
    })
    expect(res.statusCode, res.body).toBe(200)
    const rows = await app.database.db
      .select()
      .from(clientFiles)
      .where(eq(clientFiles.id, file._id))
    const pieces = await app.database.db
      .select({ n: count() })
      .from(clientFileChunks)
      .where(eq(clientFileChunks.fileId, file._id))
    expect(rows).toEqual([])
    expect(pieces[0]!.n).toBe(0)
  })
})

describe('backup and restore', () => {
  it('carry a client’s files with their bytes', async () => {
    const client = await makeClient()
    const content = randomBytes(600 * 1024)
    const file = await uploaded(client._id, content, 'contract.pdf')
    const dir = await mkdtemp(path.join(os.tmpdir(), 'client-files-backup-'))
    const target = await openDatabase({ kind: 'pglite' })
    try {
      const backup = path.join(dir, 'backup.jsonl.gz')
      const counts = await writeBackup(app.database, backup)
      expect(counts.client_files).toBe((await rowCounts()).files)
      await migrateDatabase(target)
      await restoreBackup(target, backup)
      const restored = createClientFilesService({
        repo: createClientFilesRepository(target.db),
        incomingDir: path.join(dir, 'incoming'),
        now: () => new Date(),
      })
      expect(await restored.list(client._id)).toEqual([file])
      const opened = await restored.open(client._id, file._id)
      const chunks: Buffer[] = []
      for await (const chunk of opened.stream) chunks.push(chunk as Buffer)
      expect(Buffer.concat(chunks).equals(content)).toBe(true)
      expect(opened).toMatchObject({ name: 'contract.pdf', size: content.length })
    } finally {
      await target.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
