/**
 * The colours a chart draws with, read from its canvas as the page resolves them, so a chart
 * follows the owner's accent and the colour scheme as the rest of the screen does: a canvas cannot
 * inherit CSS. LazyChart gives the canvas the classes these read (colour properties that change
 * nothing on a canvas). The page's colours are oklch() and color-mix() values, which chart.js
 * cannot read: each is painted once into a pixel and read back as rgb().
 */
export const CHART_CANVAS_CLASSES =
  'text-slate-700 border-slate-200 fill-brand-600 stroke-slate-500 caret-white'

interface ChartTheme {
  /** The accent as it reads on the card: the first series. */
  accent: string
  /** A neutral second series. */
  second: string
  /** Ticks and legends. */
  text: string
  /** Grid lines. */
  grid: string
  /** The card behind the chart: a pie's slice borders. */
  surface: string
  font: { family: string; size: number }
}

export function chartTheme(canvas: HTMLCanvasElement, size = 13): ChartTheme {
  const style = getComputedStyle(canvas)
  const pixel = document.createElement('canvas').getContext('2d', { willReadFrequently: true })
  const rgb = (color: string) => {
    if (!pixel) return color
    pixel.clearRect(0, 0, 1, 1)
    pixel.fillStyle = color
    pixel.fillRect(0, 0, 1, 1)
    const [r, g, b] = pixel.getImageData(0, 0, 1, 1).data
    return `rgb(${r}, ${g}, ${b})`
  }
  return {
    accent: rgb(style.fill),
    second: rgb(style.stroke),
    text: rgb(style.color),
    grid: rgb(style.borderTopColor),
    surface: rgb(style.caretColor),
    font: { family: style.fontFamily, size },
  }
}
