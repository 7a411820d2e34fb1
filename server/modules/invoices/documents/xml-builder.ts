/**
 * A small XML writer for the e-invoices (factur-x.ts, ubl.ts): elements built as values, written
 * out indented, with text and attributes escaped and characters XML 1.0 cannot carry dropped. An
 * element with neither text nor children is left out, since Peppol refuses empty elements
 * (PEPPOL-EN16931-R008); `keptEmpty` writes one a schema requires all the same.
 * Why not a library: docs/decisions/049-e-invoice-xml-written-here.md.
 */

export interface XmlElement {
  name: string
  attributes: Readonly<Record<string, string>>
  content: string | readonly XmlElement[]
  isKeptEmpty: boolean
}

/** A child as a writer lists it: absent ones (a field the invoice does not have) are skipped. */
export type XmlChild = XmlElement | null | undefined | false

/** `<name attributes>content</name>`: text, or child elements. */
export function el(
  name: string,
  content: string | readonly XmlChild[],
  attributes: Record<string, string> = {},
): XmlElement {
  return {
    name,
    attributes,
    content:
      typeof content === 'string'
        ? content
        : content.filter((child): child is XmlElement => Boolean(child)),
    isKeptEmpty: false,
  }
}

/** An element the schema requires even when there is nothing to put in it. */
export const keptEmpty = (name: string): XmlElement => ({
  ...el(name, []),
  isKeptEmpty: true,
})

// XML 1.0's characters: tab, line feed, carriage return and from space on, less the surrogates
// and U+FFFE/U+FFFF (the regex's `u` flag reads a surrogate pair as one character).
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

/** `value` as XML text or attribute value. */
const escapeXml = (value: string): string =>
  value.replace(NOT_XML, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!)

const isEmpty = (element: XmlElement): boolean =>
  !element.isKeptEmpty &&
  (typeof element.content === 'string'
    ? element.content.trim() === ''
    : element.content.every(isEmpty))

function write(element: XmlElement, depth: number, out: string[]) {
  if (isEmpty(element)) return
  const indent = '  '.repeat(depth)
  const attributes = Object.entries(element.attributes)
    .filter(([, value]) => value !== '')
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('')
  const open = `${indent}<${element.name}${attributes}`
  if (typeof element.content === 'string') {
    out.push(`${open}>${escapeXml(element.content.trim())}</${element.name}>`)
    return
  }
  const children = element.content.filter((child) => !isEmpty(child))
  if (children.length === 0) {
    out.push(`${open}/>`)
    return
  }
  out.push(`${open}>`)
  for (const child of children) write(child, depth + 1, out)
  out.push(`${indent}</${element.name}>`)
}

/** The document with `root`, its namespaces declared on it, in UTF-8. */
export function xmlDocument(root: XmlElement): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>']
  write(root, 0, out)
  return `${out.join('\n')}\n`
}
