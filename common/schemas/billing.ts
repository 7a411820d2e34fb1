/**
 * The owner's billing details, one field (`billing`) of the site settings: who issues proposals
 * and invoices, where the client pays, and the defaults a new document starts from. Shared pieces
 * for money fields (amounts, quantities, rates, countries, currencies) live here too, since the
 * clients, proposals and invoices schemas build on them.
 */
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools'
import { z } from 'zod'
import { TEXT_LIMITS } from '../constants.ts'
import { decimalPlaces, isDecimal } from '../money.ts'
import { peppolIdProblem } from '../peppol.ts'
import { requiredText, text } from './common.ts'

const ADDRESS_MAX = 500
const VAT_ID_MAX = 20
const INVOICE_PREFIX_MAX = 12
const PAYMENT_TERMS_MAX_DAYS = 365
const REMINDER_DAYS_MAX = 5
const ITEM_DESCRIPTION_MAX = 500
const PHONE_MAX = 40
const PEPPOL_ID_MAX = 60
const VAT_EXEMPTION_MAX = 300

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' })

/** The English name of an ISO 3166-1 alpha-2 code ("DE" is Germany), or undefined for none. */
export const countryName = (code: string): string | undefined =>
  /^[A-Z]{2}$/.test(code) ? regionNames.of(code) : undefined

/** An ISO 3166-1 alpha-2 country code, or '' for none; `label` names it in the message. */
export const countrySchema = (label: string) =>
  text(label, 2)
    .toUpperCase()
    .refine((value) => value === '' || countryName(value) !== undefined, {
      error: `${label} must be a two-letter country code such as DE or FR`,
    })

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'))

export const CurrencySchema = text('Currency', 3)
  .toUpperCase()
  .refine((value) => CURRENCIES.has(value), {
    error: 'Currency must be a three-letter currency code such as EUR or USD',
  })

/** A VAT identification number: the country prefix and 2 to 13 letters or digits, or ''. */
export const vatIdSchema = (label: string) =>
  text(label, VAT_ID_MAX)
    .overwrite((value) => value.replace(/[\s.-]/g, '').toUpperCase())
    .refine((value) => value === '' || /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(value), {
      error: `${label} must start with its country code, such as DE123456789`,
    })

/**
 * A Peppol participant ID ("0088:5798000000001"), or '': a scheme of Peppol's EAS code list and an
 * identifier under it, checked as Peppol's rules check it (common/peppol.ts).
 */
export const peppolIdSchema = (label: string) =>
  text(label, PEPPOL_ID_MAX)
    .overwrite((value) => value.replace(/\s+/g, ''))
    .refine((value) => value === '' || peppolIdProblem(value) === undefined, {
      error: (issue) => `${label} ${peppolIdProblem(String(issue.input))}`,
    })

/**
 * A decimal number as text or a number (`label` names it): at most `places` decimals, between
 * `min` and `max`. It reaches the server's arithmetic as text, never as a float's rounding.
 */
export const decimalSchema = (
  label: string,
  { places, min, max }: { places: number; min: number; max: number },
) =>
  z
    .union([z.string(), z.number()], { error: `${label} must be a number` })
    .transform((value) => (typeof value === 'string' ? value.trim() : value))
    .refine((value) => value !== '' && isDecimal(value), {
      error: `${label} must be a number such as 12.50`,
      abort: true,
    })
    .refine((value) => decimalPlaces(value) <= places, {
      error: `${label} must have at most ${places} decimal places`,
      abort: true,
    })
    .refine((value) => Number(value) >= min && Number(value) <= max, {
      error: `${label} must be between ${min} and ${max}`,
    })
    .transform((value) => String(value))

/** A VAT rate in percent, from 0 to 100, with at most two decimals. */
const taxRateSchema = (label: string) => decimalSchema(label, { places: 2, min: 0, max: 100 })

const IbanSchema = text('IBAN', 42)
  .overwrite((value) => electronicFormatIBAN(value) ?? '')
  .refine((value) => value === '' || isValidIBAN(value), {
    error: 'IBAN is not valid: its check digits do not match',
  })

const BicSchema = text('BIC', 11)
  .overwrite((value) => value.replace(/\s/g, '').toUpperCase())
  .refine((value) => value === '' || isValidBIC(value), {
    error: 'BIC must be 8 or 11 letters and digits, such as COBADEFFXXX',
  })

