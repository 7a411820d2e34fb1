/**
 * The client's room: a client asks for a sign-in link at /client, the link (single use, valid
 * CLIENT_SIGN_IN_TTL_MINUTES) opens a session kept by a cookie, and the room shows that client's
 * proposals, invoices, calls, projects, files and conversation with the owner. Every read takes
 * the client from the session, never from the request: nothing of another client is reachable.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { parseCookie, stringifySetCookie } from 'cookie'
import { ownContactEmail } from '#common/first-run-persona.ts'
import {
  CLIENT_SESSION_COOKIE,
  CLIENT_SESSION_IDLE_DAYS,
  CLIENT_SIGN_IN_LINK_INVALID,
  CLIENT_SIGN_IN_TTL_MINUTES,
  type ClientRoomMessageBody,
  type ClientSignInBody,
} from '#common/schemas/client-room.ts'
import type { ClientRow } from '#server/db/schema.ts'
import { createBackgroundWork } from '#server/lib/background-work.ts'
import { gone } from '#server/lib/http-errors.ts'
import type { ActionLimits } from '#server/lib/rate-limits.ts'
import type { BookingService } from '#server/modules/booking/booking.service.ts'
import type {
  ClientFilesService,
  StoreFileInput,
} from '#server/modules/client-files/client-files.service.ts'
import type { ClientsService } from '#server/modules/clients/clients.service.ts'
import type { InvoicesService } from '#server/modules/invoices/invoices.service.ts'
import type { MailService } from '#server/modules/mail/mail.service.ts'
import type { MessagesService } from '#server/modules/messages/messages.service.ts'
import type { ProjectsService } from '#server/modules/projects/projects.service.ts'
import type { ProposalsService } from '#server/modules/proposals/proposals.service.ts'
import type { SettingsService } from '#server/modules/settings/settings.service.ts'
import { clientSignInMail } from '../mail/templates/client-sign-in.ts'
import { mailBrandOf } from '../mail/templates/layout.ts'
import { dueByCurrency } from '#common/money.ts'
import type { ClientRoomRepository } from './client-room.repository.ts'

const TOKEN_BYTES = 32
const MINUTE_MS = 60_000
const DAY_MS = 24 * 60 * MINUTE_MS
const IDLE_MS = CLIENT_SESSION_IDLE_DAYS * DAY_MS
/** A session's last use is written at most this often: a room's reads do not each write a row. */
const TOUCH_EVERY_MS = 60 * MINUTE_MS
/** A token as newToken makes it: anything else is refused before the database is asked. */
const TOKEN_PATTERN = /^[\w-]{43}$/

const newToken = () => randomBytes(TOKEN_BYTES).toString('base64url')
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** A signed-in client, as the room's pages and file routes see them. */
export interface ClientRoomSession {
  client: ClientRow
  /** A Set-Cookie header that renews the cookie's 30 days, when the session's use was recorded. */
  renewal?: string
}

