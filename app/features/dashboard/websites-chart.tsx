import { useEffect, useRef, useState } from 'react'
import { Alert } from '#app/components/ui/alert.tsx'
import type { drawPie } from './pie-chart.ts'
import type { StackSlice } from './summary.ts'

// Distinct hues, mostly from the Okabe-Ito palette, which stays readable with colour blindness.
const COLORS = [
  '#174ca8',
  '#d55e00',
  '#009e73',
  '#cc79a7',
  '#0072b2',
  '#b8860b',
  '#6a3d9a',
  '#e15759',
  '#4e79a7',
  '#59a14f',
]

export const chartColor = (index: number) => COLORS[index % COLORS.length]!

/**
 * Pie chart of websites per language description. The chart library is imported on demand, so only
 * the dashboard downloads it.
 */
export function WebsitesChart({ slices }: { slices: StackSlice[] }) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading')

  useEffect(() => {
    if (slices.length === 0) return
    let chart: ReturnType<typeof drawPie> | undefined
    let isCancelled = false
    import('./pie-chart.ts')
      .then(({ drawPie }) => {
        if (isCancelled || !canvasRef.current) return
        chart = drawPie(
          canvasRef.current,
          slices.map((slice, i) => ({
            label: slice.label,
            value: slice.count,
            color: chartColor(i),
          })),
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
  }, [slices])

  if (slices.length === 0) {
    return (
      <p className="flex h-[400px] w-full items-center justify-center text-lg font-medium text-slate-600">
        No Websites
      </p>
    )
  }
  if (status === 'failed')
    return <Alert kind="error">The chart could not be loaded. Please reload the page.</Alert>

  const description = slices.map((slice) => `${slice.label}: ${slice.count}`).join(', ')
  return (
    <div className="relative h-[400px] w-full">
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={`Pie chart of websites by language description. ${description}`}
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