/** A telephone number as people write it: digits with spaces, +, -, / and brackets, or ''. */
const BillingPhoneSchema = text('Phone', PHONE_MAX)
  .refine((value) => value === '' || (/^\+?[\d\s()/.-]+$/.test(value) && /\d/.test(value)), {
    error: 'Phone must be a telephone number such as +49 40 1234567',
  })
  // Saved billing details from before the field read as none.
  .default('')

const BillingEmailSchema = text('Billing e-mail', TEXT_LIMITS.email)
  .toLowerCase()
  .refine((value) => value === '' || z.email().safeParse(value).success, {
    error: 'Billing e-mail is not a valid e-mail address',
  })

export const BillingSettingsSchema = z.object(
  {
    legalName: text('Legal name', TEXT_LIMITS.name),
    address: text('Address', ADDRESS_MAX),
    country: countrySchema('Country'),
    vatId: vatIdSchema('VAT ID'),
    registration: text('Registration', TEXT_LIMITS.short),
    email: BillingEmailSchema,
    /** The seller's contact telephone (BT-42), which German e-invoices between German parties require. */
    phone: BillingPhoneSchema,
    /** Where e-invoices reach the owner when their VAT ID does not say it ("0088:…"), or "". */
    peppolId: peppolIdSchema('Peppol ID').default(''),
    /**
     * Why the owner charges no VAT ("Kleinunternehmer gemäß § 19 UStG", "TVA non applicable, art.
     * 293 B du CGI"), or "": set, every line of every document is exempt (category E) at 0 %,
     * with these words on it.
     */
    vatExemptionReason: text('VAT exemption reason', VAT_EXEMPTION_MAX).default(''),
    iban: IbanSchema,
    bic: BicSchema,
    bankName: text('Bank name', TEXT_LIMITS.name),
    currency: CurrencySchema,
    invoicePrefix: text('Invoice prefix', INVOICE_PREFIX_MAX).refine(
      (value) => /^[\w-]*$/.test(value),
      { error: 'Invoice prefix may hold letters, digits, - and _ only' },
    ),
    paymentTermsDays: z
      .number({ error: 'Payment terms must be a number of days' })
      .int({ error: 'Payment terms must be a whole number of days' })
      .min(0, { error: 'Payment terms must be 0 days or more' })
      .max(PAYMENT_TERMS_MAX_DAYS, {
        error: `Payment terms must be at most ${PAYMENT_TERMS_MAX_DAYS} days`,
      }),
    defaultTaxRate: z
      .number({ error: 'Default tax rate must be a number' })
      .min(0, { error: 'Default tax rate must be between 0 and 100' })
      .max(100, { error: 'Default tax rate must be between 0 and 100' })
      .refine((value) => decimalPlaces(value) <= 2, {
        error: 'Default tax rate must have at most 2 decimal places',
      }),
    reminderDays: z
      .array(
        z
          .number({ error: 'Reminder days must be numbers of days' })
          .int({ error: 'Reminder days must be whole numbers of days' })
          .min(1, { error: 'Reminder days must be 1 or more' })
          .max(PAYMENT_TERMS_MAX_DAYS, {
            error: `Reminder days must be at most ${PAYMENT_TERMS_MAX_DAYS}`,
          }),
        { error: 'Reminder days must be a list of days' },
      )
      .max(REMINDER_DAYS_MAX, { error: `At most ${REMINDER_DAYS_MAX} reminder days` })
      .overwrite((days) => [...new Set(days)].sort((a, b) => a - b)),
  },
  { error: 'Billing details are required' },
)
export type BillingSettings = z.infer<typeof BillingSettingsSchema>

/** "YYYY-MM-DD", a real calendar date; `label` names it in the message. */
export const dateOnlySchema = (label: string) =>
  z
    .string({ error: `${label} must be a date such as 2026-12-31` })
    .refine(
      (value) =>
        /^\d{4}-\d{2}-\d{2}$/.test(value) &&
        new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value,
      { error: `${label} must be a date such as 2026-12-31` },
    )

/** A priced line of a proposal or an invoice, as the owner enters it. */
export const LineItemBodySchema = z.object({
  description: requiredText('Item description', ITEM_DESCRIPTION_MAX),
  quantity: decimalSchema('Quantity', { places: 3, min: 0.001, max: 1_000_000 }),
  unitPrice: decimalSchema('Unit price', { places: 2, min: -1_000_000_000, max: 1_000_000_000 }),
  taxRate: taxRateSchema('Tax rate'),
})

export const LineItemSchema = z.object({
  description: z.string(),
  quantity: z.string(),
  unitPrice: z.string(),
  taxRate: z.string(),
  /** quantity x unit price, to the cent. */
  net: z.string(),
})
export type LineItem = z.infer<typeof LineItemSchema>
