/**
 * The packages built JavaScript files import: esbuild reads the files (and the files they import by
 * relative path, dynamic imports included) and reports every import it leaves to Node.js. Used by
 * the server's build (what the web build imports stays shared) and by the test that the image
 * needs production dependencies only.
 */
import { isBuiltin } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { build } from 'esbuild'

/** A package's name from an import of it or of a file in it (`react-dom/server` is `react-dom`). */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')

export async function importedPackages(entryPoints: string[]): Promise<Set<string>> {
  const { metafile } = await build({
    entryPoints,
    bundle: true,
    write: false,
    metafile: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    splitting: true,
    outdir: path.join(os.tmpdir(), 'imported-packages'),
    logLevel: 'silent',
  })
  const packages = new Set<string>()
  for (const input of Object.values(metafile.inputs))
    for (const { path: specifier, external } of input.imports)
      if (external && !isBuiltin(specifier)) packages.add(packageOf(specifier))
  return packages
}
