import type { BadgeItem } from '#app/components/ui/badges.tsx'
import type { InvoiceStatus } from '#common/schemas/invoices.ts'

/** An invoice's status as the owner's list and the client's page name it. */
export const INVOICE_STATUS: Record<InvoiceStatus, BadgeItem> = {
  draft: { label: 'Draft', tone: 'neutral' },
  issued: { label: 'Open', tone: 'waiting' },
  partially_paid: { label: 'Partly paid', tone: 'waiting' },
  paid: { label: 'Paid', tone: 'live' },
  overdue: { label: 'Overdue', tone: 'late' },
  credited: { label: 'Credited', tone: 'neutral' },
}
