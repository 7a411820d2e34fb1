import type { AppLoadContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { action as bookingAction, loader as bookingLoader } from './booking.tsx'
import { loader as unsubscribeLoader } from './unsubscribe.tsx'

/** Services that fail the test when touched: a token of the wrong shape reaches no database. */
const untouchable = new Proxy({} as AppLoadContext['services'], {
  get: (_, name) => {
    throw new Error(`services.${String(name)} was used`)
  },
})
const context = { services: untouchable, clientIp: '203.0.113.9' } as AppLoadContext

/** A loader's or action's arguments; the members left out (the route's pattern ...) go unread. */
type Args<F extends (...args: never[]) => unknown> = Parameters<F>[0]

/** The status a loader or action gave with `data(...)`. */
const statusOf = (result: unknown) => (result as { init: ResponseInit | null }).init?.status

const WRONG_SHAPES = [
  '\u0000',
  'a\u0000b'.repeat(10),
  '%00',
  'x'.repeat(101),
  'short',
  'a.b'.repeat(10),
]

describe('pages with a link token in their path', () => {
  it.each(WRONG_SHAPES)('answer 404 to %j without looking it up', async (token) => {
    const url = `http://site.test/x/${encodeURIComponent(token)}`
    const args = { params: { token }, context, request: new Request(url) }
    expect(statusOf(await bookingLoader(args as Args<typeof bookingLoader>))).toBe(404)
    expect(statusOf(await unsubscribeLoader(args as Args<typeof unsubscribeLoader>))).toBe(404)
    for (const intent of ['cancel', 'reschedule']) {
      const body = new URLSearchParams({ intent, start: '2026-03-23T09:00:00Z' })
      const request = new Request(url, { method: 'POST', body })
      const answer = await bookingAction({ ...args, request } as Args<typeof bookingAction>)
      expect(statusOf(answer)).toBe(404)
    }
  })
})
