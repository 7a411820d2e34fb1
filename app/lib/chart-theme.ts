/**
 * The colours a chart draws with, read from its canvas as the page resolves them, so a chart
 * follows the owner's accent and the colour scheme as the rest of the screen does: a canvas cannot
 * inherit CSS. LazyChart gives the canvas the classes these read (colour properties that change
 * nothing on a canvas); the values are resolved colours (rgb()), which chart.js takes.
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
  return {
    accent: style.fill,
    second: style.stroke,
    text: style.color,
    grid: style.borderTopColor,
    surface: style.caretColor,
    font: { family: style.fontFamily, size },
  }
}
