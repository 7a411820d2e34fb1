/**
 * The deployment recipes of docs/operations.md, checked as far as this machine can run them: the
 * Dockerfile's build context and what its image holds, the compose files (parsed as YAML: services,
 * ports, volumes), their Caddyfiles (adapted by Caddy when it is installed) and the systemd unit
 * (`systemd-analyze verify` when available).
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { importedPackages } from '#scripts/lib/imported-packages.ts'
import { EnvSchema } from '#server/config.ts'
import { BUILD_DIR, MIGRATIONS_DIR, PUBLIC_DIR, ROOT_DIR } from '#server/lib/paths.ts'
import { ensureBuild } from '#tests/helpers/build.ts'

const run = promisify(execFile)
const read = (file: string) => readFile(path.join(ROOT_DIR, file), 'utf8')
const commandPath = (name: string) =>
  ['/usr/bin', '/usr/local/bin', '/bin']
    .map((dir) => path.join(dir, name))
    .find((file) => existsSync(file))
const hasCommand = (name: string) => commandPath(name) !== undefined
const dirs: string[] = []

afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))))

interface ComposeService {
  build?: string
  image?: string
  environment?: Record<string, string>
  ports?: string[]
  volumes?: string[]
  depends_on?: unknown
}
interface ComposeFile {
  services: Record<string, ComposeService>
  volumes?: Record<string, unknown>
}

async function loadCompose(file: string): Promise<ComposeFile> {
  return parse(await read(file), { merge: true }) as ComposeFile
}

/** Every `./host:container` mount names a file in the repository; every named volume is declared. */
function expectMountsExist(compose: ComposeFile) {
  for (const [name, service] of Object.entries(compose.services)) {
    for (const volume of service.volumes ?? []) {
      const [source] = volume.split(':')
      if (source!.startsWith('.'))
        expect(existsSync(path.join(ROOT_DIR, source!)), `${name}: ${source}`).toBe(true)
      else expect(compose.volumes, `${name}: volume ${source}`).toHaveProperty(source!)
    }
    if (service.build)
      expect(existsSync(path.join(ROOT_DIR, service.build, 'Dockerfile'))).toBe(true)
  }
}

/** Every variable an app service sets is one the configuration knows. */
function expectKnownVariables(service: ComposeService) {
  const known = Object.keys(EnvSchema.shape)
  for (const key of Object.keys(service.environment ?? {})) expect(known, key).toContain(key)
}

/** The upstreams a Caddyfile proxies to, as Caddy itself reads them. */
async function caddyUpstreams(file: string): Promise<string[]> {
  const { stdout } = await run(
    commandPath('caddy')!,
    ['adapt', '--config', path.join(ROOT_DIR, file), '--adapter', 'caddyfile'],
    {
      env: { SITE_ADDRESS: 'example.com', HOME: os.tmpdir() },
    },
  )
  const config = JSON.parse(stdout) as { apps: { http: { servers: Record<string, unknown> } } }
  return [...JSON.stringify(config).matchAll(/"dial":"([^"]+)"/g)].map((m) => m[1]!)
}

describe('the Dockerfile', () => {
  it('copies only what exists in the build context, which leaves out node_modules, build and data', async () => {
    const ignored = (await read('.dockerignore'))
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
    expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'build', 'data', '.git']))
    const isIgnored = (entry: string) => ignored.includes(entry.split('/')[0]!)
    const context = (await readdir(ROOT_DIR)).filter((entry) => !isIgnored(entry))
    // What the build stage makes itself: dependencies (npm ci) and the build (npm run build).
    const built = ['node_modules', 'build']

    const dockerfile = await read('Dockerfile')
    const copies = [...dockerfile.matchAll(/^COPY\s+(--from=\S+\s+)?(.+)$/gm)]
    expect(copies.length).toBeGreaterThan(0)
    const runtime: string[] = []
    for (const [, from, rest] of copies) {
      const sources = rest!.trim().split(/\s+/).slice(0, -1)
      for (const source of sources) {
        if (from) {
          const relative = path.posix.relative('/app', source)
          expect([...context, ...built], `COPY ${from}${source}`).toContain(relative.split('/')[0])
          runtime.push(relative)
        } else if (source !== '.') {
          expect(context, `COPY ${source}`).toContain(source)
        }
      }
    }
    // The image holds everything the server reads at run time.
    for (const dir of [BUILD_DIR, MIGRATIONS_DIR, PUBLIC_DIR, path.join(ROOT_DIR, 'node_modules')])
      expect(runtime, dir).toContain(path.relative(ROOT_DIR, dir))
    expect(dockerfile).toMatch(/^VOLUME \["\/data"\]$/m)
    expect(dockerfile).toMatch(/^ENV .*DATA_DIR=\/data/m)
  })

  it('runs with production dependencies only: the built server imports no dev dependency', async () => {
    await ensureBuild()
    const { dependencies } = JSON.parse(await read('package.json')) as {
      dependencies: Record<string, string>
    }
    const entries = ['server/main.mjs', 'server/index.js'].map((f) => path.join(BUILD_DIR, f))
    for (const f of await readdir(path.join(BUILD_DIR, 'server/cli')))
      if (f.endsWith('.mjs')) entries.push(path.join(BUILD_DIR, 'server/cli', f))
    const imported = await importedPackages(entries)
    // Vite is loaded only by `npm run dev` (DEV_SERVER=true), never in the image.
    imported.delete('vite')
    // What the server's bundle leaves to node_modules (scripts/build-server.ts): native code,
    // PGlite, and what the web build imports too.
    expect([...imported]).toEqual(
      expect.arrayContaining(['@electric-sql/pglite', '@node-rs/argon2', 'react', 'zod']),
    )
    expect([...imported].filter((name) => !(name in dependencies))).toEqual([])
  }, 300_000)
})

