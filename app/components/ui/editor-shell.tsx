import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { cn } from '#app/lib/cn.ts'

/**
 * An admin editor's save bar: stuck to the bottom of the form while it scrolls, so Save is never a
 * scroll away, with whether anything is unsaved beside it.
 */
export function SaveBar({ isDirty, children }: { isDirty: boolean; children: ReactNode }) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6">
      {children}
      <p role="status" className="text-sm text-slate-600 sm:ml-auto">
        {isDirty ? 'Unsaved changes' : 'All saved'}
      </p>
    </div>
  )
}

/**
 * An admin editor beside a live preview of what visitors will see. On a laptop the preview stays in
 * view while the form scrolls (scaled to fit beside it); "Full size" shows it at its real size above
 * the form, as a visitor reads it. The preview is inert: nothing in it can be clicked or focused.
 */
export function EditorWithPreview({
  form,
  preview,
  fit = 'half',
}: {
  form: ReactNode
  preview: ReactNode
  /** How much of a wide screen the preview takes beside the form. */
  fit?: 'half' | 'wide'
}) {
  const [isFullSize, setIsFullSize] = useState(false)
  const titleId = useId()
  const previewRef = useRef<HTMLDivElement>(null)

  const formRef = useRef<HTMLDivElement>(null)

  // Brings the part of the preview that shows the field being edited into view: the element marked
  // `data-preview-field` with the field's name, and in a long text the point as far down it as the
  // caret is down the text.
  useEffect(() => {
    const form = formRef.current
    const pane = previewRef.current
    if (isFullSize || !form || !pane) return
    function follow(event: Event) {
      const field = event.target
      if (!pane || pane.scrollHeight <= pane.clientHeight) return
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return
      const shown = pane.querySelector(`[data-preview-field="${CSS.escape(field.name)}"]`)
      if (!shown) return
      const share =
        field instanceof HTMLTextAreaElement && field.value.length > 0
          ? (field.selectionStart ?? 0) / field.value.length
          : 0
      const box = shown.getBoundingClientRect()
      const top = box.top - pane.getBoundingClientRect().top + pane.scrollTop + box.height * share
      pane.scrollTo({ top: Math.max(top - pane.clientHeight / 3, 0) })
    }
    const events = ['focusin', 'keyup', 'click'] as const
    for (const name of events) form.addEventListener(name, follow)
    return () => {
      for (const name of events) form.removeEventListener(name, follow)
    }
  }, [isFullSize])

  return (
    <div
      className={cn(
        'grid grid-cols-[minmax(0,1fr)] gap-8',
        !isFullSize &&
          (fit === 'half'
            ? 'xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]'
            : 'xl:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]'),
      )}
    >
      <div ref={formRef} className={cn('min-w-0', isFullSize && 'order-2')}>
        {form}
      </div>
      <section aria-labelledby={titleId} className={cn('min-w-0', isFullSize && 'order-1')}>
        <div className={cn(!isFullSize && 'xl:sticky xl:top-4')}>
          <div className="mb-3 flex items-center justify-between gap-3">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900">
              Preview
            </h2>
            <Button
              variant="secondary"
              size="sm"
              aria-pressed={isFullSize}
              onClick={() => setIsFullSize((value) => !value)}
            >
              {isFullSize ? 'Beside the form' : 'Full size'}
            </Button>
          </div>
          <div
            ref={previewRef}
            // Scrollable on its own beside the form: reachable from the keyboard to scroll it.
            tabIndex={isFullSize ? undefined : 0}
            className={cn(
              'overflow-hidden rounded-xl border border-slate-300 bg-white shadow-sm',
              !isFullSize && 'xl:max-h-[calc(100vh-6rem)] xl:overflow-y-auto',
            )}
          >
            <div
              inert
              className={cn(!isFullSize && (fit === 'half' ? 'xl:[zoom:0.75]' : 'xl:[zoom:0.6]'))}
            >
              {preview}
            </div>
          </div>
        </div>
      </section>
    </div>
  )
}
