// Knip: no unused files, exports or dependencies (part of `npm run lint`).
// Plugins find most entry points on their own: react-router (app/routes.ts and every route module,
// root.tsx), vitest and playwright (their configs and test globs), eslint, drizzle, vite, and the
// `tsx`/`esbuild` commands in package.json scripts. The list below adds the files that are started
// some other way, and keeps helper modules out of it so their exports are still checked.
import type { KnipConfig } from 'knip'

export default {
  entry: [
    // The command-line tools (npm scripts, the esbuild bundle, or by hand). server/main.ts comes
    // from the `dev` script.
    'server/cli/{backup,create-admin,default-image,migrate,restore,seed}.ts',
    // Stand-alone scripts: npm scripts, or run by hand with `npx tsx` (make-images).
    'scripts/*.ts',
    // The bare server the benchmark (bench/run.ts, an npm script) spawns as a child process.
    'bench/ceiling-server.ts',
    // Redraws the committed image fixtures, run by hand.
    'tests/fixtures/make-fixtures.ts',
  ],
  // The types of scripts/lib/build-stamp.mjs (plain JavaScript so `npm start` needs no TypeScript
  // runner): TypeScript reads it in place of the .mjs, which knip does not follow.
  ignore: ['scripts/lib/build-stamp.d.mts'],
  // The PDFs' font files are found by path (server/lib/pdf.ts).
  ignoreDependencies: ['@expo-google-fonts/inter'],
} satisfies KnipConfig
