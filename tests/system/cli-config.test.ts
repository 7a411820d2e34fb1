/**
 * Every command-line tool reads its configuration the way the server does (`loadConfigOrExit`): a
 * wrong variable is named in one plain message, with no stack trace, before anything is touched.
 * The built tools (what `npm run` runs from source, bundled) start in a fraction of the time.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ensureBuild } from '#tests/helpers/build.ts'
import { runNode } from '#tests/helpers/cli.ts'

const TOOLS = [
  ['db:migrate', 'migrate', []],
  ['backup', 'backup', ['--out', 'never-written.jsonl.gz']],
  ['restore', 'restore', ['--in', 'missing.jsonl.gz']],
  ['create-admin', 'create-admin', ['--email', 'a@example.com', '--password', 'x', '--name', 'A']],
  ['seed', 'seed', []],
] as const

let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-cli-config-'))
  await ensureBuild()
})
afterAll(() => rm(dataDir, { recursive: true, force: true }))

describe('the command-line tools with a wrong variable', () => {
  it.each(TOOLS)(
    'npm run %s names it and exits 1 without touching the data folder',
    async (_name, file, args) => {
      const failure = await runNode([`build/server/cli/${file}.mjs`, ...args], {
        DATA_DIR: dataDir,
        LOG_LEVEL: 'loud',
      })
      expect(failure.code).toBe(1)
      expect(failure.stderr).toContain('Invalid configuration')
      expect(failure.stderr).toMatch(/LOG_LEVEL: .+/)
      expect(failure.stderr).not.toMatch(/^\s+at /m)
      expect(await readdir(dataDir)).toEqual([])
    },
  )
})
