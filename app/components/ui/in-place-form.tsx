import type { ComponentProps, Ref } from 'react'
import type { FetcherWithComponents } from 'react-router'

/**
 * A public form that posts to its page's action without leaving the page: through `fetcher` on a
 * hydrated page, through submitFormsInPlace (app/lib/page-behaviour.ts) on a page rendered without
 * React, which finds the answer's copy of the form by `name`. Without JavaScript it is a plain post.
 */
export function InPlaceForm({
  fetcher,
  name,
  ref,
  ...props
}: {
  fetcher: Pick<FetcherWithComponents<unknown>, 'Form'>
  name: string
  ref: Ref<HTMLFormElement>
} & Omit<
  ComponentProps<FetcherWithComponents<unknown>['Form']>,
  'method' | 'action' | 'ref' | 'name'
>) {
  return (
    <fetcher.Form
      ref={ref}
      method="post"
      // Its own path without the query: React Router's default keeps the query, and the response
      // cache would repeat the first visitor's (their campaign tags) in every later copy.
      action="."
      data-submit-in-place={name}
      {...props}
    />
  )
}
