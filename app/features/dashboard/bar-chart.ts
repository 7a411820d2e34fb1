/**
 * chart.js's bar chart, loaded on demand by the messages trend like pie-chart.ts is by the stack
 * chart; named imports keep every other chart type out of the bundle.
 */
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js'
import { chartTheme } from '#app/lib/chart-theme.ts'

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip)

export interface Bar {
  label: string
  value: number
}

/** Draws one bar per entry into the canvas; call destroy() on the result before drawing again. */
export function drawBars(canvas: HTMLCanvasElement, bars: Bar[], options: { label: string }) {
  const { accent, text, grid, font } = chartTheme(canvas)
  return new Chart(canvas, {
    type: 'bar',
    data: {
      labels: bars.map((bar) => bar.label),
      datasets: [
        {
          label: options.label,
          data: bars.map((bar) => bar.value),
          backgroundColor: accent,
          borderRadius: 4,
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      scales: {
        x: { ticks: { color: text, font }, grid: { color: grid } },
        y: { beginAtZero: true, ticks: { color: text, font, precision: 0 }, grid: { color: grid } },
      },
      plugins: {
        tooltip: { titleFont: font, bodyFont: font },
        // One series, named by the card's heading. The legend plugin is registered globally once the
        // visits chart has loaded, and would otherwise draw an unstyled, faint key here.
        legend: { display: false },
      },
    },
  })
}
