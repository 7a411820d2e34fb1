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
  color: string
  values: number[]
}

/** Draws one line per series over `labels`; call destroy() on the result before drawing again. */
export function drawLines(canvas: HTMLCanvasElement, labels: string[], series: LineSeries[]) {
  const font = { family: getComputedStyle(canvas).fontFamily, size: 13 }
  return new Chart(canvas, {
    type: 'line',
    data: {
      labels,
      datasets: series.map((s, i) => ({
        label: s.label,
        data: s.values,
        borderColor: s.color,
        backgroundColor: `${s.color}22`,
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
        x: { ticks: { color: '#334155', font, maxTicksLimit: 8, maxRotation: 0 } },
        y: { beginAtZero: true, ticks: { color: '#334155', font, precision: 0 } },
      },
      plugins: {
        legend: { labels: { color: '#334155', font } },
        tooltip: { titleFont: font, bodyFont: font },
      },
    },
  })
}
