import { useCallback } from 'react'
import type { MessagesTrend } from '#common/schemas/messages.ts'
import { LazyChart } from '#app/components/ui/lazy-chart.tsx'

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
  const draw = useCallback(
    (canvas: HTMLCanvasElement) =>
      import('./bar-chart.ts').then(({ drawBars }) =>
        drawBars(
          canvas,
          weeks.map((week) => ({ label: weekLabel(week.weekStart), value: week.count })),
          { label: 'Messages' },
        ),
      ),
    [weeks],
  )
  const total = weeks.reduce((sum, week) => sum + week.count, 0)
  const description = weeks
    .map((week) => `week of ${weekLabel(week.weekStart)}: ${week.count}`)
    .join(', ')
  return (
    <LazyChart
      draw={draw}
      className="h-[300px]"
      label={`Bar chart of messages received per week, ${total} in all. ${description}`}
    />
  )
}
