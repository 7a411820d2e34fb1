/**
 * The application's services, built once from the configuration and the database: the one place
 * that wires repositories, mail and tokens into the services that routes, server-rendered pages
 * (through the load context) and command-line tools call.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from './config.ts'
import { iconPath } from '#common/brand-icons.ts'
import { ownContactEmail } from '#common/first-run-persona.ts'
import type { Database } from './db/client.ts'
import { loadOrCreateSessionSecret } from './db/settings.ts'
import {
  createActionLimits,
  createRateLimitCounters,
  type RateLimitCounters,
} from './lib/rate-limits.ts'
import { createContentChanges } from './lib/content-changes.ts'
import { fetchText, outboundUserAgent, type OutboundOptions } from './lib/outbound-fetch.ts'
import { createSecretBox } from './lib/secret-box.ts'
import { createTokenService } from './lib/tokens.ts'
import { createBookingRepository } from './modules/booking/booking.repository.ts'
import { createBookingService, type BookingService } from './modules/booking/booking.service.ts'
import { createDashboardRepository } from './modules/dashboard/dashboard.repository.ts'
import { createDashboardService } from './modules/dashboard/dashboard.service.ts'
import { BUSY_CALENDAR_MAX_BYTES } from './modules/booking/busy-calendar-reader.ts'
import { createMailService } from './modules/mail/mail.service.ts'
import { createOutboxRepository } from './modules/mail/outbox.repository.ts'
import { mailBrandOf } from './modules/mail/templates/layout.ts'
import {
  createOutboxTransport,
  createSmtpTransport,
  type MailTransport,
} from './modules/mail/mail.transports.ts'
import { createContactTokens } from './modules/messages/contact-token.ts'
import { createMessagesRepository } from './modules/messages/messages.repository.ts'
import { createMessagesService } from './modules/messages/messages.service.ts'
import { createBackupsService } from './modules/operations/backups.service.ts'
import { createSessionSecretService } from './modules/operations/session-secret.service.ts'
import { startupNotices } from './modules/operations/startup-notices.ts'
import { createLinkChecksRepository } from './modules/link-checks/link-checks.repository.ts'
import { createLinkChecksService } from './modules/link-checks/link-checks.service.ts'
import { probeLink } from './modules/link-checks/probe.ts'
import { createNewsletterRepository } from './modules/newsletter/newsletter.repository.ts'
import { createNewsletterService } from './modules/newsletter/newsletter.service.ts'
import { createSubscribersRepository } from './modules/subscribers/subscribers.repository.ts'
import { createSubscribersService } from './modules/subscribers/subscribers.service.ts'
import { createFaqRepository } from './modules/faq/faq.repository.ts'
import { createFaqService } from './modules/faq/faq.service.ts'
import { createSettingsRepository } from './modules/settings/settings.repository.ts'
import { createSettingsService } from './modules/settings/settings.service.ts'
import { createSetupService } from './modules/setup/setup.service.ts'
import { createBrandService } from './modules/brand/brand.service.ts'
import { createClientsRepository } from './modules/clients/clients.repository.ts'
import { createClientsService } from './modules/clients/clients.service.ts'
import { createClientRoomRepository } from './modules/client-room/client-room.repository.ts'
import { createClientRoomService } from './modules/client-room/client-room.service.ts'
import { createClientFilesRepository } from './modules/client-files/client-files.repository.ts'
import { createClientFilesService } from './modules/client-files/client-files.service.ts'
import { createProjectsRepository } from './modules/projects/projects.repository.ts'
import { createProjectsService } from './modules/projects/projects.service.ts'
import { createProposalsRepository } from './modules/proposals/proposals.repository.ts'
import {
  createProposalsService,
  type ProposalsService,
} from './modules/proposals/proposals.service.ts'
import { createInvoicesRepository } from './modules/invoices/invoices.repository.ts'
import { createInvoicesService } from './modules/invoices/invoices.service.ts'
import { createCardPayments } from './modules/invoices/stripe.ts'
import { createStatsRepository } from './modules/stats/stats.repository.ts'
import { createStatsService } from './modules/stats/stats.service.ts'
import { createPagesRepository } from './modules/pages/pages.repository.ts'
import { createPagesService } from './modules/pages/pages.service.ts'
import { createJournalRepository } from './modules/journal/journal.repository.ts'
import { createJournalService } from './modules/journal/journal.service.ts'
import { createTestimonialsRepository } from './modules/testimonials/testimonials.repository.ts'
import { createTestimonialsService } from './modules/testimonials/testimonials.service.ts'
import { createUploadsRepository } from './modules/uploads/uploads.repository.ts'
import { createUploadsService } from './modules/uploads/uploads.service.ts'
import { createAccountSecurityRepository } from './modules/account-security/account-security.repository.ts'
import { createAccountSecurityService } from './modules/account-security/account-security.service.ts'
import { createUsersRepository } from './modules/users/users.repository.ts'
import { createUsersService } from './modules/users/users.service.ts'
import { createWebsitesRepository } from './modules/websites/websites.repository.ts'
import { createWebsitesService } from './modules/websites/websites.service.ts'

export interface ServicesDeps {
  config: Config
  database: Database
  log: FastifyBaseLogger
  /** Replaces the SMTP/outbox transport (tests use it to simulate failures). */
  mailTransport?: MailTransport
  now?: () => Date
  /** The rate-limit counters the app shares with its routes; tools count in memory. */
  rateLimitCounters?: RateLimitCounters
  /** Link-check options tests change: a shorter timeout, their self-signed certificate. */
  linkChecks?: Pick<OutboundOptions, 'timeoutMs' | 'ca'>
}

