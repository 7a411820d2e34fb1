import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'server/**/*.test.ts',
      'common/**/*.test.ts',
      'app/**/*.test.{ts,tsx}',
      'tests/api/**/*.test.ts',
      'tests/system/**/*.test.ts',
    ],
    setupFiles: ['tests/setup/setup-test-env.ts'],
    // Safety nets for a machine busy with other work, not expectations of speed.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
})
