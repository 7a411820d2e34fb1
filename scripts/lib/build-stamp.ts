/**
 * The build's source stamp: a hash of every file the build is made from (sources, public files,
 * migrations, lockfile and build configuration), written into build/ by `npm run build`.
 * `npm start` builds again when the sources differ from the stamp (after a `git pull`, say) and
 * skips the build when nothing changed; the tests and the measuring scripts use the same check.
 *
 * As a command: `tsx scripts/lib/build-stamp.ts write` (after a build) or `check` (exit 0 when the
 * build is current, 1 when it is missing or stale).
 */
import { createHash } from 'node:crypto'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT_DIR = fileURLToPath(new URL('../..', import.meta.url))
const stampFile = (root: string) => path.join(root, 'build', '.source-stamp')
const SOURCE_DIRS = ['app', 'server', 'common', 'drizzle', 'public']
const SOURCE_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
  'react-router.config.ts',
  'scripts/precompress-assets.ts',
]
/** Tests live beside the sources but are not part of the build. */
const isTest = (name: string) => /\.test\.tsx?$/.test(name)

async function filesUnder(root: string, dir: string): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true }).catch(() => [])
  const nested = await Promise.all(
    entries.map((entry) => {
      const relative = path.posix.join(dir, entry.name)
      if (entry.isDirectory()) return filesUnder(root, relative)
      return entry.isFile() && !isTest(entry.name) ? [relative] : []
    }),
  )
  return nested.flat()
}

/** The hash of every build input's path and content, in a fixed order. */
export async function sourceStamp(root = ROOT_DIR): Promise<string> {
  const dirs = await Promise.all(SOURCE_DIRS.map((dir) => filesUnder(root, dir)))
  const files = [...dirs.flat(), ...SOURCE_FILES].sort()
  const hash = createHash('sha256')
  for (const file of files) {
    const content = await readFile(path.join(root, file)).catch(() => Buffer.alloc(0))
    hash.update(`${file}\0${content.length}\0`).update(content)
  }
  return hash.digest('hex')
}

/** True when build/ was made from the sources as they are now. */
export async function isBuildCurrent(root = ROOT_DIR): Promise<boolean> {
  const built = await readFile(stampFile(root), 'utf8').catch(() => '')
  return built.trim() === (await sourceStamp(root))
}

export async function writeBuildStamp(root = ROOT_DIR): Promise<void> {
  await writeFile(stampFile(root), `${await sourceStamp(root)}\n`)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const command = process.argv[2]
  if (command === 'write') await writeBuildStamp()
  else if (command === 'check') process.exitCode = (await isBuildCurrent()) ? 0 : 1
  else throw new Error('usage: build-stamp.ts write|check')
}
