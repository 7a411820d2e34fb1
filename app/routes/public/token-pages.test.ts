import { describe, expect, it } from 'vitest'
import type { PageContext } from '#app/context.ts'
import { pageLoadContext } from '#app/entry.server.tsx'
import { action as bookingAction, loader as bookingLoader } from './booking.tsx'
import { loader as unsubscribeLoader } from './unsubscribe.tsx'

/** Services that fail the test when touched: a token of the wrong shape reaches no database. */
const untouchable = new Proxy({} as PageContext['services'], {
  get: (_, name) => {
    throw new Error(`services.${String(name)} was used`)
  },
})
const context = pageLoadContext({ services: untouchable, clientIp: '203.0.113.9' } as PageContext)

/** A loader's or action's arguments, as the route's generated types name them. */
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
    const args = {
      params: { token },
      context,
      request: new Request(url),
      url: new URL(url),
      pattern: '/x/:token',
    }
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
