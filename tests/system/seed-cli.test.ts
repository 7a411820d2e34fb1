import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { DEMO_SITES } from '#server/cli/demo-content.ts'
import { ROOT_DIR } from '#server/lib/paths.ts'

const run = promisify(execFile)

describe('npm run seed (server/cli/seed.ts)', () => {
  it('seeds an embedded database once and reports what it did', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-seed-'))
    try {
      const seed = () =>
        run(process.execPath, ['--import', 'tsx', 'server/cli/seed.ts'], {
          cwd: ROOT_DIR,
          env: { DATA_DIR: dataDir },
        })
      const first = await seed()
      expect(first.stdout).toContain(`Seed done: ${DEMO_SITES.length} added, 0 already there`)
      for (const { slug } of DEMO_SITES) expect(first.stdout).toContain(`added    /website/${slug}`)
      const second = await seed()
      expect(second.stdout).toContain(`Seed done: 0 added, ${DEMO_SITES.length} already there`)
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  }, 120_000)
})
