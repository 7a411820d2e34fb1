/**
 * Page-weight budgets, measured as a browser loads each page: builds, serves the production build
 * with the demo content and measures every public page's first visit in Chromium (and the sign-in
 * page and the admin's dashboard): scripts/lib/measure-page-weight.ts. Each kind of page has its
 * budget (scripts/lib/page-weight.ts): a public page without a form ships at most 30 KB of
 * JavaScript, so a page that quietly pulls in the app fails here.
 * Exits non-zero when any page is over budget.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { ensureBuild } from '#tests/helpers/build.ts'
import { measurePageWeights } from './lib/measure-page-weight.ts'
import { BUDGETS, overBudget, pageWeightTable } from './lib/page-weight.ts'
import { run, startProductionServer } from './lib/production-server.ts'

const ADMIN = { email: 'budget-owner@example.com', password: 'Budget-owner-pass-91!' }

async function main() {
  // Rebuilds only when a source is newer than the build; concurrent builders take turns.
  if (!process.argv.includes('--no-build')) await ensureBuild()
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-budgets-'))
  // The embedded database belongs to one process at a time: seed before the server opens it.
  await run('node', ['build/server/cli/seed.mjs'], {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  })
  const server = await startProductionServer({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  })
  try {
    const weights = await measurePageWeights(server.url, ADMIN)
    console.log(
      `\nBudgets in KB as transferred (JS / CSS / total): ${Object.entries(BUDGETS)
        .map(([kind, b]) => `${kind} ${b.js} / ${b.css} / ${b.total}`)
        .join('; ')}\n`,
    )
    console.log(pageWeightTable(weights))
    if (weights.some((weight) => overBudget(weight).length > 0)) {
      console.error('\nPage-weight budget exceeded.')
      process.exitCode = 1
    }
  } finally {
    await server.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

await main()
