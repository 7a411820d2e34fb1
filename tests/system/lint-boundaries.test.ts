/**
 * The folder boundaries of STYLE.md section 2, as `npm run lint` enforces them. ESLint's own Node
 * API lints planted source text at virtual paths in this tree (nothing is written), with the
 * project's eslint.config.js; only type-aware parsing is switched off, since a virtual file is in no
 * TypeScript program and none of these rules needs types. Import cycles and Knip need real files,
 * so those run on a scratch copy of the tree.
 */
import { execFile } from 'node:child_process'
import { appendFile, cp, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ROOT_DIR } from '#server/lib/paths.ts'

// ESLint with the type-aware resolver and Knip do real work per test: a busy machine only slows them.
vi.setConfig({ testTimeout: 120_000 })

const eslintIn = (cwd: string) =>
  new ESLint({ cwd, overrideConfig: tseslint.configs.disableTypeChecked })

const eslint = eslintIn(ROOT_DIR)

/** The rule ids and messages ESLint reports for `code` placed at `filePath` (relative to the root). */
async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT_DIR, filePath) })
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId, message: m.message }))
}

const ZONE = 'import-x/no-restricted-paths'
const TEXTUAL = 'no-restricted-imports'

describe('import directions, on resolved paths', () => {
  it.each([
    // server/ never imports from app/: through a relative path or an alias alike.
    ['server/plugins/planted.ts', "import x from '../../app/root.tsx'", 'server/ never imports'],
    ['server/planted.ts', "import x from '../app/root.tsx'", 'server/ never imports'],
    ['server/planted.ts', "import x from '#app/root.tsx'", 'server/ never imports'],
    ['server/planted.ts', "import type { x } from '#app/site.ts'", 'server/ never imports'],
    // common/ imports nothing from app/ or server/, not even types.
    ['common/planted.ts', "import { x } from '../server/config.ts'", 'common/ imports nothing'],
    ['common/schemas/planted.ts', "import type { x } from '#server/config.ts'", 'common/'],
    ['common/planted.ts', "import { site } from '#app/site.ts'", 'common/ imports nothing'],
    // A feature never imports another feature.
    [
      'app/features/users/planted.ts',
      "import { x } from '#app/features/websites/websites.api.ts'",
      'A feature never imports another feature',
    ],
    [
      'app/features/users/planted.ts',
      "import { x } from '../websites/websites.api.ts'",
      'A feature never imports another feature',
    ],
    // components/ and lib/ import no feature.
    [
      'app/components/ui/planted.tsx',
      "import { x } from '#app/features/users/users.api.ts'",
      'components/ and lib/ import no feature',
    ],
    [
      'app/lib/planted.ts',
      "import { x } from '../features/users/users.api.ts'",
      'components/ and lib/ import no feature',
    ],
    // A module never imports another module's repository.
    [
      'server/modules/messages/planted.ts',
      "import { x } from '../users/users.repository.ts'",
      'never its repository',
    ],
    [
      'server/modules/messages/planted.ts',
      "import { x } from '#server/modules/users/users.repository.ts'",
      'never its repository',
    ],
  ])('%s: %s fails', async (filePath, code, message) => {
    const problems = await lint(filePath, `${code}\nexport default x\n`)
    expect(problems).toContainEqual({ rule: ZONE, message: expect.stringContaining(message) })
  })

  it.each([
    ['app/routes/public/planted.tsx', "import { loadConfig } from '#server/config.ts'"],
    ['app/planted.ts', "import { loadConfig } from '../server/config.ts'"],
  ])('%s: runtime code from server/ (%s) fails outside *.server.ts', async (filePath, code) => {
    const problems = await lint(filePath, `${code}\nexport default loadConfig\n`)
    expect(problems).toContainEqual({
      rule: TEXTUAL,
      message: expect.stringContaining('app/ imports server code only in *.server.ts files'),
    })
  })

  it.each([
    // app/ may import server/ types anywhere, and runtime code in *.server.ts files.
    ['app/routes/public/planted.tsx', "import type { Config as x } from '#server/config.ts'"],
    ['app/routes/public/planted.server.ts', "import { loadConfig as x } from '#server/config.ts'"],
    // A module may call another module's service; inside a folder `./` is the rule.
    ['server/modules/users/planted.ts', "import { x } from '#server/modules/mail/mail.service.ts'"],
    ['server/modules/users/planted.ts', "import { x } from './users.repository.ts'"],
    ['app/features/users/planted.tsx', "import { x } from '#app/components/ui/button.tsx'"],
    ['app/routes/admin/planted.tsx', "import { x } from '#app/features/users/users.api.ts'"],
    ['common/schemas/planted.ts', "import { x } from '../constants.ts'"],
    ['tests/api/planted.test.ts', "import { x } from '#server/app.ts'"],
  ])('%s: %s passes', async (filePath, code) => {
    expect(await lint(filePath, `${code}\nexport default x\n`)).toEqual([])
  })
})

