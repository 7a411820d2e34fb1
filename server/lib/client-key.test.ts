import { describe, expect, it } from 'vitest'
import { clientKeyOf } from './client-key.ts'

describe('clientKeyOf', () => {
  it('gives the addresses of one IPv6 /64 one key, however they are written', () => {
    const key = clientKeyOf('2001:db8:1:2:aaaa::1')
    expect(key).toBe('2001:db8:1:2::/64')
    for (const other of [
      '2001:db8:1:2:bbbb::2',
      '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:db8:1:2::',
      '2001:db8:1:2:0:0:0.0.0.1',
    ]) {
      expect(clientKeyOf(other), other).toBe(key)
    }
  })

  it('gives another /64 another key', () => {
    expect(clientKeyOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
    expect(clientKeyOf('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(clientKeyOf('::1')).toBe('0:0:0:0::/64')
    expect(clientKeyOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
  })

  it('keeps an IPv4 address whole, also when it comes IPv4-mapped', () => {
    expect(clientKeyOf('1.2.3.4')).toBe('1.2.3.4')
    expect(clientKeyOf('1.2.3.5')).toBe('1.2.3.5')
    expect(clientKeyOf('::ffff:1.2.3.4')).toBe('1.2.3.4')
    expect(clientKeyOf('::FFFF:1.2.3.5')).toBe('1.2.3.5')
    expect(clientKeyOf('::ffff:102:304')).toBe('1.2.3.4')
  })

  it('keeps a key that is no address as it is', () => {
    for (const key of ['site', '', 'unknown', '1.2.3', '2001:db8::1::2', 'a@example.com'])
      expect(clientKeyOf(key)).toBe(key)
  })
})
