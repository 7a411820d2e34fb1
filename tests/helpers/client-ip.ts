/**
 * A client IPv4 address no other test of this run has used (IPv6 ones share a limit per subnet), so
 * rate-limit counters, even in a shared Redis, start from zero for it. Runs (two suites at once, or
 * a crashed run's leftovers) take consecutive addresses from a random point of 10.0.0.0/8, so two
 * runs overlap only if their starting points fall within a few hundred of each other among
 * sixteen million.
 */
let last = Math.floor(Math.random() * (2 ** 24 - 10_000))

export function newClientIp(): string {
  last += 1
  return `10.${(last >> 16) & 255}.${(last >> 8) & 255}.${last & 255}`
}
