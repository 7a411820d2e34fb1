import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The package root, found from this file whether it runs from source or from the bundled build. */
function findRoot(start: string): string {
  let dir = start
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error(`package.json not found above ${start}`)
    dir = parent
  }
  return dir
}

export const ROOT_DIR = findRoot(path.dirname(fileURLToPath(import.meta.url)))
export const MIGRATIONS_DIR = path.join(ROOT_DIR, 'drizzle')
export const BUILD_DIR = path.join(ROOT_DIR, 'build')
export const PUBLIC_DIR = path.join(ROOT_DIR, 'public')