export type Services = Awaited<ReturnType<typeof createServices>>

/** The logo's icon an invoice's PDF shows: sharp at the header's size, a few kilobytes. */
const INVOICE_LOGO_SIZE = 192

export async function createServices(deps: ServicesDeps) {
  const { config, database, log } = deps
  const { db } = database
  const now = deps.now ?? (() => new Date())
  const secret = config.sessionSecret ?? (await loadOrCreateSessionSecret(db))
  const contentChanges = createContentChanges({ now, database })
  const tokens = createTokenService(secret, now)
  const secrets = createSecretBox(secret)
  const contactTokens = createContactTokens({ secret, now, minFillMs: config.contactMinFillMs })
  const sessionSecret = createSessionSecretService({
    database,
    secret,
    isFromEnvironment: config.sessionSecret !== undefined,
    postgresUrl: config.database.kind === 'postgres' ? config.database.url : undefined,
    onReplaced: (next) => {
      tokens.replaceSecret(next)
      contactTokens.replaceSecret(next)
      secrets.replaceSecret(next)
      // A new secret comes with a restore, which replaces the content too: read it again.
      contentChanges.heard()
    },
    log,
  })
  const transport =
    deps.mailTransport ??
    (config.mail.smtpUrl
      ? createSmtpTransport(config.mail.smtpUrl)
      : createOutboxTransport(config.mail.outboxDir, log))
  const contentChanged = () => contentChanges.changed()
  const keep = contentChanges.keep
  // Built below, once the messages it puts booked calls into exist; settings call it after a save.
  const late: { booking?: BookingService } = {}
  const settings = createSettingsService({
    repo: createSettingsRepository(db),
    log,
    contentChanged,
    keep,
    onSaved: async (next, previous) => late.booking?.settingsSaved(next.booking, previous.booking),
  })
  const siteNames = async () => {
    const { ownerName, businessName } = await settings.get()
    return { ownerName, businessName }
  }
  /** The owner's look as every mail shows it. */
  const mailBrand = async () => mailBrandOf(await settings.get(), config.publicUrl)
  const mail = createMailService({
    transport,
    from: config.mail.from,
    senderName: async () => {
      const { businessName, ownerName } = await siteNames()
      return businessName || ownerName
    },
    repo: createOutboxRepository(db),
    retryBaseMs: config.mail.retryIntervalMs,
    bulkPerSecond: config.mail.newsletterPerSecond,
    now,
    log,
  })
  const uploads = createUploadsService({ repo: createUploadsRepository(db), now })
  const limits = createActionLimits(
    deps.rateLimitCounters ?? (await createRateLimitCounters({ now, log })),
    config.rateLimitScale,
  )
  const security = createAccountSecurityService({
    repo: createAccountSecurityRepository(db),
    tokens,
    secrets,
    mail,
    brand: mailBrand,
    publicUrl: config.publicUrl,
    siteName: new URL(config.publicUrl).host,
    now,
    log,
  })
  const users = createUsersService({
    repo: createUsersRepository(db),
    security,
    mail,
    brand: mailBrand,
    publicUrl: config.publicUrl,
    now,
    log,
  })
  /**
   * Where mail for the owner goes (notifications, alerts, the digest, booking copies): the
   * settings' address once the owner set their own (the first-run one is the sample owner's),
   * else OWNER_EMAIL, else the first admin's.
   */
  const ownerEmail = async () =>
    ownContactEmail(await settings.get()) ??
    config.mail.ownerEmail ??
    (await users.firstAdminEmail())
  const stats = createStatsService({
    repo: createStatsRepository(db),
    siteHost: new URL(config.publicUrl).host,
    now,
    log,
    mail,
    isDigestOn: async () => (await settings.get()).weeklyDigest,
    ownerEmail,
    messagesPerWeek: () => messages.trend(),
    dashboardUrl: `${config.publicUrl}/admin/dashboard`,
    brand: mailBrand,
  })
  const messages = createMessagesService({
    repo: createMessagesRepository(db),
    mail,
    ownerEmail,
    siteSettings: () => settings.get(),
    messageIdDomain: new URL(config.publicUrl).hostname,
    canMailSenders: deps.mailTransport !== undefined || config.mail.smtpUrl !== undefined,
    adminUrl: `${config.publicUrl}/admin/messages`,
    publicUrl: config.publicUrl,
    contactTokens,
    limits,
    retryIntervalMs: config.mail.retryIntervalMs,
    recordVisit: (sender) => stats.recordMessage(sender),
    now,
    log,
  })
  const booking = createBookingService({
    repo: createBookingRepository(db),
    settings,
    messages,
    mail,
    ownerEmail,
    publicUrl: config.publicUrl,
    limits,
    fetchCalendar: (url, signal) =>
      fetchText(url, {
        signal,
        userAgent: outboundUserAgent(config.publicUrl),
        allowPrivate: config.linkChecks.isPrivateAllowed,
        accept: 'text/calendar, */*;q=0.5',
        maxBytes: BUSY_CALENDAR_MAX_BYTES,
        timeoutMs: deps.linkChecks?.timeoutMs,
        ca: deps.linkChecks?.ca,
      }),
    now,
    log,
  })
  late.booking = booking
  const linkChecks = createLinkChecksService({
    repo: createLinkChecksRepository(db),
    mail,
    ownerEmail,
    adminUrl: `${config.publicUrl}/admin/websites`,
    brand: mailBrand,
    intervalMs: config.linkChecks.intervalMs,
    probe: (link, keyword, signal) =>
      probeLink(link, {
        keyword,
        signal,
        userAgent: outboundUserAgent(config.publicUrl),
        allowPrivate: config.linkChecks.isPrivateAllowed,
        now,
        timeoutMs: deps.linkChecks?.timeoutMs,
        ca: deps.linkChecks?.ca,
      }),
    isPublicHealthShown: async () => (await settings.get()).showLinkHealth,
    now,
    log,
  })
  const journal = createJournalService({
    repo: createJournalRepository(db),
    now,
    contentChanged,
    scheduleChange: (at) => contentChanges.scheduleChange(at),
    keep,
  })
  const clients = createClientsService({
    repo: createClientsRepository(db),
    inquiryExists: messages.exists,
    now,
  })
  const brand = createBrandService({ settings, uploads })
  /** The owner's logo as the PNG its icons are (drawn once per logo), for the invoices' PDF. */
  const logoPng = async () => {
    const { logo } = await settings.get()
    return logo ? brand.icon(iconPath(logo, INVOICE_LOGO_SIZE).slice('/brand/'.length)) : undefined
  }
  // Built below: the invoices read proposals, and a signed proposal issues its deposit invoice.
  const lateProposals: { service?: ProposalsService } = {}
  const invoices = createInvoicesService({
    repo: createInvoicesRepository(db),
    clients,
    proposals: { get: (id) => lateProposals.service!.get(id) },
    settings,
    mail,
    // pdfkit and the documents' writers load with the first invoice drawn, not at start.
    drawPdf: async (document) => {
      const [{ invoicePdf }, logo] = await Promise.all([
        import('./modules/invoices/documents/invoice-pdf.ts'),
        logoPng(),
      ])
      return invoicePdf(document, { logo })
    },
    writeUbl: async (document) =>
      (await import('./modules/invoices/documents/ubl.ts')).invoiceUbl(document),
    drawEpcQr: async (document, amount) =>
      (await import('./modules/invoices/documents/epc-qr.ts')).epcQrSvg(document, amount),
    cardPayments: config.stripe ? createCardPayments(config.stripe) : undefined,
    publicUrl: config.publicUrl,
    limits,
    now,
    log,
  })
  const proposals = createProposalsService({
    repo: createProposalsRepository(db),
    clients,
    settings,
    messages,
    mail,
    ownerEmail,
    deposits: invoices,
    // pdfkit and the fonts load with the first signed agreement, not at start.
    drawAgreement: async (...args) =>
      (await import('./modules/proposals/agreement-pdf.ts')).agreementPdf(...args),
    publicUrl: config.publicUrl,
    limits,
    now,
  })
  lateProposals.service = proposals
  const projects = createProjectsService({ repo: createProjectsRepository(db), linkChecks, now })
  const clientFiles = createClientFilesService({
    repo: createClientFilesRepository(db),
    incomingDir: config.clientFilesIncomingDir,
    now,
  })
  const clientRoom = createClientRoomService({
    repo: createClientRoomRepository(db),
    clients,
    proposals,
    invoices,
    booking,
    messages,
    projects,
    clientFiles,
    settings,
    mail,
    limits,
    publicUrl: config.publicUrl,
    now,
    log,
  })
  const services = {
    tokens,
    sessionSecret,
    transport,
    mail,
    users,
    security,
    messages,
    websites: createWebsitesService({
      repo: createWebsitesRepository(db),
      contentChanged,
      keep,
      healthOf: linkChecks.healthOf,
    }),
    linkChecks,
    booking,
    uploads,
    dashboard: createDashboardService({ repo: createDashboardRepository(db), invoices }),
    notices: startupNotices(config),
    backups: createBackupsService({ database, ...config.backups, now, log }),
    settings,
    stats,
    // The FAQ and the page texts fill their {location} as pages show it: not the first-run one
    // once the owner has renamed the site (common/first-run-persona.ts).
    faq: createFaqService({
      repo: createFaqRepository(db),
      contentChanged,
      keep,
      siteNames: settings.getShown,
    }),
    pages: createPagesService({
      repo: createPagesRepository(db),
      contentChanged,
      keep,
      siteNames: settings.getShown,
    }),
    journal,
    subscribers: createSubscribersService({
      repo: createSubscribersRepository(db),
      mail,
      publicUrl: config.publicUrl,
      sender: siteNames,
      brand: mailBrand,
      limits,
      now,
      log,
    }),
    newsletter: createNewsletterService({
      repo: createNewsletterRepository(db),
      journal,
      mail,
      publicUrl: config.publicUrl,
      brand: mailBrand,
      now,
    }),
    testimonials: createTestimonialsService({
      repo: createTestimonialsRepository(db),
      mail,
      publicUrl: config.publicUrl,
      sender: siteNames,
      brand: mailBrand,
      ownerEmail,
      adminUrl: `${config.publicUrl}/admin/testimonials`,
      uploads,
      log,
      limits,
      now,
      contentChanged,
      keep,
    }),
    contentChanges,
    clients,
    proposals,
    invoices,
    projects,
    clientFiles,
    clientRoom,
  }
  return {
    ...services,
    setup: createSetupService(services),
    brand,
    /** The server's clock: what "now" is for every service, and for the pages' loaders. */
    now,
  }
}
