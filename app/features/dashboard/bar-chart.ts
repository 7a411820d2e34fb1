/**
 * chart.js's bar chart, loaded on demand by the messages trend like pie-chart.ts is by the stack
 * chart; named imports keep every other chart type out of the bundle.
 */
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js'

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip)

export interface Bar {
  label: string
  value: number
}

/** Draws one bar per entry into the canvas; call destroy() on the result before drawing again. */
export function drawBars(
  canvas: HTMLCanvasElement,
  bars: Bar[],
  options: { label: string; color: string },
) {
  const font = { family: getComputedStyle(canvas).fontFamily, size: 13 }
  return new Chart(canvas, {
    type: 'bar',
    data: {
      labels: bars.map((bar) => bar.label),
      datasets: [
        {
          label: options.label,
          data: bars.map((bar) => bar.value),
          backgroundColor: options.color,
          borderRadius: 4,
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      scales: {
        x: { ticks: { color: '#334155', font } },
        y: { beginAtZero: true, ticks: { color: '#334155', font, precision: 0 } },
      },
      plugins: { tooltip: { titleFont: font, bodyFont: font } },
    },
  })
}
