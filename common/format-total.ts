/**
 * A list's total as the admin shows it: "1000+" when a search stopped counting at its cap
 * (`isTotalCapped`), the exact number otherwise.
 */
export function formatTotal(total: number, isTotalCapped = false): string {
  return `${total}${isTotalCapped ? '+' : ''}`
}
