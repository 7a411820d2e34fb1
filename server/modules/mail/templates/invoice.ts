/**
 * The mails of an invoice: the invoice (or credit note, or a signed proposal's deposit invoice) to
 * the client with its PDF and link, and the reminder of an overdue one.
 */
import { DateTime } from 'luxon'
import { escapeMarkup } from '#common/escape-markup.ts'
import { formatMoney } from '#common/money.ts'
import { mailButton, mailLayout, paragraphs, type MailBrand } from './layout.ts'

/** "31 December 2026" for "2026-12-31". */
const longDate = (day: string) =>
  DateTime.fromISO(day, { zone: 'UTC' }).setLocale('en-GB').toFormat('d LLLL yyyy')

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

const oneLine = (subject: string) => subject.replace(/[\r\n]+/g, ' ')

const signOff = (f: InvoiceFacts) => `${f.ownerName}\n${f.businessName}`
const signOffHtml = (f: InvoiceFacts) =>
  `<p>${escapeMarkup(f.ownerName)}<br>${escapeMarkup(f.businessName)}</p>`

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
  const subject = oneLine(`${noun} ${f.number} from ${f.businessName || f.ownerName}`)
  const lead = sentLead(f)
  const text = `Hello ${f.clientName},

${lead}

${f.link}

${signOff(f)}`
  const html = mailLayout(
    subject,
    `<p>Hello ${escapeMarkup(f.clientName)},</p>
${paragraphs(lead)}
${mailButton(f.link, f.kind === 'credit' ? 'Open the credit note' : 'Open the invoice', f.brand)}
<p style="font-size:14px;color:#64748b">Or copy this address into your browser: ${escapeMarkup(f.link)}</p>
${signOffHtml(f)}`,
    { brand: f.brand, preheader: `${noun} ${f.number}: ${formatMoney(f.total, f.currency)}` },
  )
  return { subject, text, html }
}

/** To the client: an invoice is overdue, with what is left to pay and the link. */
export function invoiceReminderMail(f: InvoiceFacts) {
  const subject = oneLine(`Reminder: invoice ${f.number} is overdue`)
  const lead = `Invoice ${f.number} was due on ${longDate(f.dueDate)}, and ${formatMoney(f.balance, f.currency)} of it is still open. If you have paid it already, thank you, and please ignore this mail; otherwise its page has the bank details and the PDF.`
  const text = `Hello ${f.clientName},

${lead}

${f.link}

${signOff(f)}`
  const html = mailLayout(
    subject,
    `<p>Hello ${escapeMarkup(f.clientName)},</p>
${paragraphs(lead)}
${mailButton(f.link, 'Open the invoice', f.brand)}
<p style="font-size:14px;color:#64748b">Or copy this address into your browser: ${escapeMarkup(f.link)}</p>
${signOffHtml(f)}`,
    {
      brand: f.brand,
      preheader: `${formatMoney(f.balance, f.currency)} open since ${longDate(f.dueDate)}`,
    },
  )
  return { subject, text, html }
}
