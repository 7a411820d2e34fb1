import { afterEach, beforeEach, vi, type MockInstance } from 'vitest'

// A console error fails the test, unless the test calls allowConsoleError() first.
let consoleError: MockInstance<typeof console.error> | undefined
let allowed = false

export function allowConsoleError() {
  allowed = true
}

beforeEach(() => {
  allowed = false
  consoleError = vi.spyOn(console, 'error')
})

afterEach(() => {
  const calls: unknown[][] = consoleError?.mock.calls ?? []
  consoleError?.mockRestore()
  if (calls.length > 0 && !allowed) {
    throw new Error(
      `console.error was called:\n${calls.map((c) => c.map(String).join(' ')).join('\n')}`,
    )
  }
})
