/**
 * Markdown of journal posts and case studies, rendered on the server once per change (the
 * services keep it): as markdown.ts renders it, with fenced code highlighted into token
 * `<span>`s for the site's stylesheet, so a reader's browser runs no script for it. The admin's
 * preview loads this same module on demand, so the owner sees what readers will. Only the
 * languages a web developer's writing uses are loaded; a block in any other language, or none,
 * stays plain code. highlight.js guesses nothing: a language must be named after the fence.
 * Every image opens full size: on a phone, a screenshot in the text is too small to read.
 */
import hljs from 'highlight.js/lib/core'
import bash from 'highlight.js/lib/languages/bash'
import css from 'highlight.js/lib/languages/css'
import diff from 'highlight.js/lib/languages/diff'
import dockerfile from 'highlight.js/lib/languages/dockerfile'
import ini from 'highlight.js/lib/languages/ini'
import javascript from 'highlight.js/lib/languages/javascript'
import json from 'highlight.js/lib/languages/json'
import markdown from 'highlight.js/lib/languages/markdown'
import nginx from 'highlight.js/lib/languages/nginx'
import php from 'highlight.js/lib/languages/php'
import python from 'highlight.js/lib/languages/python'
import scss from 'highlight.js/lib/languages/scss'
import shell from 'highlight.js/lib/languages/shell'
import sql from 'highlight.js/lib/languages/sql'
import typescript from 'highlight.js/lib/languages/typescript'
import xml from 'highlight.js/lib/languages/xml'
import yaml from 'highlight.js/lib/languages/yaml'
import { createMarkdownRenderer } from './markdown.ts'

const LANGUAGES = {
  bash,
  css,
  diff,
  dockerfile,
  ini,
  javascript,
  json,
  markdown,
  nginx,
  php,
  python,
  scss,
  shell,
  sql,
  typescript,
  xml,
  yaml,
}
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language)
// Names people write after a fence that highlight.js's own aliases miss.
hljs.registerAliases(['jsx', 'mjs', 'cjs'], { languageName: 'javascript' })
hljs.registerAliases(['tsx', 'mts'], { languageName: 'typescript' })
hljs.registerAliases(['html', 'svg', 'vue'], { languageName: 'xml' })

/** A post's body or a case study as HTML, fenced code highlighted. */
export const renderArticle = createMarkdownRenderer({
  highlight: (code, name) => {
    const language = name.trim().split(/\s/)[0]?.toLowerCase() ?? ''
    if (!language || !hljs.getLanguage(language)) return ''
    return hljs.highlight(code, { language, ignoreIllegals: true }).value
  },
  isImageLinked: true,
})
