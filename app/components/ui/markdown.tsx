import { cn } from '#app/lib/cn.ts'

/**
 * HTML that common/markdown.ts made from an editable Markdown field (raw HTML in the source was
 * escaped there), with the site's styles for its links, lists and code.
 */
export function Markdown({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={cn(
        // A long address or identifier breaks rather than widen a phone's page.
        'space-y-4 wrap-break-word [&_:not(pre)>code]:wrap-anywhere [&_a]:font-semibold [&_a]:wrap-anywhere [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4 [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-[0.9em] [&_code]:text-slate-900 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:space-y-1 [&_ol]:pl-5 [&_strong]:font-semibold [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5',
        className,
      )}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  )
}
