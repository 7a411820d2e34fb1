import { useEffect, useRef, useState } from 'react'
import { Alert } from '#app/components/ui/alert.tsx'
import { CHART_CANVAS_CLASSES } from '#app/lib/chart-theme.ts'
import { cn } from '#app/lib/cn.ts'

/** What a chart module's draw function answers: a chart to destroy before drawing again. */
interface DrawnChart {
  destroy: () => void
}

/**
 * A chart drawn into a canvas by a module loaded on demand (`draw` imports it), so only the screens
 * showing a chart download the chart library. `draw` must keep its identity while the data does
 * (useCallback); `label` describes the whole chart to screen readers.
 */
export function LazyChart({
  draw,
  label,
  className,
}: {
  draw: (canvas: HTMLCanvasElement) => Promise<DrawnChart>
  label: string
  /** The chart's height, e.g. "h-[300px]". */
  className: string
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null)
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading')

  useEffect(() => {
    const canvas = canvasRef.current
    if (!canvas) return
    let chart: DrawnChart | undefined
    let isCancelled = false
    draw(canvas)
      .then((drawn) => {
        if (isCancelled) return drawn.destroy()
        chart = drawn
        setStatus('ready')
      })
      .catch(() => {
        if (!isCancelled) setStatus('failed')
      })
    return () => {
      isCancelled = true
      chart?.destroy()
    }
  }, [draw])

  if (status === 'failed')
    return <Alert kind="error">The chart could not be loaded. Please reload the page.</Alert>
  return (
    <div className={cn('relative w-full', className)}>
      <canvas ref={canvasRef} role="img" aria-label={label} className={CHART_CANVAS_CLASSES} />
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
