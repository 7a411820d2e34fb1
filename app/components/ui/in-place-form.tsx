import { useEffect, useRef, type ComponentProps, type RefObject } from 'react'
import { useFetcher, type FetcherWithComponents } from 'react-router'
import { isBriefMessage, toast } from '#app/lib/toast.tsx'

interface InPlace<R> {
  fetcher: FetcherWithComponents<R>
  formRef: RefObject<HTMLFormElement | null>
  isSending: boolean
  /** The fetcher's answer went out as a toast, so the form does not show it again. */
  isToasted: boolean
}

/**
 * An InPlaceForm's fetcher and form on a hydrated page. Once an answer comes, an `ok` one empties
 * the form and `textOf(answer)` is toasted if it is brief; a longer one stays in the form, as
 * without JavaScript. `textOf` is a module's function, so the effect does not run again.
 */
export function useInPlaceForm<R extends { ok: boolean }>(
  textOf: (answer: R) => string,
): InPlace<R> {
  // A page's action answers a plain object, which the fetcher hands back as it is: TypeScript
  // cannot see that SerializeFrom<R> is R for a type parameter.
  const fetcher = useFetcher() as FetcherWithComponents<R>
  const formRef = useRef<HTMLFormElement>(null)

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return
    if (fetcher.data.ok) formRef.current?.reset()
    const text = textOf(fetcher.data)
    if (isBriefMessage(text)) toast[fetcher.data.ok ? 'success' : 'error'](text)
  }, [fetcher.state, fetcher.data, textOf])

  return {
    fetcher,
    formRef,
    isSending: fetcher.state !== 'idle',
    isToasted: !!fetcher.data && isBriefMessage(textOf(fetcher.data)),
  }
}

/**
 * A public form that posts to its page's action without leaving the page: through its fetcher on a
 * hydrated page, through submitFormsInPlace (app/lib/page-behaviour.ts) on a page rendered without
 * React, which finds the answer's copy of the form by `name`. Without JavaScript it is a plain post.
 */
export function InPlaceForm<R>({
  inPlace: { fetcher, formRef },
  name,
  ...props
}: {
  inPlace: InPlace<R>
  name: string
} & Omit<
  ComponentProps<FetcherWithComponents<unknown>['Form']>,
  'method' | 'action' | 'ref' | 'name'
>) {
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      // Its own path without the query: React Router's default keeps the query, and the response
      // cache would repeat the first visitor's (their campaign tags) in every later copy.
      action="."
      data-submit-in-place={name}
      {...props}
    />
  )
}
