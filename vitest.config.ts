import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

/**
 * Test files that replace a module (`vi.mock`) or a global (`vi.stubGlobal`), or read a module's
 * state from a clean start, run each in a fresh module registry; every other file shares one per worker, which spares re-importing the server
 * (Fastify, Drizzle, React Router's build) for each of them: about a third of the suite's CPU time
 * (docs/decisions/012-shared-test-modules.md).
 */
const ISOLATED = [
  'app/**/*.test.{ts,tsx}',
  'tests/api/sign-in-timing.test.ts',
  'server/lib/breached-list.test.ts',
  // Reads the process-wide count of background work, which other files' leftovers would hold up.
  'server/lib/background-work.test.ts',
  // Reads the text of the first PDFs the process makes, which other files' documents would precede.
  'tests/system/pdf-text.test.ts',
]

export default defineConfig({
  test: {
    setupFiles: ['tests/setup/setup-test-env.ts'],
    // Safety nets for a machine busy with other work, not expectations of speed.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // One worker per core (Vitest's default leaves one idle): CI runs first on a shared machine
    // (see .ci/run), so its wall time is what counts (docs/decisions/018-ci-first-and-a-worker-per-core.md).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: { name: 'isolated', include: ISOLATED, isolate: true },
      },
      {
        extends: true,
        test: {
          name: 'shared',
          include: [
            'server/**/*.test.ts',
            'common/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tests/api/**/*.test.ts',
            'tests/system/**/*.test.ts',
          ],
          exclude: ISOLATED,
          isolate: false,
        },
      },
    ],
  },
})
