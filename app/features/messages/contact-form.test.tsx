import { renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { ContactForm } from './contact-form.tsx'

describe('ContactForm', () => {
  // The response cache keys /contact without campaign tags, so the first visitor's would be served
  // to everyone if the form kept them.
  it('posts to its page without the query', () => {
    const Stub = createRoutesStub([
      { path: '/contact', Component: () => <ContactForm formToken="token" /> },
    ])
    for (const url of ['/contact?utm_source=evil&msclkid=x', '/contact']) {
      const html = renderToString(<Stub initialEntries={[url]} />)
      expect(/<form[^>]* action="([^"]*)"/.exec(html)?.[1], url).toBe('/contact')
    }
  })
})
