/**
 * Types, pauses on and erases each word in turn. The server render and reduced-motion users get
 * the first word as static text; every word is laid out invisibly in the same grid cell so the
 * widest one reserves the space and nothing around it moves while typing.
 */
import { useEffect, useState } from 'react'

const TYPE_MS = 85
const ERASE_MS = 40
const HOLD_MS = 1_800
const GAP_MS = 350

export function Typewriter({ words, className }: { words: readonly string[]; className?: string }) {
  const [shown, setShown] = useState({ index: 0, length: words[0]?.length ?? 0 })

  useEffect(() => {
    if (words.length < 2 || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    let index = 0
    let length = words[0]?.length ?? 0
    let isErasing = true
    let timer: number
    const step = () => {
      const word = words[index] ?? ''
      let delay = isErasing ? ERASE_MS : TYPE_MS
      if (isErasing && length > 0) length -= 1
      else if (isErasing) {
        index = (index + 1) % words.length
        isErasing = false
        delay = GAP_MS
      } else if (length < word.length) length += 1
      else {
        isErasing = true
        delay = HOLD_MS
      }
      setShown({ index, length })
      timer = window.setTimeout(step, delay)
    }
    timer = window.setTimeout(step, HOLD_MS)
    return () => window.clearTimeout(timer)
  }, [words])

  const text = (words[shown.index] ?? '').slice(0, shown.length)
  return (
    <span className={className}>
      <span className="sr-only">{words.join(', ')}</span>
      <span aria-hidden="true" className="inline-grid text-left">
        {words.map((word) => (
          <span key={word} className="invisible col-start-1 row-start-1 pr-2 whitespace-nowrap">
            {word}
          </span>
        ))}
        <span className="col-start-1 row-start-1 whitespace-nowrap">
          {text}
          <span className="ml-1 inline-block h-[0.9em] w-[3px] translate-y-[0.1em] bg-current motion-safe:animate-blink" />
        </span>
      </span>
    </span>
  )
}
