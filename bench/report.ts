/** A Markdown table whose columns line up in a terminal too. */
export function formatTable(header: string[], rows: string[][]): string {
  const all = [header, ...rows]
  const widths = header.map((_, i) => Math.max(3, ...all.map((row) => (row[i] ?? '').length)))
  const line = (row: string[]) =>
    `| ${row.map((cell, i) => (cell ?? '').padEnd(widths[i]!)).join(' | ')} |`
  return [
    line(header),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...rows.map(line),
  ].join('\n')
}
