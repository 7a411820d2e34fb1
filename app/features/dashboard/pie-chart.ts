/**
 * The only module that imports chart.js. The dashboard loads it on demand, and its named imports
 * let the bundler leave out every chart type and plugin a pie does not use.
 */
import { ArcElement, Chart, PieController, Tooltip } from 'chart.js'
import { chartTheme } from '#app/lib/chart-theme.ts'

Chart.register(PieController, ArcElement, Tooltip)

export interface PieSlice {
  label: string
  value: number
  /** Its colour, or null for the accent (the first slice). */
  color: string | null
}

/** Draws a pie into the canvas; call destroy() on the result before drawing again. */
export function drawPie(canvas: HTMLCanvasElement, slices: PieSlice[]) {
  const { accent, surface, font } = chartTheme(canvas, 14)
  return new Chart(canvas, {
    type: 'pie',
    data: {
      labels: slices.map((slice) => slice.label),
      datasets: [
        {
          label: 'Websites',
          data: slices.map((slice) => slice.value),
          backgroundColor: slices.map((slice) => slice.color ?? accent),
          borderColor: surface,
          borderWidth: 2,
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      plugins: {
        tooltip: { titleFont: font, bodyFont: font },
        // The dashboard lists the slices beside the pie with their counts: a second legend under
        // the canvas only repeated it.
        legend: { display: false },
      },
    },
  })
}
