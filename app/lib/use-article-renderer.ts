import { useEffect, useState } from 'react'
import { renderMarkdown } from '#common/markdown.ts'

type Render = (markdown: string) => string

/**
 * The public pages' article renderer (fenced code highlighted, images linked), loaded on demand
 * for an editor's preview, so the owner sees what readers will; plain Markdown until it arrives.
 * Its highlighter stays out of every other page's script.
 */
export function useArticleRenderer(): Render {
  const [render, setRender] = useState<Render>(() => renderMarkdown)
  useEffect(() => {
    let isCurrent = true
    void import('#common/articles.ts').then(({ renderArticle }) => {
      if (isCurrent) setRender(() => renderArticle)
    })
    return () => {
      isCurrent = false
    }
  }, [])
  return render
}
