/**
 * The server runs with the same Node flags wherever it starts: `npm start`, the Docker image, and the
 * processes the tests and the bench spawn (SERVER_NODE_FLAGS), so what is measured is what ships.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT_DIR } from '#server/lib/paths.ts'
import { SERVER_NODE_FLAGS } from '#tests/helpers/server-process.ts'

const read = (file: string) => readFile(path.join(ROOT_DIR, file), 'utf8')

describe('the server start command', () => {
  it('npm start passes every flag the tests and the bench use', async () => {
    const pkg = JSON.parse(await read('package.json')) as { scripts: { start: string } }
    expect(pkg.scripts.start).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} build/server/main.mjs`)
  })

  it('the Docker image starts the server the same way', async () => {
    const cmd = /^CMD (.+)$/m.exec(await read('Dockerfile'))?.[1]
    expect(JSON.parse(cmd!)).toEqual(['node', ...SERVER_NODE_FLAGS, 'build/server/main.mjs'])
  })
})
