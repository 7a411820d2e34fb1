/**
 * Addresses a link check never connects to unless LINK_CHECK_ALLOW_PRIVATE is set: anything that
 * is not the public internet (the server's own loopback, the private network around it, link-local
 * and cloud metadata endpoints, unspecified, unique-local and IPv4-mapped IPv6), so a portfolio
 * link cannot be used to probe the inside of the network the site runs in.
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

/** What kind of non-public address `address` is, or undefined for a public one. */
export function blockedAddressKind(address: string): BlockedKind | undefined {
  const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined
  if (!type) return 'reserved'
  return LISTS.find((entry) => entry.type === type && entry.list.check(address, type))?.kind
}
