import {
  useId,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type TextareaHTMLAttributes,
} from 'react'
import { cn } from '#app/lib/cn.ts'

/** The new text for the selection; `isLineStart` says whether the selection starts a line. */
type Edit = (selected: string, isLineStart: boolean) => string

/** Wraps the selection (or a placeholder) in `before` and `after`. */
const wrap =
  (before: string, after: string, placeholder: string): Edit =>
  (selected) =>
    `${before}${selected || placeholder}${after}`

/** Starts every selected line (or a new one) with `prefix`, on a line of its own. */
const prefixLines =
  (prefix: string, placeholder: string): Edit =>
  (selected, isLineStart) =>
    (isLineStart ? '' : '\n') +
    (selected || placeholder)
      .split('\n')
      .map((line) => `${prefix}${line}`)
      .join('\n')

const TOOLS: { label: string; shortcut?: string; text: string; style?: string; edit: Edit }[] = [
  {
    label: 'Bold',
    shortcut: 'b',
    text: 'B',
    style: 'font-bold',
    edit: wrap('**', '**', 'bold text'),
  },
  {
    label: 'Italic',
    shortcut: 'i',
    text: 'I',
    style: 'italic font-serif',
    edit: wrap('_', '_', 'italic text'),
  },
  { label: 'Heading', text: 'H', edit: prefixLines('## ', 'Heading') },
  { label: 'Link', shortcut: 'k', text: 'Link', edit: wrap('[', '](https://)', 'link text') },
  { label: 'Quote', text: '“ ”', edit: prefixLines('> ', 'Quote') },
  { label: 'List', text: '•', edit: prefixLines('- ', 'Item') },
  { label: 'Code block', text: '</>', edit: wrap('\n```ts\n', '\n```\n', 'code') },
]

/**
 * A Markdown text area for long writing: a toolbar (bold, italic, heading, link, quote, list, code
 * block, image) and, with `onUploadImage`, images pasted, dropped or picked are uploaded and put
 * in at the cursor as `![description](path)`. Its value is the text area's, so it works in a
 * controlled form (`value` and `onChange`) and in a plain one (`name` and `defaultValue`) alike.
 */
export function MarkdownField({
  label,
  hint,
  error,
  className,
  onUploadImage,
  ...props
}: {
  label: string
  hint?: string
  error?: string
  className?: string
  /** Uploads an image and answers its site path; without it, images cannot be added here. */
  onUploadImage?: (file: File) => Promise<string>
} & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId()
  const area = useRef<HTMLTextAreaElement>(null)
  const [status, setStatus] = useState<string | null>(null)
  const describedBy =
    [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined

  /** Replaces the selection, or puts text at `at`, as if typed: the form hears an input event. */
  function replace(edit: Edit, at?: number) {
    const element = area.current
    if (!element) return
    const start = at ?? element.selectionStart
    const end = at ?? element.selectionEnd
    element.focus()
    const isLineStart = start === 0 || element.value[start - 1] === '\n'
    element.setRangeText(edit(element.value.slice(start, end), isLineStart), start, end, 'end')
    element.dispatchEvent(new Event('input', { bubbles: true }))
  }

  async function addImages(files: File[]) {
    if (!onUploadImage) return
    const at = area.current?.selectionEnd ?? 0
    for (const file of files) {
      setStatus(`Uploading ${file.name}...`)
      try {
        const path = await onUploadImage(file)
        replace(() => `\n![Describe the image](${path})\n`, at)
        setStatus(`${file.name} added: describe it between the brackets.`)
      } catch (uploadError) {
        setStatus(uploadError instanceof Error ? uploadError.message : 'The upload failed')
      }
    }
  }

  const imagesOf = (list: FileList | null | undefined) =>
    [...(list ?? [])].filter((file) => file.type.startsWith('image/'))

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const images = imagesOf(event.clipboardData.files)
    if (images.length === 0 || !onUploadImage) return
    event.preventDefault()
    void addImages(images)
  }

  function onDrop(event: DragEvent<HTMLTextAreaElement>) {
    const images = imagesOf(event.dataTransfer.files)
    if (images.length === 0 || !onUploadImage) return
    event.preventDefault()
    void addImages(images)
  }

  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="overflow-hidden rounded-md border border-slate-300 focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600/30">
        <div
          role="toolbar"
          aria-label="Text formatting"
          aria-controls={id}
          className="flex flex-wrap items-center gap-1 border-b border-slate-200 bg-slate-50 px-2 py-1.5"
        >
          {TOOLS.map((tool) => (
            <button
              key={tool.label}
              type="button"
              title={
                tool.shortcut ? `${tool.label} (Ctrl+${tool.shortcut.toUpperCase()})` : tool.label
              }
              onClick={() => replace(tool.edit)}
              className={cn(
                'min-w-9 rounded px-2 py-1 text-sm font-semibold text-slate-700 hover:bg-white hover:text-slate-900',
                tool.style,
              )}
            >
              {/* Named by its text, not a label, so the form's own fields keep their labels to themselves. */}
              <span aria-hidden="true">{tool.text}</span>
              <span className="sr-only">{tool.label}</span>
            </button>
          ))}
          {onUploadImage ? (
            <label className="cursor-pointer rounded px-2 py-1 text-sm font-semibold text-slate-700 focus-within:outline-2 focus-within:outline-brand-600 hover:bg-white hover:text-slate-900">
              Image
              <input
                type="file"
                accept="image/*"
                className="sr-only"
                aria-label="Add an image to the text"
                onChange={(event) => {
                  const images = imagesOf(event.currentTarget.files)
                  event.currentTarget.value = ''
                  void addImages(images)
                }}
              />
            </label>
          ) : null}
        </div>
        <textarea
          ref={area}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onPaste={onPaste}
          onDrop={onDrop}
          onKeyDown={(event) => {
            if (!(event.ctrlKey || event.metaKey)) return
            const tool = TOOLS.find((t) => t.shortcut === event.key.toLowerCase())
            if (!tool) return
            event.preventDefault()
            replace(tool.edit)
          }}
          className="block min-h-64 w-full resize-y bg-white px-3 py-2 font-mono text-sm leading-6 text-slate-900 placeholder:text-slate-500 focus:outline-none"
          {...props}
        />
      </div>
      <p aria-live="polite" className="mt-1 text-xs text-slate-700">
        {status}
      </p>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}