describe('climbing with ../../', () => {
  // Each folder has its own config block; the ban must survive every one of them.
  it.each([
    'app/root.tsx',
    'app/routes/admin/planted.tsx',
    'app/routes/public/planted.server.ts',
    'app/features/users/planted.ts',
    'app/components/ui/planted.tsx',
    'app/lib/planted.ts',
    'server/plugins/planted.ts',
    'server/modules/users/planted.ts',
    'server/cli/planted.ts',
    'common/schemas/planted.ts',
    'tests/api/planted.test.ts',
    'tests/e2e/support/planted.ts',
    'scripts/lib/planted.ts',
    'bench/planted.ts',
    'planted.config.js',
  ])('fails in %s', async (filePath) => {
    const problems = await lint(filePath, "import x from '../../common/constants.ts'\nx()\n")
    expect(problems).toContainEqual({
      rule: TEXTUAL,
      message: expect.stringContaining('instead of climbing folders'),
    })
  })
})

/** A scratch copy of the tree (sources and configs; node_modules linked), for real planted files. */
describe('on a scratch copy of the tree', () => {
  const SKIP = new Set(['.git', 'node_modules', 'build', 'data', 'test-results', 'reports'])
  let copy: string

  beforeAll(async () => {
    copy = await mkdtemp(path.join(os.tmpdir(), 'site-lint-boundaries-'))
    await cp(ROOT_DIR, copy, {
      recursive: true,
      filter: (source) => {
        const relative = path.relative(ROOT_DIR, source).split(path.sep)
        return !SKIP.has(relative[0] ?? '') && !relative.includes('node_modules')
      },
    })
    await symlink(path.join(ROOT_DIR, 'node_modules'), path.join(copy, 'node_modules'), 'dir')
  }, 120_000)

  afterAll(async () => {
    if (copy) await rm(copy, { recursive: true, force: true })
  })

  it('reports an import cycle, but not one made only of type imports', async () => {
    const lib = path.join(copy, 'server/lib')
    await writeFile(
      path.join(lib, 'planted-cycle-a.ts'),
      "import { b } from './planted-cycle-b.ts'\nexport const a = () => b()\n",
    )
    await writeFile(
      path.join(lib, 'planted-cycle-b.ts'),
      "import { a } from './planted-cycle-a.ts'\nexport const b = (): unknown => a\n",
    )
    await writeFile(
      path.join(lib, 'planted-types-a.ts'),
      "import type { B } from './planted-types-b.ts'\nexport type A = { b?: B }\n",
    )
    await writeFile(
      path.join(lib, 'planted-types-b.ts'),
      "import type { A } from './planted-types-a.ts'\nexport type B = { a?: A }\n",
    )
    const results = await eslintIn(copy).lintFiles([
      'server/lib/planted-cycle-a.ts',
      'server/lib/planted-types-a.ts',
    ])
    const rules = results.map((r) => [path.basename(r.filePath), r.messages.map((m) => m.ruleId)])
    expect(rules).toEqual([
      ['planted-cycle-a.ts', ['import-x/no-cycle']],
      ['planted-types-a.ts', []],
    ])
  }, 120_000)

  it('Knip fails on an unused export and an unused file', async () => {
    await appendFile(
      path.join(copy, 'common/constants.ts'),
      '\nexport const PLANTED_UNUSED_EXPORT = 1\n',
    )
    await writeFile(path.join(copy, 'server/lib/planted-unused-file.ts'), 'export const x = 1\n')
    const knip = promisify(execFile)(
      process.execPath,
      [path.join(ROOT_DIR, 'node_modules/knip/bin/knip.js'), '--no-progress', '--no-config-hints'],
      { cwd: copy },
    )
    const failure = await knip.then(
      () => null,
      (error: { code?: number; stdout?: string }) => error,
    )
    expect(failure?.code).toBe(1)
    expect(failure?.stdout).toMatch(/Unused files[\s\S]*server\/lib\/planted-unused-file\.ts/)
    expect(failure?.stdout).toMatch(/Unused exports[\s\S]*PLANTED_UNUSED_EXPORT/)
  }, 120_000)
})
