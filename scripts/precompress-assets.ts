/**
 * Runs after `react-router build`: writes a brotli (.br, best quality) and a gzip (.gz) copy of every
 * compressible file of the client build, which the server sends as they are (@fastify/static
 * `preCompressed`). Hashed assets never change, so the slow best-quality compression is paid once
 * here instead of at a lower quality on every request.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const CLIENT_DIR = path.resolve('build/client')
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|html|webmanifest|map)$/
const MIN_BYTES = 1024

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* files(full)
    else yield full
  }
}

let count = 0
let before = 0
let after = 0
const jobs: Promise<void>[] = []
for await (const file of files(CLIENT_DIR)) {
  if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES) continue
  jobs.push(
    (async () => {
      const content = await readFile(file)
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ])
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)])
      count++
      before += content.length
      after += br.length
    })(),
  )
}
await Promise.all(jobs)
console.log(
  `precompressed ${count} files: ${Math.round(before / 1024)} KB -> ${Math.round(after / 1024)} KB brotli`,
)
