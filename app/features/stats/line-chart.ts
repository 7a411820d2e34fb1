/**
 * chart.js's line chart for the visit statistics, loaded on demand (only the dashboard downloads
 * it); named imports keep every other chart type out of the bundle.
 */
import {
  CategoryScale,
  Chart,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js'
import { chartTheme } from '#app/lib/chart-theme.ts'

Chart.register(
  CategoryScale,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
)

export interface LineSeries {
  label: string
  values: number[]
}

/** A resolved colour (`rgb(r, g, b)`) at `alpha`: the fill under the first line. */
const withAlpha = (rgb: string, alpha: number) =>
  rgb.replace(/^rgba?\(([^,]+),([^,]+),([^,)]+)(?:,[^)]*)?\)$/, `rgba($1,$2,$3, ${alpha})`)

/**
 * Draws one line per series over `labels`, the first in the accent (filled), the second in a
 * neutral; call destroy() on the result before drawing again.
 */
export function drawLines(canvas: HTMLCanvasElement, labels: string[], series: LineSeries[]) {
  const { accent, second, text, grid, font } = chartTheme(canvas)
  const colors = [accent, second]
  return new Chart(canvas, {
    type: 'line',
    data: {
      labels,
      datasets: series.map((s, i) => ({
        label: s.label,
        data: s.values,
        borderColor: colors[i % colors.length],
        backgroundColor: i === 0 ? withAlpha(accent, 0.13) : 'transparent',
        fill: i === 0,
        tension: 0.25,
        pointRadius: labels.length > 60 ? 0 : 3,
        borderWidth: 2,
      })),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      // Drawn at once: a range switch redraws the whole chart.
      animation: false,
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: {
          ticks: { color: text, font, maxTicksLimit: 8, maxRotation: 0 },
          grid: { color: grid },
        },
        y: { beginAtZero: true, ticks: { color: text, font, precision: 0 }, grid: { color: grid } },
      },
      plugins: {
        legend: { labels: { color: text, font } },
        tooltip: { titleFont: font, bodyFont: font },
      },
    },
  })
}
