import { useCallback } from 'react'
import type { Stats } from '#common/schemas/stats.ts'
import { LazyChart } from '#app/components/ui/lazy-chart.tsx'

/** "Nov 16": a UTC day, read the same in every time zone. */
const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  })

/** Visitors and page views per day, drawn with chart.js loaded on demand. */
export function VisitsChart({ series }: { series: Stats['series'] }) {
  const draw = useCallback(
    (canvas: HTMLCanvasElement) =>
      import('./line-chart.ts').then(({ drawLines }) =>
        drawLines(
          canvas,
          series.map((day) => dayLabel(day.date)),
          [
            { label: 'Visitors', values: series.map((d) => d.visitors) },
            { label: 'Page views', values: series.map((d) => d.pageviews) },
          ],
        ),
      ),
    [series],
  )
  const first = series[0]
  const last = series.at(-1)
  const visitors = series.reduce((sum, d) => sum + d.visitors, 0)
  const pageviews = series.reduce((sum, d) => sum + d.pageviews, 0)
  return (
    <LazyChart
      draw={draw}
      className="h-[280px]"
      label={`Line chart of visitors and page views per day${
        first && last ? ` from ${dayLabel(first.date)} to ${dayLabel(last.date)}` : ''
      }: ${visitors} visitors and ${pageviews} page views in all.`}
    />
  )
}
