import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

describe('loadConfig', () => {
  it('applies the defaults of the contract', () => {
    const config = loadConfig({})
    expect(config.port).toBe(3000)
    expect(config.database.kind).toBe('pglite')
    expect(config.trustProxy).toBe(false)
  })

  it('reads TRUST_PROXY as a boolean or a list of proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true)
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'loopback, uniquelocal' }).trustProxy).toBe(
      'loopback, uniquelocal',
    )
  })

  it('refuses a hop count for TRUST_PROXY, naming the variable', () => {
    expect(problemsOf({ TRUST_PROXY: '1' }).join()).toMatch(/TRUST_PROXY/)
  })

  it('lists every wrong variable at once', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      SESSION_SECRET: 'short',
    })
    expect(problems).toHaveLength(3)
    expect(problems.join('\n')).toMatch(/PORT[\s\S]*DATABASE_URL[\s\S]*SESSION_SECRET/)
  })
})
