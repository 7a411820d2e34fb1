/**
 * Addresses the outbound fetcher (outbound-fetch.ts) never connects to unless
 * LINK_CHECK_ALLOW_PRIVATE is set: anything that is not the public internet (the server's own
 * loopback, the private network around it, link-local and cloud metadata endpoints, unspecified,
 * unique-local, IPv4-mapped and IPv4-compatible IPv6, and 6to4 addresses that carry one of the
 * refused IPv4 addresses), so an address typed in the admin (a portfolio link, a calendar feed)
 * cannot be used to probe the network the site runs in.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net'

type BlockedKind =
  | 'cloud metadata'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unspecified'
  | 'reserved'
  | 'IPv4-mapped'
  | 'IPv4-compatible'
  | '6to4'

const RANGES: [BlockedKind, 'ipv4' | 'ipv6', string, number][] = [
  ['cloud metadata', 'ipv4', '169.254.169.254', 32],
  ['cloud metadata', 'ipv6', 'fd00:ec2::254', 128],
  ['unspecified', 'ipv4', '0.0.0.0', 8],
  ['loopback', 'ipv4', '127.0.0.0', 8],
  ['private', 'ipv4', '10.0.0.0', 8],
  ['private', 'ipv4', '172.16.0.0', 12],
  ['private', 'ipv4', '192.168.0.0', 16],
  ['private', 'ipv4', '100.64.0.0', 10],
  ['link-local', 'ipv4', '169.254.0.0', 16],
  ['reserved', 'ipv4', '192.0.0.0', 24],
  ['reserved', 'ipv4', '198.18.0.0', 15],
  ['reserved', 'ipv4', '224.0.0.0', 3],
  ['unspecified', 'ipv6', '::', 128],
  ['loopback', 'ipv6', '::1', 128],
  ['IPv4-mapped', 'ipv6', '::ffff:0:0', 96],
  // Deprecated by RFC 4291; some stacks still route `::a.b.c.d` to the IPv4 address it carries.
  ['IPv4-compatible', 'ipv6', '::', 96],
  ['private', 'ipv6', 'fc00::', 7],
  ['link-local', 'ipv6', 'fe80::', 10],
  ['reserved', 'ipv6', 'fec0::', 10],
  ['reserved', 'ipv6', 'ff00::', 8],
  ['reserved', 'ipv6', '64:ff9b::', 96],
  ['reserved', 'ipv6', '100::', 64],
]

const LISTS = RANGES.map(([kind, type, network, prefix]) => {
  const list = new BlockList()
  list.addSubnet(network, prefix, type)
  return { kind, type, list }
})

const SIX_TO_FOUR = new BlockList()
SIX_TO_FOUR.addSubnet('2002::', 16, 'ipv6')

/** The eight 16-bit groups of an IPv6 address (any spelling: `::`, an embedded dotted IPv4). */
function ipv6Groups(address: string): number[] {
  // The URL parser writes every spelling as lowercase hex groups with one `::` at most.
  const [head, tail] = new URL(`http://[${address}]/`).hostname.slice(1, -1).split('::')
  const groups = (text: string | undefined) =>
    text ? text.split(':').map((g) => parseInt(g, 16)) : []
  const [before, after] = [groups(head), groups(tail)]
  if (tail === undefined) return before
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after]
}

/** The IPv4 address a 6to4 address (2002:AABB:CCDD::/48, RFC 3056) carries. */
function sixToFourIPv4(address: string): string {
  const [, high = 0, low = 0] = ipv6Groups(address)
  return [high >> 8, high & 255, low >> 8, low & 255].join('.')
}

const kindOf = (address: string, type: 'ipv4' | 'ipv6') =>
  LISTS.find((entry) => entry.type === type && entry.list.check(address, type))?.kind

/** What kind of non-public address `address` is, or undefined for a public one. */
export function blockedAddressKind(address: string): BlockedKind | undefined {
  const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined
  if (!type) return 'reserved'
  const kind = kindOf(address, type)
  if (kind || type === 'ipv4') return kind
  if (SIX_TO_FOUR.check(address, 'ipv6') && kindOf(sixToFourIPv4(address), 'ipv4')) return '6to4'
  return undefined
}
