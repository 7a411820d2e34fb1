/**
 * Stand-in until the EPC069-12 QR code (the bank-transfer code for EUR invoices) replaces this
 * file: no code yet, with the same signature.
 */
import type { InvoiceDocument } from '../invoice-document.ts'

/** The EPC QR code of an invoice as inline SVG, or '' when it has none. */
export function epcQrSvg(document: InvoiceDocument): string {
  void document
  return ''
}
