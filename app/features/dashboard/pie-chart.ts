/**
 * The only module that imports chart.js. The dashboard loads it on demand, and its named imports
 * let the bundler leave out every chart type and plugin a pie does not use.
 */
import { ArcElement, Chart, Legend, PieController, Tooltip } from 'chart.js'

Chart.register(PieController, ArcElement, Tooltip, Legend)

export interface PieSlice {
  label: string
  value: number
  color: string
}

/** Draws a pie into the canvas; call destroy() on the result before drawing again. */
export function drawPie(canvas: HTMLCanvasElement, slices: PieSlice[]) {
  // The canvas cannot inherit CSS, so the page's font is handed over explicitly.
  const font = { family: getComputedStyle(canvas).fontFamily, size: 14 }
  return new Chart(canvas, {
    type: 'pie',
    data: {
      labels: slices.map((slice) => slice.label),
      datasets: [
        {
          label: 'Websites',
          data: slices.map((slice) => slice.value),
          backgroundColor: slices.map((slice) => slice.color),
          borderColor: '#ffffff',
          borderWidth: 2,
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      plugins: {
        tooltip: { titleFont: font, bodyFont: font },
        legend: { position: 'bottom', labels: { color: '#1e293b', padding: 16, font } },
      },
    },
  })
}
