/**
 * Two app instances on one PostgreSQL database run their link-check rounds at the same moment:
 * each published link is fetched once per period, by one of them, never by both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeWebsite } from '#tests/helpers/factories.ts'
import { startLinkTargets, type LinkTargets } from '#tests/helpers/link-targets.ts'
import { createScratchPostgres, createTestApp, type TestApp } from '#tests/helpers/test-app.ts'
import { testEnv } from '#tests/helpers/test-env.ts'

const HOUR_MS = 60 * 60 * 1000
const LINKS = 12
const START = new Date()

let offsetMs = 0
const clock = () => new Date(START.getTime() + offsetMs)

let scratch: Awaited<ReturnType<typeof createScratchPostgres>>
let web: LinkTargets
let a: TestApp
let b: TestApp

beforeAll(async () => {
  ;[scratch, web] = await Promise.all([
    createScratchPostgres(testEnv.TEST_POSTGRES_SERVER_URL),
    startLinkTargets(),
  ])
  const options = {
    env: {
      DATABASE_URL: scratch.url,
      LINK_CHECK_INTERVAL_HOURS: '6',
      LINK_CHECK_ALLOW_PRIVATE: 'true',
    },
    now: clock,
  }
  a = await createTestApp(options)
  b = await createTestApp(options)
}, 120_000)

afterAll(async () => {
  await a?.cleanup()
  await b?.cleanup()
  await web?.close()
  await scratch?.drop()
})

describe('link checks on two instances', () => {
  it('fetch each published link once per period between them', async () => {
    const paths = Array.from({ length: LINKS }, (_, i) => `/instance-${i}`)
    for (const path of paths) await makeWebsite(a, { link: web.url(path) })

    const [byA, byB] = await Promise.all([
      a.services.linkChecks.runDue(),
      b.services.linkChecks.runDue(),
    ])
    expect(byA + byB).toBe(LINKS)
    expect(paths.map((p) => web.hits(p))).toEqual(paths.map(() => 1))

    // The same period again: nothing is due on either instance.
    offsetMs += 5 * HOUR_MS
    await Promise.all([a.services.linkChecks.runDue(), b.services.linkChecks.runDue()])
    expect(paths.map((p) => web.hits(p))).toEqual(paths.map(() => 1))

    // The next period: each link once more.
    offsetMs += HOUR_MS
    await Promise.all([a.services.linkChecks.runDue(), b.services.linkChecks.runDue()])
    expect(paths.map((p) => web.hits(p))).toEqual(paths.map(() => 2))
  })
})
