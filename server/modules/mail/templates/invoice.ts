/**
 * The mails of an invoice: the invoice (or credit note, or a signed proposal's deposit invoice) to
 * the client with its PDF and link, and the reminder of an overdue one.
 */
import { formatMoney } from '#common/money.ts'
import { clientLinkMail, mailLongDate as longDate, type MailBrand } from './layout.ts'

interface InvoiceFacts {
  kind: 'invoice' | 'deposit' | 'credit'
  number: string
  clientName: string
  total: string
  /** What is left to pay. */
  balance: string
  currency: string
  dueDate: string
  /** The proposal a deposit invoice comes from. */
  proposalTitle: string
  ownerName: string
  businessName: string
  link: string
  brand: MailBrand
}

function sentLead(f: InvoiceFacts): string {
  const amount = formatMoney(f.total, f.currency)
  if (f.kind === 'credit')
    return `Attached is credit note ${f.number} for ${amount}. It corrects an earlier invoice; you can also read it on its page.`
  const due = `${formatMoney(f.balance, f.currency)} by ${longDate(f.dueDate)}`
  if (f.kind === 'deposit')
    return `Thank you for accepting "${f.proposalTitle}". Attached is invoice ${f.number} for the deposit, ${amount}: please pay ${due}. Its page has the bank details and the PDF.`
  return `Attached is invoice ${f.number} for ${amount}: please pay ${due}. Its page has the bank details and the PDF.`
}

/** To the client: the invoice, its PDF attached, with the link to its page. */
export function invoiceSentMail(f: InvoiceFacts) {
  const noun = f.kind === 'credit' ? 'Credit note' : 'Invoice'
  return clientLinkMail({
    ...f,
    subject: `${noun} ${f.number} from ${f.businessName || f.ownerName}`,
    lead: sentLead(f),
    button: f.kind === 'credit' ? 'Open the credit note' : 'Open the invoice',
    preheader: `${noun} ${f.number}: ${formatMoney(f.total, f.currency)}`,
    isRoomShown: true,
  })
}

/** To the client: an invoice is overdue, with what is left to pay and the link. */
export function invoiceReminderMail(f: InvoiceFacts) {
  return clientLinkMail({
    ...f,
    subject: `Reminder: invoice ${f.number} is overdue`,
    lead: `Invoice ${f.number} was due on ${longDate(f.dueDate)}, and ${formatMoney(f.balance, f.currency)} of it is still open. If you have paid it already, thank you, and please ignore this mail; otherwise its page has the bank details and the PDF.`,
    button: 'Open the invoice',
    preheader: `${formatMoney(f.balance, f.currency)} open since ${longDate(f.dueDate)}`,
    isRoomShown: true,
  })
}
