// Structure rules (CONTRIBUTING.md): import directions, kebab-case files, no process.env outside config.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import checkFile from 'eslint-plugin-check-file'
import importX from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y-x'
import reactHooks from 'eslint-plugin-react-hooks'
import regexp from 'eslint-plugin-regexp'
import tseslint from 'typescript-eslint'

const ROOT = import.meta.dirname
const foldersIn = (dir) =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
const FEATURES = foldersIn('app/features')
const MODULES = foldersIn('server/modules')

// Import directions (CONTRIBUTING.md, layout), checked on RESOLVED paths: `#app/root.tsx` and
// `../app/root.tsx` both resolve to app/root.tsx, so an alias and a relative path are caught alike.
// `target` is the importing file's folder, `from` what it may not import. All zones sit in one rule
// config, so no later block can replace them.
const IMPORT_ZONES = [
  {
    target: 'common',
    from: ['app', 'server', 'tests'],
    message: 'common/ imports nothing from app/, server/ or tests/.',
  },
  {
    target: 'server',
    from: ['app', 'tests'],
    message: 'server/ never imports from app/ or tests/.',
  },
  {
    target: ['app/components', 'app/lib'],
    from: ['app/features', 'app/routes'],
    message: 'components/ and lib/ import no feature or route.',
  },
  ...FEATURES.map((feature) => ({
    target: `app/features/${feature}`,
    from: FEATURES.filter((other) => other !== feature).map((other) => `app/features/${other}`),
    message: 'A feature never imports another feature; combine them in the route.',
  })),
  ...MODULES.map((module) => ({
    target: `server/modules/${module}`,
    from: MODULES.filter((other) => other !== module).map(
      (other) => `server/modules/${other}/**/*.repository.ts`,
    ),
    message: 'Call another module’s service, never its repository.',
  })),
].filter((zone) => zone.from.length > 0)

// Textual import bans (no-restricted-imports). Flat config does not merge a rule's options across
// blocks: for a given file, the last block that sets the rule replaces every earlier one. So the
// bans that apply everywhere are added to every block that sets the rule (withEverywhereBans below).
const EVERYWHERE_BANS = [
  {
    group: ['../../*', '../..'],
    message: 'Use an alias (#app/..., #server/...) instead of climbing folders.',
  },
]
const restrictedImports = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })

/** Adds EVERYWHERE_BANS to every block that sets no-restricted-imports (and does not turn it off). */
const withEverywhereBans = (configs) =>
  configs.map((config) => {
    const setting = config.rules?.['no-restricted-imports']
    if (!Array.isArray(setting) || ['off', 0].includes(setting[0])) return config
    const [severity, options = {}] = setting
    const patterns = [...EVERYWHERE_BANS, ...(options.patterns ?? [])].filter(
      (pattern, i, all) => all.indexOf(pattern) === i,
    )
    return {
      ...config,
      rules: { ...config.rules, 'no-restricted-imports': [severity, { ...options, patterns }] },
    }
  })

export default withEverywhereBans(
  tseslint.config(
    {
      ignores: [
        'build/**',
        'node_modules/**',
        '.react-router/**',
        'drizzle/**',
        'data/**',
        'test-results/**',
        'playwright-report/**',
        'reports/**',
      ],
    },
    js.configs.recommended,
    ...tseslint.configs.recommended,
    {
      files: ['**/*.{ts,tsx}'],
      languageOptions: {
        parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      },
      plugins: { 'check-file': checkFile },
      rules: {
        '@typescript-eslint/no-floating-promises': 'error',
        '@typescript-eslint/no-unused-vars': [
          'error',
          { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
        ],
        '@typescript-eslint/consistent-type-imports': [
          'error',
          { fixStyle: 'inline-type-imports' },
        ],
        'no-restricted-properties': [
          'error',
          {
            object: 'process',
            property: 'env',
            message: 'Read configuration through server/config.ts (loadConfig).',
          },
        ],
        'check-file/filename-naming-convention': [
          'error',
          { '**/*.{ts,tsx}': 'KEBAB_CASE' },
          { ignoreMiddleExtensions: true },
        ],
        'check-file/folder-naming-convention': [
          'error',
          { '{app,server,common,tests}/**/': 'KEBAB_CASE' },
        ],
      },
    },
    {
      files: ['app/**/*.{ts,tsx}'],
      plugins: { 'react-hooks': reactHooks, 'jsx-a11y-x': jsxA11y },
      rules: {
        ...reactHooks.configs.recommended.rules,
        ...jsxA11y.configs.recommended.rules,
      },
    },
    // Regular expressions: no pattern may backtrack super-linearly on any input (a request can reach
    // most of them), plus the plugin's checks for patterns that do not mean what they say.
    {
      files: ['{app,server,common}/**/*.{ts,tsx}'],
      ...regexp.configs.recommended,
      rules: {
        ...regexp.configs.recommended.rules,
        'regexp/no-super-linear-backtracking': 'error',
        'regexp/no-super-linear-move': 'error',
      },
    },
    // Import directions (CONTRIBUTING.md, layout) and import cycles, on resolved paths.
    {
      files: ['**/*.{ts,tsx,js,mjs}'],
      plugins: { 'import-x': importX },
      settings: {
        // Which files import-x reads to follow imports (no-cycle), and with which parser.
        'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
        'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
        // Resolves package.json `imports` (#app/*, #server/*, ...) and relative paths alike.
        'import-x/resolver-next': [
          createTypeScriptImportResolver({ project: path.join(ROOT, 'tsconfig.json') }),
        ],
      },
      rules: {
        'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: IMPORT_ZONES }],
        // Type-only imports are skipped: they vanish at run time, so they make no load-order cycle.
        // Packages are not followed: a cycle through node_modules is not ours to fix.
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
        ...restrictedImports([]),
      },
    },
    {
      // no-restricted-paths cannot let type-only imports through, so this one rule stays textual:
      // `#server/...` and, from a file directly in app/, `../server/...` (deeper climbs are banned).
      // A regex, not a `group`: in a group's gitignore syntax a leading `#` starts a comment, so
      // `#server/*` there matches nothing.
      files: ['app/**/*.{ts,tsx}'],
      ignores: ['app/**/*.server.ts', 'app/**/*.server.tsx'],
      rules: restrictedImports([
        {
          regex: '^(#server|\\.\\./server)/',
          allowTypeImports: true,
          message: 'app/ imports server code only in *.server.ts files; use the load context.',
        },
      ]),
    },
    {
      files: [
        'server/config.ts',
        'tests/helpers/test-env.ts',
        'playwright.config.ts',
        'tests/e2e/support/e2e-env.ts',
        'server/cli/*.ts',
        'server/main.ts',
        'scripts/**/*.ts',
        'bench/**/*.ts',
      ],
      rules: { 'no-restricted-properties': 'off' },
    },
    {
      files: ['**/*.js', '**/*.mjs'],
      ...tseslint.configs.disableTypeChecked,
    },
  ),
)
