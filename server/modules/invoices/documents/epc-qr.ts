/**
 * The EPC QR code of an EUR invoice (the European Payments Council's "Quick Response Code:
 * Guidelines to Enable Data Capture for the Initiation of a SEPA Credit Transfer", EPC069-12,
 * version 002): a banking app that scans it fills in a SEPA transfer of the amount to the owner's
 * IBAN, with the invoice number as the reference. The client's page shows it as SVG, the PDF draws
 * its modules. qrcode loads with the first code drawn.
 */
import Big from 'big.js'
import type { InvoiceDocument } from '../invoice-document.ts'

/** The guideline's limits: the beneficiary's name and the unstructured remittance. */
const NAME_MAX = 70
const REMITTANCE_MAX = 140
const AMOUNT_MAX = '999999999.99'

/** Whether `d` can carry a code: euros, to an IBAN, and something to pay. */
export const hasEpcQr = (d: InvoiceDocument, amount: string) =>
  d.currency === 'EUR' &&
  d.payment.iban !== '' &&
  new Big(amount).gt(0) &&
  new Big(amount).lte(AMOUNT_MAX)

/**
 * The code's text: service tag, version, character set (1, UTF-8), identification (SEPA credit
 * transfer), BIC, name, IBAN, amount, purpose (none), structured reference (none), then the
 * invoice number as the unstructured remittance; one element a line, nothing after the last.
 */
export function epcPayload(d: InvoiceDocument, amount: string): string {
  if (!hasEpcQr(d, amount)) throw new Error('An EPC QR code pays a positive amount in euros')
  return [
    'BCD',
    '002',
    '1',
    'SCT',
    d.payment.bic,
    [...d.seller.name].slice(0, NAME_MAX).join(''),
    d.payment.iban,
    `EUR${new Big(amount).toFixed(2)}`,
    '',
    '',
    [...d.payment.reference].slice(0, REMITTANCE_MAX).join(''),
  ].join('\n')
}

// The guideline asks for error correction level M.
const QR_OPTIONS = { errorCorrectionLevel: 'M' as const }

/** The code as SVG (with a quiet zone two modules wide), for the client's page. */
export async function epcQrSvg(d: InvoiceDocument, amount: string): Promise<string> {
  const { default: QRCode } = await import('qrcode')
  return QRCode.toString(epcPayload(d, amount), { ...QR_OPTIONS, type: 'svg', margin: 2 })
}

/** The code's modules, for a PDF to draw: `size` a side, `isDark(row, column)`. */
export async function epcQrModules(d: InvoiceDocument, amount: string) {
  const { default: QRCode } = await import('qrcode')
  const { modules } = QRCode.create(epcPayload(d, amount), QR_OPTIONS)
  return {
    size: modules.size,
    isDark: (row: number, column: number) => Boolean(modules.get(row, column)),
  }
}
