import { expect, signInAsAdmin, test } from './support/fixtures.ts'

test('the dashboard reads what it shows in its loader: each endpoint once, none after it shows', async ({
  page,
  request,
}) => {
  await signInAsAdmin(page, request)
  const heading = page.getByRole('heading', { level: 1, name: 'Website Dashboard' })
  const requests: { path: string; isAfterRender: boolean }[] = []
  // Each request is held until it is recorded: the loaders wait for all their requests, so the
  // dashboard cannot show before a loader's request is answered, and any request made once it
  // shows is a component fetching on its own.
  await page.route('**/api/**', async (route) => {
    const url = new URL(route.request().url())
    requests.push({ path: url.pathname + url.search, isAfterRender: (await heading.count()) > 0 })
    await route.continue()
  })

  await page.goto('/admin/dashboard')
  await expect(heading).toBeVisible()
  const visitors = page.getByRole('region', { name: 'Visitors' })
  await expect(visitors.getByRole('img', { name: /Line chart of visitors/ })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Security log' })).toBeVisible()
  const notices = page.getByRole('region', { name: 'Notices and backups' })
  await expect(notices.getByRole('heading', { name: 'Backups', exact: true })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Portfolio links' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Upcoming calls' })).toBeVisible()

  expect(requests.filter((r) => r.isAfterRender)).toEqual([])
  const paths = requests.map((r) => r.path)
  expect([...new Set(paths)]).toEqual(paths)
  expect(paths).toEqual(
    expect.arrayContaining([
      '/api/summary/summary',
      '/api/messages/unread-count',
      '/api/operations/status',
      '/api/outbox?status=failed',
      '/api/booking/admin?upcoming=true',
      '/api/stats?range=30d',
      '/api/websites/checks',
      '/api/users/security-log',
    ]),
  )

  // Another period is the route's address, read by the same loader.
  await visitors.getByRole('button', { name: '7 days' }).click()
  await expect(page).toHaveURL(/[?&]range=7d\b/)
  await expect(visitors.getByRole('button', { name: '7 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  expect(requests.map((r) => r.path)).toContain('/api/stats?range=7d')
})

/** WCAG contrast of two `rgb(r, g, b)` colours. */
function contrastOf(a: string, b: string) {
  const luminance = (rgb: string) => {
    const [r, g, bl] = rgb
      .match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map(Number) as [number, number, number]
    const channel = (v: number) => {
      const c = v / 255
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
    }
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(bl)
  }
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light! + 0.05) / (dark! + 0.05)
}

test("the dashboard's charts draw in the owner's accent, with text readable on their card in both schemes", async ({
  page,
  request,
}) => {
  await signInAsAdmin(page, request)
  await page.goto('/admin/dashboard')
  const chart = page.getByRole('img', { name: /^Bar chart of messages received per week/ })
  await expect(chart).toBeVisible()
  // What the charts draw with (app/lib/chart-theme.ts reads these from the canvas).
  const colours = () =>
    chart.evaluate((canvas) => {
      // The page's colours are oklch() and color-mix() values: each read back from a pixel as rgb().
      const pixel = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!
      const rgb = (color: string) => {
        pixel.clearRect(0, 0, 1, 1)
        pixel.fillStyle = color
        pixel.fillRect(0, 0, 1, 1)
        return `rgb(${pixel.getImageData(0, 0, 1, 1).data.slice(0, 3).join(', ')})`
      }
      const style = getComputedStyle(canvas)
      let card: Element | null = canvas
      while (card && getComputedStyle(card).backgroundColor === 'rgba(0, 0, 0, 0)')
        card = card.parentElement
      return {
        bars: rgb(style.fill),
        text: rgb(style.color),
        card: card ? rgb(getComputedStyle(card).backgroundColor) : '',
        accent: getComputedStyle(document.documentElement).getPropertyValue('--accent').trim(),
      }
    })
  const light = await colours()
  const hex = (rgb: string) =>
    `#${rgb
      .match(/\d+/g)!
      .slice(0, 3)
      .map((n) => Number(n).toString(16).padStart(2, '0'))
      .join('')}`
  expect(hex(light.bars)).toBe(light.accent.toLowerCase())
  expect(contrastOf(light.text, light.card)).toBeGreaterThanOrEqual(4.5)

  await page.evaluate(() => {
    document.documentElement.dataset.scheme = 'dark'
  })
  const dark = await colours()
  expect(contrastOf(dark.text, dark.card)).toBeGreaterThanOrEqual(4.5)
  // The bars stand out from the dark card (3:1, as WCAG asks of graphics).
  expect(contrastOf(dark.bars, dark.card)).toBeGreaterThanOrEqual(3)
})
