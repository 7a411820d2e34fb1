/**
 * The build's source stamp: a hash of every file the build is made from (sources, public files,
 * migrations, lockfile and build configuration), written into build/ by `npm run build`.
 * `npm start` builds again when the sources differ from the stamp (after a `git pull`, say) and
 * skips the build when nothing changed; the tests and the measuring scripts use the same check.
 *
 * As a command: `node scripts/lib/build-stamp.mjs write` (after a build) or `check` (exit 0 when
 * the build is current, 1 when it is missing or stale).
 *
 * Plain JavaScript (typed by build-stamp.d.mts) so that `npm start` runs the check with Node
 * alone: starting a TypeScript runner first cost the start about a second.
 */
import { Buffer } from 'node:buffer'
import { createHash } from 'node:crypto'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import process from 'node:process'
import { URL, fileURLToPath } from 'node:url'

const ROOT_DIR = fileURLToPath(new URL('../..', import.meta.url))
/** @param {string} root */
const stampFile = (root) => path.join(root, 'build', '.source-stamp')
const SOURCE_DIRS = ['app', 'server', 'common', 'drizzle', 'public']
const SOURCE_FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
  'react-router.config.ts',
  'scripts/precompress-assets.ts',
  'scripts/build-server.ts',
  'scripts/lib/ascii-source.ts',
  'scripts/lib/imported-packages.ts',
  'scripts/lib/build-stamp.mjs',
]
/** Tests live beside the sources but are not part of the build. */
/** @param {string} name */
const isTest = (name) => /\.test\.tsx?$/.test(name)

/**
 * @param {string} root
 * @param {string} dir
 * @returns {Promise<string[]>}
 */
async function filesUnder(root, dir) {
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
/** @returns {Promise<string>} */
export async function sourceStamp(root = ROOT_DIR) {
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
/** @returns {Promise<boolean>} */
export async function isBuildCurrent(root = ROOT_DIR) {
  const built = await readFile(stampFile(root), 'utf8').catch(() => '')
  return built.trim() === (await sourceStamp(root))
}

/** @returns {Promise<void>} */
export async function writeBuildStamp(root = ROOT_DIR) {
  await writeFile(stampFile(root), `${await sourceStamp(root)}\n`)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const command = process.argv[2]
  if (command === 'write') await writeBuildStamp()
  else if (command === 'check') process.exitCode = (await isBuildCurrent()) ? 0 : 1
  else throw new Error('usage: build-stamp.mjs write|check')
}
