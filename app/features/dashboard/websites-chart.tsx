import { useCallback } from 'react'
import { LazyChart } from '#app/components/ui/lazy-chart.tsx'
import type { StackSlice } from './summary.ts'

// Distinct hues, mostly from the Okabe-Ito palette, which stays readable with colour blindness; the
// first slice takes the owner's accent (null: the chart reads it from the page).
const COLORS = [
  null,
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

export const chartColor = (index: number) => COLORS[index % COLORS.length] ?? null

/**
 * Pie chart of websites per language description. The chart library is imported on demand, so only
 * the dashboard downloads it.
 */
export function WebsitesChart({ slices }: { slices: StackSlice[] }) {
  const draw = useCallback(
    (canvas: HTMLCanvasElement) =>
      import('./pie-chart.ts').then(({ drawPie }) =>
        drawPie(
          canvas,
          slices.map((slice, i) => ({
            label: slice.label,
            value: slice.count,
            color: chartColor(i),
          })),
        ),
      ),
    [slices],
  )
  if (slices.length === 0) {
    return (
      <p className="flex h-[400px] w-full items-center justify-center text-lg font-medium text-slate-600">
        No Websites
      </p>
    )
  }
  const description = slices.map((slice) => `${slice.label}: ${slice.count}`).join(', ')
  return (
    <LazyChart
      draw={draw}
      className="h-[400px]"
      label={`Pie chart of websites by language description. ${description}`}
    />
  )
}
