import { useEffect, useRef, useState } from 'react'
import type { MessagesTrend } from '#common/schemas/messages.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import type { drawBars } from './bar-chart.ts'

const BAR_COLOR = '#174ca8'

/** "Nov 16": a week's first day, read the same in every time zone (weeks start on Monday, UTC). */
const weekLabel = (weekStart: string) =>
  new Date(`${weekStart}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  })

/**
 * Bar chart of contact messages received per week (spam left out). Like the stack chart, the chart
 * library is imported on demand, so only the dashboard downloads it.
 */
export function MessagesTrendChart({ weeks }: { weeks: MessagesTrend['weeks'] }) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading')

  useEffect(() => {
    let chart: ReturnType<typeof drawBars> | undefined
    let isCancelled = false
    import('./bar-chart.ts')
      .then(({ drawBars }) => {
        if (isCancelled || !canvasRef.current) return
        chart = drawBars(
          canvasRef.current,
          weeks.map((week) => ({ label: weekLabel(week.weekStart), value: week.count })),
          { label: 'Messages', color: BAR_COLOR },
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
  }, [weeks])

  if (status === 'failed')
    return <Alert kind="error">The chart could not be loaded. Please reload the page.</Alert>

  const total = weeks.reduce((sum, week) => sum + week.count, 0)
  const description = weeks
    .map((week) => `week of ${weekLabel(week.weekStart)}: ${week.count}`)
    .join(', ')
  return (
    <div className="relative h-[300px] w-full">
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={`Bar chart of messages received per week, ${total} in all. ${description}`}
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
