/**
 * The server's build: server/main.ts and the command-line tools bundled into build/server with
 * the libraries they use (docs/decisions/040). One file read and compiled at start instead of
 * hundreds in node_modules, each with its own package.json lookup, and only the code the server
 * reaches. Libraries loaded on first use (mail, calendars, unpacking a cluster) stay in chunks of
 * their own, read only when first used; such a chunk of a CommonJS package exports only its
 * `default` (`const { default: Redis } = await import('ioredis')`, never `{ Redis }`). The output
 * is ASCII (scripts/lib/ascii-source.ts).
 */
import { existsSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'esbuild'
import { asciiSource } from './lib/ascii-source.ts'
import { importedPackages } from './lib/imported-packages.ts'

const OUT_DIR = 'build/server'

/**
 * Left to Node.js to load from node_modules:
 * - native addons and PGlite, which find their binaries and WebAssembly beside their own files;
 *   pdfkit, which reads its font metrics and colour profiles from files beside its own;
 * - the breached-password list, loaded through require so that it can be let go
 *   (server/lib/passwords.ts);
 * - what only development or a terminal loads (Vite, pino-pretty), and pg's optional native driver;
 * - every library the web build (build/server/index.js, made first) imports, so that the process
 *   holds one copy of each (and React, React Router and their contexts are the same objects).
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'sharp',
  'pdfkit',
  '@zxcvbn-ts/language-common',
  'vite',
  '@fastify/middie',
  'pino-pretty',
  'pg-native',
]

/** The packages the web build's server files import (it is made first: `npm run build`). */
async function webBuildImports(): Promise<string[]> {
  const entry = path.join(OUT_DIR, 'index.js')
  if (!existsSync(entry))
    throw new Error(`No web build at ${entry}: run "npm run build:web" first.`)
  return [...(await importedPackages([entry]))]
}

const result = await build({
  entryPoints: [
    'server/main.ts',
    'server/cli/*.ts',
    // Started as a worker thread by file name, so no import leads esbuild to it: the server finds
    // it at build/server/busy-calendar.worker.mjs (server/modules/booking/busy-calendar-reader.ts).
    { in: 'server/modules/booking/busy-calendar.worker.ts', out: 'busy-calendar.worker' },
  ],
  outdir: OUT_DIR,
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  external: [...EXTERNAL, ...(await webBuildImports())].flatMap((name) => [name, `${name}/*`]),
  // The CommonJS libraries in an ES module bundle require Node's own modules through this.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  minifyWhitespace: true,
  minifySyntax: true,
  sourcemap: true,
  write: false,
  logLevel: 'warning',
})

await rm(path.join(OUT_DIR, 'chunks'), { recursive: true, force: true })
for (const file of result.outputFiles) {
  await mkdir(path.dirname(file.path), { recursive: true })
  await writeFile(file.path, file.path.endsWith('.mjs') ? asciiSource(file.text) : file.contents)
}
