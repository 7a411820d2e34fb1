/**
 * The mailbox an e-mail address delivers to, for counting: `Name+tag@Example.com` and
 * `name@example.com` reach one person at most providers (Gmail, Fastmail, Outlook, Proton), so a
 * limit per address that counted them apart would let a stranger mail one victim without end.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase()
  const at = address.lastIndexOf('@')
  if (at < 0) return address
  const local = address.slice(0, at).split('+')[0]!
  return `${local}${address.slice(at)}`
}

/** The domain part of an address, lower-cased ("example.com"), for a ceiling per domain. */
export const domainOf = (email: string): string => {
  const address = email.trim().toLowerCase()
  return address.slice(address.lastIndexOf('@') + 1)
}
