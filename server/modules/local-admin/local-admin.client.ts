/**
 * The command-line tools' side of the local channel: one JSON request to the running server over
 * its Unix socket in DATA_DIR (see local-admin.channel.ts).
 */
import { request } from 'node:http'
import path from 'node:path'
import type { BackupCounts } from '#server/db/backup.ts'

/** Where a server on the embedded database in `dataDir` answers the command-line tools. */
export const localChannelPath = (dataDir: string) => path.join(dataDir, 'server.sock')

export interface AdminAnswer {
  user: { name: string; email: string }
  created: boolean
  promoted: boolean
}

export interface BackupAnswer {
  counts: BackupCounts
}

export interface RotateSecretAnswer {
  /** Users whose sessions ended. */
  signedOut: number
}

/** The server answered with an error: its message says what went wrong. */
export class LocalChannelError extends Error {
  override name = 'LocalChannelError'
}

/** The socket is missing or nobody accepts on it: the server is starting, or its channel is off. */
export class LocalChannelUnreachableError extends Error {
  override name = 'LocalChannelUnreachableError'
}

export function callLocalChannel<T>(
  socketPath: string,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<T> {
  const payload = body === undefined ? undefined : JSON.stringify(body)
  return new Promise<T>((resolve, reject) => {
    const req = request(
      {
        socketPath,
        method,
        path: url,
        headers: payload === undefined ? {} : { 'content-type': 'application/json' },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('error', reject)
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8')
          let json: unknown
          try {
            json = JSON.parse(text)
          } catch {
            json = undefined
          }
          if (res.statusCode === 200) return resolve(json as T)
          const message = (json as { message?: unknown } | undefined)?.message
          reject(
            new LocalChannelError(
              typeof message === 'string' ? message : `the server answered ${res.statusCode}`,
            ),
          )
        })
      },
    )
    req.on('error', (error: NodeJS.ErrnoException) => {
      const unreachable = ['ENOENT', 'ECONNREFUSED', 'ENOTSOCK'].includes(error.code ?? '')
      reject(unreachable ? new LocalChannelUnreachableError(error.message) : error)
    })
    req.end(payload)
  })
}
