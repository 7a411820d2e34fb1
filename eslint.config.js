// Structure rules from STYLE.md: import directions, kebab-case files, no process.env outside config.
import js from '@eslint/js'
import checkFile from 'eslint-plugin-check-file'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

const restrictedZones = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
})

export default tseslint.config(
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
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
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
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  // Import directions (STYLE.md section 2)
  {
    files: ['common/**/*.ts'],
    rules: restrictedZones([
      {
        group: ['#app/*', '#server/*', '#tests/*'],
        message: 'common/ imports nothing from app/, server/ or tests/.',
      },
    ]),
  },
  {
    files: ['server/**/*.ts'],
    rules: restrictedZones([
      { group: ['#app/*', '#tests/*'], message: 'server/ never imports from app/ or tests/.' },
    ]),
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/**/*.server.ts', 'app/**/*.server.tsx'],
    rules: restrictedZones([
      {
        group: ['#server/*'],
        allowTypeImports: true,
        message: 'app/ imports server code only in *.server.ts files; use the load context.',
      },
      { group: ['../../*'], message: 'Use an alias (#app/...) instead of climbing folders.' },
    ]),
  },
  {
    files: ['app/components/**/*.{ts,tsx}', 'app/lib/**/*.{ts,tsx}'],
    rules: restrictedZones([
      { group: ['#server/*'], allowTypeImports: true, message: 'Use the load context.' },
      {
        group: ['#app/features/*', '#app/routes/*'],
        message: 'components/ and lib/ import no feature or route.',
      },
    ]),
  },
  ...['users', 'websites', 'messages', 'dashboard'].map((feature) => ({
    files: [`app/features/${feature}/**/*.{ts,tsx}`],
    rules: restrictedZones([
      { group: ['#server/*'], allowTypeImports: true, message: 'Use the load context.' },
      {
        group: ['users', 'websites', 'messages', 'dashboard']
          .filter((f) => f !== feature)
          .map((f) => `#app/features/${f}/*`),
        message: 'A feature never imports another feature; combine them in the route.',
      },
    ]),
  })),
  {
    files: ['server/modules/*/*.ts'],
    rules: restrictedZones([
      { group: ['#app/*', '#tests/*'], message: 'server/ never imports from app/ or tests/.' },
      {
        group: ['../*/*.repository.ts', '#server/modules/*/*.repository.ts'],
        message: 'Call another module’s service, never its repository.',
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
)
