/**
 * The key a client's rate limits are counted under: its address, except that an IPv6 client is its
 * /64. A home, an office or a rented server is given a /64 at least and may use any address in it,
 * so counting each address apart would let one client multiply every allowance at will. An IPv4
 * address is kept whole, also when a dual-stack socket reports it IPv4-mapped (`::ffff:1.2.3.4`),
 * and then shares its budget with the plain form. A key that is no address (`site`, the
 * allowances every client shares) is kept as it is.
 */
import { isIP } from 'node:net'

const GROUPS = 8

/** An IPv6 address's eight groups as the URL parser writes it: lower case, one `::` at most. */
function groupsOf(canonical: string): string[] {
  const [head = '', tail] = canonical.split('::')
  const front = head === '' ? [] : head.split(':')
  if (tail === undefined) return front
  const back = tail === '' ? [] : tail.split(':')
  return [...front, ...Array<string>(GROUPS - front.length - back.length).fill('0'), ...back]
}

export function clientKeyOf(client: string): string {
  // A zone (`fe80::1%eth0`) names the server's own interface, not the client.
  const [address = client] = client.split('%', 1)
  if (isIP(address) !== 6) return client
  // The WHATWG URL parser writes every spelling of an address one way (dotted IPv4 tails as hex).
  const groups = groupsOf(new URL(`http://[${address}]/`).hostname.slice(1, -1))
  if (groups.slice(0, 5).every((group) => group === '0') && groups[5] === 'ffff') {
    const [high, low] = groups.slice(6).map((group) => parseInt(group, 16)) as [number, number]
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.')
  }
  return `${groups.slice(0, 4).join(':')}::/64`
}
