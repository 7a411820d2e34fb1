import { useEffect, useRef, useState } from 'react'
import type { Stats } from '#common/schemas/stats.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import type { drawLines } from './line-chart.ts'

const VISITORS_COLOR = '#174ca8'
const PAGEVIEWS_COLOR = '#0f766e'

/** "Nov 16": a UTC day, read the same in every time zone. */
const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  })

/** Visitors and page views per day, drawn with chart.js loaded on demand. */
export function VisitsChart({ series }: { series: Stats['series'] }) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading')

  useEffect(() => {
    let chart: ReturnType<typeof drawLines> | undefined
    let isCancelled = false
    import('./line-chart.ts')
      .then(({ drawLines }) => {
        if (isCancelled || !canvasRef.current) return
        chart = drawLines(
          canvasRef.current,
          series.map((day) => dayLabel(day.date)),
          [
            { label: 'Visitors', color: VISITORS_COLOR, values: series.map((d) => d.visitors) },
            { label: 'Page views', color: PAGEVIEWS_COLOR, values: series.map((d) => d.pageviews) },
          ],
        )
        setStatus('ready')
      })
      .catch(() => {
        if (!isCancelled) setStatus('failed')
      })
    return () => {
      isCancelled = true
      chart?.destroy()
    }
  }, [series])

  if (status === 'failed')
    return <Alert kind="error">The chart could not be loaded. Please reload the page.</Alert>

  const first = series[0]
  const last = series.at(-1)
  const visitors = series.reduce((sum, d) => sum + d.visitors, 0)
  const pageviews = series.reduce((sum, d) => sum + d.pageviews, 0)
  return (
    <div className="relative h-[280px] w-full">
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={`Line chart of visitors and page views per day${
          first && last ? ` from ${dayLabel(first.date)} to ${dayLabel(last.date)}` : ''
        }: ${visitors} visitors and ${pageviews} page views in all.`}
      />
      {status === 'loading' ? (
        <p
          role="status"
          className="absolute inset-0 flex items-center justify-center text-slate-600"
        >
          Loading Chart....
        </p>
      ) : null}
    </div>
  )
}
