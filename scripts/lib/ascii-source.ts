/**
 * A build output with only ASCII characters: every other character written as its `\uXXXX`
 * escape, which means the same thing in strings, templates, regular expressions and identifiers.
 * V8 keeps each loaded file's source in memory for as long as the process runs, as one byte a
 * character when all of them are Latin-1 and two otherwise: one dash or accent in a library's
 * regular expression or licence comment doubled the memory of a whole bundle (docs/decisions/040).
 */
export function asciiSource(code: string): string {
  return code.replace(
    /[\u0080-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}
