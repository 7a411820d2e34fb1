/**
 * What the account-security module writes down and tells: the security log (kept bounded) and the
 * notice mails sent after answering.
 */
import { createBackgroundWork } from '#server/lib/background-work.ts'
import type { FastifyBaseLogger } from 'fastify'
import { SECURITY_LOG_PER_KIND, SECURITY_LOG_RETENTION_DAYS } from '#common/constants.ts'
import type { SecurityLog } from '#common/schemas/account-security.ts'
import type { UserRow, UserSessionRow } from '#server/db/schema.ts'
import type { MailService } from '../mail/mail.service.ts'
import type { MailBrand } from '../mail/templates/layout.ts'
import { securityNoticeMail, type SecurityNoticeKind } from '../mail/templates/security-notice.ts'
import type { AccountSecurityRepository } from './account-security.repository.ts'

const DAY_MS = 24 * 60 * 60 * 1000
/**
 * Failed sign-ins are the one kind of event anyone can cause: the log keeps this many of the newest
 * (each other kind is bounded by what the accounts themselves do).
 */
const FAILED_SIGN_INS_KEPT = 1000

/** The kinds of entry the security log holds. */
export type SecurityEventType =
  | 'sign-in'
  | 'sign-in-failed'
  | 'two-factor-on'
  | 'two-factor-off'
  | 'recovery-code-used'
  | 'recovery-codes-regenerated'
  | 'passkey-added'
  | 'passkey-removed'
  | 'session-ended'
  | 'signed-out-everywhere'
  | 'two-factor-locked'

/** What a request tells about where it comes from. */
export interface RequestOrigin {
  userAgent?: string
  /** An approximate place, from a trusted proxy's header; null when none. */
  place: string | null
}

/** The notices every account gets; the others go to admins only. */
const NOTICES_FOR_EVERY_ACCOUNT: ReadonlySet<SecurityNoticeKind> = new Set([
  'two-factor-on',
  'two-factor-locked',
])

export function createSecurityEvents({
  repo,
  mail,
  brand,
  publicUrl,
  now,
  log,
}: {
  repo: AccountSecurityRepository
  mail: MailService
  brand: () => Promise<MailBrand>
  publicUrl: string
  now: () => Date
  log: FastifyBaseLogger
}) {
  const profileUrl = `${publicUrl}/profile`
  const background = createBackgroundWork()
  const inBackground = (work: Promise<unknown>, failure: string) =>
    background.run(work, log, failure)

  async function record(
    user: Pick<UserRow, 'id' | 'email'> | null,
    email: string,
    type: SecurityEventType,
    device: string,
  ) {
    const at = now()
    await repo.insertEvent({ userId: user?.id ?? null, email, type, device, at })
    await repo.pruneEvents(
      new Date(at.getTime() - SECURITY_LOG_RETENTION_DAYS * DAY_MS),
      'sign-in-failed',
      FAILED_SIGN_INS_KEPT,
    )
  }

  /** Mails the account about a change to its security (after answering); most kinds admins only. */
  function notify(user: UserRow, kind: SecurityNoticeKind, device: string) {
    if (!user.isAdmin && !NOTICES_FOR_EVERY_ACCOUNT.has(kind)) return
    const send = async () =>
      mail.send({
        kind: `security-${kind}`,
        to: user.email,
        ...securityNoticeMail({ kind, name: user.name, device, profileUrl, brand: await brand() }),
      })
    inBackground(send(), `security notice (${kind}) not sent`)
  }

  return {
    record,
    notify,

    async securityLog(): Promise<SecurityLog> {
      const rows = await repo.listEvents(SECURITY_LOG_PER_KIND)
      return {
        events: rows.map((row) => ({
          _id: row.id,
          type: row.type,
          email: row.email,
          device: row.device,
          createdAt: row.createdAt.toISOString(),
        })),
      }
    },

    /** Resolves when the notices started after answering have been handed to the mail service. */
    drainBackground: background.settled,
  }
}

type SecurityEvents = ReturnType<typeof createSecurityEvents>

/** What each part of the account's security (two-factor sign-in, passkeys) is built with. */
export interface SecurityPartDeps {
  repo: AccountSecurityRepository
  siteName: string
  now: () => Date
  log: FastifyBaseLogger
  events: Pick<SecurityEvents, 'record' | 'notify'>
  requireRecentVerification: (session: UserSessionRow) => void
}
