/**
 * XML 1.0 allows only these characters (its `Char` production, section 2.2): tab, line feed,
 * carriage return, U+0020 to U+D7FF, U+E000 to U+FFFD and U+10000 to U+10FFFF. Anything else (other
 * control characters, U+FFFE, U+FFFF, a lone surrogate) makes a document ill-formed, and a feed
 * reader then drops the whole feed. With the `u` flag a lone surrogate is one code point, outside
 * every range.
 */
const XML_FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

/** `text` without the characters XML 1.0 forbids. */
export const dropXmlForbiddenChars = (text: string) => text.replace(XML_FORBIDDEN, '')
