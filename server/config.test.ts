import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT_DIR } from '#server/lib/paths.ts'
import { ConfigError, EnvSchema, loadConfig } from './config.ts'

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
    expect(config.isApiDocsServed).toBe(false)
  })

  it('serves the API description only when API_DOCS is true', () => {
    expect(loadConfig({ API_DOCS: 'true' }).isApiDocsServed).toBe(true)
    expect(loadConfig({ API_DOCS: 'false' }).isApiDocsServed).toBe(false)
    expect(problemsOf({ API_DOCS: 'yes' }).join()).toMatch(/API_DOCS/)
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

  it('matches .env.example: every variable, in schema order', () => {
    const example = readFileSync(path.join(ROOT_DIR, '.env.example'), 'utf8')
    const keys = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1])
    expect(keys).toEqual(Object.keys(EnvSchema.shape))
    // Each value there is the default, so loading the file as it is must work.
    const values = Object.fromEntries(
      [...example.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [match[1], match[2]]),
    )
    expect(() => loadConfig(values)).not.toThrow()
  })
})
