/**
 * Peppol participant identifiers: a scheme of OpenPEPPOL's Electronic Address Scheme (EAS) code
 * list and the identifier under it, written "0088:5798000000001" (a GLN), "9930:DE123456789" (a
 * German VAT number), "0208:0123456749" (a Belgian enterprise number). A UBL invoice for Peppol
 * names each party by one (its EndpointID, BT-34 and BT-49, which Peppol BIS Billing 3.0 requires:
 * PEPPOL-EN16931-R010 and R020), and the scheme must be one of the list (PEPPOL-EN16931-CL008).
 */

/**
 * The EAS codes Peppol BIS Billing 3.0.19 accepts, as its rules list them (the `eaid` code list of
 * tests/fixtures/e-invoice-rules/PEPPOL-EN16931-UBL, which a test compares with this one). CEN's
 * own list also has "EM" (an e-mail address); Peppol's does not.
 */
export const PEPPOL_EAS_CODES: ReadonlySet<string> = new Set(
  (
    '0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0151 0177 0183 0184 0188 0190 ' +
    '0191 0192 0193 0195 0196 0198 0199 0200 0201 0202 0204 0208 0209 0210 0211 0212 0213 0215 ' +
    '0216 0218 0221 0230 0235 9910 9913 9914 9915 9918 9919 9920 9922 9923 9924 9925 9926 9927 ' +
    '9928 9929 9930 9931 9932 9933 9934 9935 9936 9937 9938 9939 9940 9941 9942 9943 9944 9945 ' +
    '9946 9947 9948 9949 9950 9951 9952 9953 9957 9959 0147 0154 0158 0170 0194 0203 0205 0217 ' +
    '0225 0240'
  ).split(' '),
)

export interface PeppolId {
  /** The EAS code ("0088"). */
  scheme: string
  /** The identifier under it ("5798000000001"). */
  id: string
}

/** "0088:5798000000001" as its scheme and identifier; undefined for another shape. */
export function parsePeppolId(value: string): PeppolId | undefined {
  const match = /^(\d{4}):([\da-z][\w.-]{0,49})$/i.exec(value)
  return match ? { scheme: match[1]!, id: match[2]! } : undefined
}

/** GS1's check digit (a GLN's last digit): the others weighted 3 and 1 from the right. */
function hasGs1CheckDigit(digits: string): boolean {
  const body = [...digits.slice(0, -1)].reverse()
  const sum = body.reduce((total, digit, index) => total + Number(digit) * (index % 2 ? 1 : 3), 0)
  return (10 - (sum % 10)) % 10 === Number(digits.at(-1))
}

/** Norway's organisation number: nine digits, the last a modulo-11 check digit. */
function hasNorwegianCheckDigit(digits: string): boolean {
  const weights = [3, 2, 7, 6, 5, 4, 3, 2]
  const sum = weights.reduce((total, weight, index) => total + weight * Number(digits[index]), 0)
  const check = 11 - (sum % 11)
  return check !== 10 && (check === 11 ? 0 : check) === Number(digits[8])
}

/**
 * The checks Peppol's rules make of an identifier under some schemes (PEPPOL-COMMON-R040 for a
 * GLN, R041 Norway, R043 Belgium), so a saved ID never makes an invoice the rules refuse.
 */
const SCHEME_CHECKS: Readonly<Record<string, { test: (id: string) => boolean; shape: string }>> = {
  '0088': {
    test: (id) => /^\d{13}$/.test(id) && hasGs1CheckDigit(id),
    shape: 'a GLN: 13 digits whose last is its check digit',
  },
  '0192': {
    test: (id) => /^\d{9}$/.test(id) && hasNorwegianCheckDigit(id),
    shape: 'a Norwegian organisation number: 9 digits whose last is its check digit',
  },
  '0208': {
    test: (id) =>
      /^[01]\d{9}$/.test(id) && 97 - (Number(id.slice(0, 8)) % 97) === Number(id.slice(8)),
    shape: 'a Belgian enterprise number: 10 digits whose last two are its check digits',
  },
}

/** Why `value` is not a Peppol participant ID Peppol's rules accept, or undefined when it is one. */
export function peppolIdProblem(value: string): string | undefined {
  const parsed = parsePeppolId(value)
  if (!parsed) return 'must be a scheme code and an identifier, such as 0088:5798000000001'
  if (!PEPPOL_EAS_CODES.has(parsed.scheme))
    return `scheme ${parsed.scheme} is not in Peppol's list of electronic address schemes`
  const check = SCHEME_CHECKS[parsed.scheme]
  if (check && !check.test(parsed.id)) return `under scheme ${parsed.scheme} must be ${check.shape}`
  return undefined
}