describe('compose.single.yaml: one instance behind Caddy with HTTPS', () => {
  it('runs the app on a /data volume and Caddy on ports 80 and 443 with persistent certificates', async () => {
    const compose = await loadCompose('compose.single.yaml')
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'proxy'])
    const { app, proxy } = compose.services as Record<string, ComposeService>
    expect(app!.volumes).toContain('site-data:/data')
    expect(app!.environment?.PUBLIC_URL).toMatch(/^https:\/\/\$\{SITE_DOMAIN:\?/)
    expectKnownVariables(app!)
    expect(proxy!.ports).toEqual(expect.arrayContaining(['80:80', '443:443']))
    expect(proxy!.volumes).toEqual(
      expect.arrayContaining(['caddy-data:/data', 'caddy-config:/config']),
    )
    expectMountsExist(compose)
  })

  it.skipIf(!hasCommand('caddy'))('its Caddyfile proxies to the app service', async () => {
    expect(await caddyUpstreams('deploy/single.Caddyfile')).toEqual(['app:3000'])
  })
})

describe('compose.yaml: two instances on PostgreSQL and Redis behind Caddy', () => {
  it('keeps PostgreSQL, Redis, two app instances and Caddy on ports 80 and 443', async () => {
    const compose = await loadCompose('compose.yaml')
    expect(Object.keys(compose.services).sort()).toEqual([
      'app1',
      'app2',
      'postgres',
      'proxy',
      'redis',
    ])
    const { app1, app2, proxy } = compose.services as Record<string, ComposeService>
    // app2 is app1 through a YAML merge key: the same image and settings.
    expect(app2).toEqual(app1)
    expect(app1!.environment).toMatchObject({
      DATABASE_URL: expect.stringMatching(/^postgres:\/\/.*@postgres:5432\//),
      REDIS_URL: 'redis://redis:6379',
    })
    expectKnownVariables(app1!)
    expect(proxy!.ports).toEqual(expect.arrayContaining(['80:80', '443:443']))
    expect(proxy!.volumes).toEqual(
      expect.arrayContaining(['caddy-data:/data', 'caddy-config:/config']),
    )
    expect(compose.volumes).toHaveProperty('pgdata')
    expectMountsExist(compose)
  })

  it.skipIf(!hasCommand('caddy'))('its Caddyfile balances the two app services', async () => {
    expect(await caddyUpstreams('deploy/Caddyfile')).toEqual(['app1:3000', 'app2:3000'])
  })
})

describe('deploy/devfolio.service: systemd on a bare server', () => {
  it('starts the built server with DATA_DIR in its owner-only state directory', async () => {
    const unit = await read('deploy/devfolio.service')
    expect(unit).toMatch(/^ExecStart=\S*node .*build\/server\/main\.mjs$/m)
    expect(unit).toMatch(/^StateDirectory=devfolio$/m)
    expect(unit).toMatch(/^StateDirectoryMode=0700$/m)
    expect(unit).toMatch(/^Environment=DATA_DIR=\/var\/lib\/devfolio$/m)
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m)
  })

  it.skipIf(!hasCommand('systemd-analyze'))(
    'passes systemd-analyze verify without a warning',
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'site-unit-'))
      dirs.push(dir)
      const file = path.join(dir, 'devfolio.service')
      // The unit runs the Node.js the project installs in /srv/devfolio; here it is this checkout's.
      const unit = await read('deploy/devfolio.service')
      await writeFile(file, unit.replace('/srv/devfolio/node_modules/.bin/node', process.execPath))
      const { stderr } = await run('systemd-analyze', ['verify', file])
      expect(stderr.trim()).toBe('')
    },
  )
})