export function createClientRoomService(deps: {
  repo: ClientRoomRepository
  clients: Pick<ClientsService, 'find' | 'findByEmail'>
  proposals: Pick<ProposalsService, 'listSentTo'>
  invoices: Pick<InvoicesService, 'listIssuedTo'>
  booking: Pick<BookingService, 'upcomingFrom'>
  messages: Pick<MessagesService, 'createFromClientRoom' | 'conversationOf'>
  projects: Pick<ProjectsService, 'listForClient'>
  clientFiles: Pick<ClientFilesService, 'list' | 'store' | 'open'>
  settings: Pick<SettingsService, 'get'>
  mail: MailService
  limits: ActionLimits
  publicUrl: string
  now: () => Date
  log: FastifyBaseLogger
}) {
  const { repo, clients, settings, mail, limits, publicUrl, now, log } = deps
  const { run, settled } = createBackgroundWork()
  const isSecure = publicUrl.startsWith('https:')

  const cookieOf = (value: string, maxAgeSeconds: number) =>
    stringifySetCookie({
      name: CLIENT_SESSION_COOKIE,
      value,
      httpOnly: true,
      secure: isSecure,
      sameSite: 'lax',
      path: '/',
      maxAge: maxAgeSeconds,
    })
  const sessionCookie = (token: string) => cookieOf(token, IDLE_MS / 1000)

  /** The room's token in a Cookie header, if it holds one of the right shape. */
  function tokenIn(cookieHeader: string | null | undefined): string | undefined {
    if (!cookieHeader) return undefined
    const token = parseCookie(cookieHeader)[CLIENT_SESSION_COOKIE]
    return token && TOKEN_PATTERN.test(token) ? token : undefined
  }

  async function mailLink(client: ClientRow) {
    const token = newToken()
    const at = now()
    const site = await settings.get()
    const prepared = await mail.prepare({
      kind: 'client-sign-in',
      to: client.email,
      fromName: site.ownerName || site.businessName,
      replyTo: ownContactEmail(site),
      ...clientSignInMail({
        clientName: client.name,
        link: `${publicUrl}/client/signin/${token}`,
        validMinutes: CLIENT_SIGN_IN_TTL_MINUTES,
        ownerName: site.ownerName,
        businessName: site.businessName,
        brand: mailBrandOf(site, publicUrl),
      }),
    })
    const queued = await repo.transaction(async (tx) => {
      await repo.insertSignInToken(
        {
          clientId: client.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(at.getTime() + CLIENT_SIGN_IN_TTL_MINUTES * MINUTE_MS),
        },
        at,
        tx,
      )
      return mail.queueIn(tx, prepared)
    })
    await mail.attempt(queued)
  }

  return {
    /** Counts a request for a link, valid or not, against the client IP's allowance (429). */
    countSignInAttempt: (ip: string) => limits.take('clientSignInAttempts', ip),

    /**
     * Mails a sign-in link if `email` is a client's (at most ACTION_LIMITS.clientSignInMail an
     * hour). Answers the same, as fast, whether or not it is: the link is made and mailed after
     * the answer, so neither the words nor the time tell who is a client.
     */
    async requestSignIn({ email }: ClientSignInBody): Promise<void> {
      const send = async () => {
        const client = await clients.findByEmail(email)
        if (client && (await limits.allows('clientSignInMail', client.id))) await mailLink(client)
      }
      run(send(), log, 'could not mail a client room sign-in link')
    },

    /**
     * Spends a sign-in link and opens a session: the Set-Cookie header that keeps it. 410 for a
     * link that is unknown, used or expired.
     */
    async signIn(token: string): Promise<{ cookie: string }> {
      const session = newToken()
      const clientId = TOKEN_PATTERN.test(token)
        ? await repo.claimSignInToken(hashToken(token), { tokenHash: hashToken(session) }, now())
        : undefined
      if (!clientId) throw gone(CLIENT_SIGN_IN_LINK_INVALID)
      return { cookie: sessionCookie(session) }
    },

    /** The client whose room the request's cookie keeps open, or undefined. */
    async sessionOf(
      cookieHeader: string | null | undefined,
    ): Promise<ClientRoomSession | undefined> {
      const token = tokenIn(cookieHeader)
      if (!token) return undefined
      const at = now()
      const found = await repo.findSession(hashToken(token), new Date(at.getTime() - IDLE_MS))
      if (!found) return undefined
      const client = await clients.find(found.clientId).catch(() => undefined)
      if (!client) return undefined
      if (at.getTime() - found.lastSeenAt.getTime() < TOUCH_EVERY_MS) return { client }
      await repo.touchSession(found.id, at)
      return { client, renewal: sessionCookie(token) }
    },

    /** Ends the session of the request's cookie: the Set-Cookie header that clears it. */
    async signOut(cookieHeader: string | null | undefined): Promise<{ cookie: string }> {
      const token = tokenIn(cookieHeader)
      if (token) await repo.deleteSession(hashToken(token))
      return { cookie: cookieOf('', 0) }
    },

    /** The owner ends every session of a client (404 for an unknown client). */
    async endSessions(clientId: string): Promise<{ ended: number }> {
      await clients.find(clientId)
      return { ended: await repo.deleteSessionsOf(clientId) }
    },

    /** What the room shows, all of it the client's own. */
    async room(client: ClientRow) {
      const [proposals, invoices, calls, projects, files, conversation] = await Promise.all([
        deps.proposals.listSentTo(client.id),
        deps.invoices.listIssuedTo(client.id),
        deps.booking.upcomingFrom(client.email),
        deps.projects.listForClient(client.id),
        deps.clientFiles.list(client.id),
        deps.messages.conversationOf(client.email),
      ])
      // What is left to pay, per currency, in decimal: the room shows these figures as they are.
      const toPay = dueByCurrency(invoices)
      return { proposals, invoices, toPay, calls, projects, files, conversation }
    },

    /** A message the client writes from the room, into the owner's inbox. */
    writeMessage: (client: ClientRow, body: ClientRoomMessageBody) =>
      deps.messages.createFromClientRoom(client, body),

    /** A file the client sends from the room (413 past the size limit, nothing kept then). */
    uploadFile: (client: ClientRow, file: Omit<StoreFileInput, 'clientId' | 'from'>) =>
      deps.clientFiles.store({ ...file, clientId: client.id, from: 'client' }),

    /** One of the client's own files to download (404 for any other). */
    openFile: (client: ClientRow, fileId: string) => deps.clientFiles.open(client.id, fileId),

    /** Counts a message or file the client sends from the room against their allowance (429). */
    countPost: (client: ClientRow) => limits.take('clientRoomPosts', client.id),

    /** Drops sessions unused for 30 days and spent or expired links (a daily job). */
    purge: () => {
      const at = now()
      return repo.purge(new Date(at.getTime() - IDLE_MS), at)
    },
    purgeEvery: DAY_MS,

    /** Resolves once the sign-in mails in flight are done. */
    drainBackground: settled,
  }
}

export type ClientRoomService = ReturnType<typeof createClientRoomService>
