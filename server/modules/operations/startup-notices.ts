/**
 * What is wrong with how the site is configured, said once at start (one warning log line each)
 * and on the admin dashboard (GET /api/operations/status): settings that work on a laptop but lose
 * mail, data or security on a real server. Pure: the configuration in, the notices out.
 */
import os from 'node:os'
import path from 'node:path'
import type { Notice } from '#common/schemas/operations.ts'
import type { Config } from '#server/config.ts'

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0', '[::]'])

function isLocalHost(url: string): boolean {
  const { hostname } = new URL(url)
  return LOCAL_HOSTS.has(hostname) || hostname.endsWith('.localhost') || /^127\./.test(hostname)
}

/** Folders the system may empty at reboot or on its own schedule. */
function temporaryRoots(): string[] {
  return [...new Set(['/tmp', '/var/tmp', '/dev/shm', os.tmpdir()].map((dir) => path.resolve(dir)))]
}

function isUnder(dir: string, root: string): boolean {
  const relative = path.relative(root, dir)
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))
}

export function startupNotices(config: Config, tempRoots = temporaryRoots()): Notice[] {
  const notices: Notice[] = []
  // `npm run dev` runs on this machine without mail on purpose: only what is risky there too.
  const isProduction = !config.isDevServer
  if (isProduction && (!config.isPublicUrlSet || isLocalHost(config.publicUrl))) {
    notices.push({
      code: 'public-url',
      message:
        `PUBLIC_URL is ${config.isPublicUrlSet ? config.publicUrl : `unset (so ${config.publicUrl})`}: ` +
        'links in e-mails, canonical URLs and the sitemap point at this machine, not at the site. ' +
        'Set PUBLIC_URL to the address visitors use, e.g. https://www.example.com',
    })
  }
  if (isProduction && !config.mail.smtpUrl) {
    notices.push({
      code: 'smtp',
      message:
        `SMTP_URL is unset: password resets, contact notifications and replies are only written to ${config.mail.outboxDir}, ` +
        'nobody receives them. Set SMTP_URL to your mail server, e.g. smtp://user:pass@smtp.example.com:587',
    })
  }
  if (config.trustProxy === true) {
    notices.push({
      code: 'trust-proxy',
      message:
        "TRUST_PROXY=true believes any client's X-Forwarded-For, so a client picks the address rate " +
        'limits count by: set TRUST_PROXY to the proxy\'s addresses instead (e.g. "loopback")',
    })
  }
  if (config.database.kind === 'pglite') {
    const dir = path.resolve(config.database.dir)
    if (tempRoots.some((root) => isUnder(dir, root))) {
      notices.push({
        code: 'temporary-data-dir',
        message:
          `The embedded database is in ${dir}, a temporary folder the system may empty (at reboot, or ` +
          'when the container is replaced): every account, portfolio entry and message would be lost. ' +
          'Set DATA_DIR to a persistent folder or volume, e.g. /var/lib/devfolio or /data',
      })
    }
  }
  return notices
}
