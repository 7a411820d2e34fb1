/**
 * The production build the system tests, the benchmark and the scripts start: made once (under the
 * checkout's lock) when it is missing or was made from other sources (the stamp `npm start` checks).
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { isBuildCurrent } from '#scripts/lib/build-stamp.mjs'
import { ROOT_DIR } from '#server/lib/paths.ts'
import { withCheckoutLock } from './checkout-lock.ts'

/** Runs `npm run build` when the build is missing or stale; concurrent test files take turns. */
export async function ensureBuild(): Promise<void> {
  if (await isBuildCurrent()) return
  await withCheckoutLock('build', async () => {
    if (await isBuildCurrent()) return
    await promisify(execFile)('npm', ['run', 'build'], {
      cwd: ROOT_DIR,
      maxBuffer: 64 * 1024 * 1024,
    })
  })
}
