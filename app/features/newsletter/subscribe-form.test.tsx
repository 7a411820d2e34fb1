import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { SubscribeForm } from './subscribe-form.tsx'

/** The form's action as the server renders the page at `url`. */
function actionAt(path: string, url: string) {
  const Stub = createRoutesStub([{ path, Component: () => <SubscribeForm /> }])
  const html = renderToString(<Stub initialEntries={[url]} />)
  return /<form[^>]* action="([^"]*)"/.exec(html)?.[1]
}

describe('SubscribeForm', () => {
  // The response cache keys a page without campaign tags, so the first visitor's would be served
  // to everyone if the form kept them.
  it.each([
    ['/journal', '/journal?utm_source=evil&fbclid=x'],
    ['/journal/:slug', '/journal/a-post?gclid=x&ref=evil'],
  ])('posts to its page without the query (%s)', (path, url) => {
    expect(actionAt(path, url)).toBe(url.split('?')[0])
  })
})
