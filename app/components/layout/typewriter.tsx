/**
 * Types, pauses on and erases each word in turn (runTypewriter in page-behaviour.ts, which the
 * static pages' script runs too). The server render and reduced-motion users get the first word as
 * static text; every word is laid out invisibly in the same grid cell so the widest one reserves
 * the space and nothing around it moves while typing.
 */
import { useEffect, useRef } from 'react'
import { runTypewriter } from '#app/lib/page-behaviour.ts'

export function Typewriter({ words, className }: { words: readonly string[]; className?: string }) {
  const ref = useRef<HTMLSpanElement>(null)
  useEffect(() => (ref.current ? runTypewriter(ref.current) : undefined), [words])

  return (
    <span ref={ref} className={className} data-typewriter="" data-words={JSON.stringify(words)}>
      <span className="sr-only">{words.join(', ')}</span>
      <span aria-hidden="true" className="inline-grid text-left">
        {words.map((word) => (
          <span key={word} className="invisible col-start-1 row-start-1 pr-2 whitespace-nowrap">
            {word}
          </span>
        ))}
        <span className="col-start-1 row-start-1 whitespace-nowrap">
          <span data-typewriter-text="">{words[0] ?? ''}</span>
          <span className="ml-1 inline-block h-[0.9em] w-[3px] translate-y-[0.1em] bg-current motion-safe:animate-blink" />
        </span>
      </span>
    </span>
  )
}
