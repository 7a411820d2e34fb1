/**
 * The e-invoices against the rules as published: EN 16931's business rules for CII and for UBL
 * (CEN/TC 434's validation artefacts) and Peppol BIS Billing 3.0's rules for UBL, run by SaxonJS
 * from their compiled form in tests/fixtures/e-invoice-rules/ (its README says where each comes
 * from). A check answers every assertion that failed, with its rule id (BR-CO-15, BR-AE-10,
 * PEPPOL-EN16931-R003, DE-R-006 ...) and flag, and how many rules fired, so a test can tell that the
 * rules ran at all.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import SaxonJS from 'saxon-js'
import { ROOT_DIR } from '#server/lib/paths.ts'

const RULE_FILES = {
  'EN16931-CII': 'EN16931-CII-validation.sef.json.gz',
  'EN16931-UBL': 'EN16931-UBL-validation.sef.json.gz',
  'PEPPOL-UBL': 'PEPPOL-EN16931-UBL.sef.json.gz',
} as const
export type RuleSet = keyof typeof RULE_FILES

interface FailedRule {
  id: string
  flag: 'fatal' | 'warning' | string
  text: string
  location: string
}

export interface RulesReport {
  /** How many rule contexts matched the document. */
  fired: number
  failed: FailedRule[]
  /** The failures flagged fatal, as "ID: text" lines (what a test expects to be empty). */
  fatal: string[]
}

const loaded = new Map<RuleSet, Promise<unknown>>()

function rulesOf(set: RuleSet): Promise<unknown> {
  let rules = loaded.get(set)
  if (!rules) {
    rules = readFile(path.join(ROOT_DIR, 'tests/fixtures/e-invoice-rules', RULE_FILES[set])).then(
      (gzipped) => JSON.parse(gunzipSync(gzipped).toString('utf8')) as unknown,
    )
    loaded.set(set, rules)
  }
  return rules
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }
const unescape = (text: string) =>
  text.replace(/&(lt|gt|amp|quot|apos);/g, (_, name: string) => ENTITIES[name]!)
const attribute = (attributes: string, name: string) =>
  unescape(new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1] ?? '')

/** The report (SVRL) of `set`'s rules on `xml`. */
export async function checkRules(xml: string, set: RuleSet): Promise<RulesReport> {
  const { principalResult: svrl } = await SaxonJS.transform(
    { stylesheetInternal: await rulesOf(set), sourceText: xml, destination: 'serialized' },
    'async',
  )
  const failed = [
    ...svrl.matchAll(
      /<svrl:(?:failed-assert|successful-report)\b([^>]*)>[\s\S]*?<svrl:text>([\s\S]*?)<\/svrl:text>/g,
    ),
  ].map(([, attributes = '', text = '']): FailedRule => ({
    id: attribute(attributes, 'id'),
    flag: attribute(attributes, 'flag'),
    text: unescape(text).replace(/\s+/g, ' ').trim(),
    location: attribute(attributes, 'location'),
  }))
  return {
    fired: svrl.match(/<svrl:fired-rule\b/g)?.length ?? 0,
    failed,
    fatal: failed
      .filter((rule) => rule.flag === 'fatal')
      .map((rule) => `${rule.id}: ${rule.text} (${rule.location})`),
  }
}
