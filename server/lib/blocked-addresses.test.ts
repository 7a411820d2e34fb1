import { describe, expect, it } from 'vitest'
import { blockedAddressKind } from './blocked-addresses.ts'

describe('blockedAddressKind', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.20.0.5', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.10.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fd12:3456::1', 'private'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'IPv4-mapped'],
    ['::ffff:8.8.8.8', 'IPv4-mapped'],
    ['::7f00:1', 'IPv4-compatible'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['::a00:1', 'IPv4-compatible'],
    ['::c0a8:101', 'IPv4-compatible'],
    ['::a9fe:a9fe', 'IPv4-compatible'],
    ['2002:7f00:0001::', '6to4'],
    ['2002:7f00:1::1', '6to4'],
    ['2002:a00:1::', '6to4'],
    ['2002:c0a8:0101:0:0:0:0:1', '6to4'],
    ['2002:a9fe:a9fe::', '6to4'],
    ['2002:AC10:0005::', '6to4'],
    ['2002::', '6to4'],
    ['not an address', 'reserved'],
  ])('refuses %s as %s', (address, kind) => {
    expect(blockedAddressKind(address)).toBe(kind)
  })

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '2606:4700:4700::1111',
    '172.32.0.1',
    // A 6to4 address of a public IPv4 (8.8.8.8) is public.
    '2002:808:808::1',
  ])('lets the public address %s through', (address) => {
    expect(blockedAddressKind(address)).toBeUndefined()
  })
})
