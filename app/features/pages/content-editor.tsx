/**
 * The admin's form for one page's texts, built from the content itself: a text input or a
 * Markdown textarea per string, a group per object, and lists whose entries can be added, moved
 * and removed. Errors are keyed by the field's path ("steps.1.body"), as the API names them.
 */
import { useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { InputField, TextareaField } from '#app/components/ui/field.tsx'
import { MARKDOWN_FIELDS } from '#common/schemas/pages.ts'

type Json = string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

type UploadImage = (file: File) => Promise<string>

interface EditorProps<T> {
  value: T
  path: string[]
  errors: Partial<Record<string, string>>
  onChange: (value: T) => void
  upload: UploadImage
}

const LABELS: Record<string, string> = {
  description: 'Meta description',
  intro: 'Introduction',
  ctaTitle: 'Call to action title',
  ctaText: 'Call to action text',
  src: 'Image path',
  alt: 'Alt text',
}

const MARKDOWN_HINT = 'Markdown: **bold**, *italic*, `code`, [link](/contact), - list items.'
const LONG_TEXT = 90

function labelOf(name: string, path: string[]): string {
  if (path.length === 1 && name === 'title') return 'Page title'
  if (LABELS[name]) return LABELS[name]
  const words = name.replace(/([A-Z])/g, ' $1').toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** An empty entry shaped like `sample`, for a list's Add button. */
function blankLike(sample: Json): Json {
  if (typeof sample === 'string') return ''
  if (Array.isArray(sample)) return sample.length > 0 ? [blankLike(sample[0]!)] : []
  return Object.fromEntries(Object.entries(sample).map(([key, field]) => [key, blankLike(field)]))
}

export function ContentEditor({
  value,
  errors,
  onChange,
  upload,
}: Omit<EditorProps<JsonObject>, 'path'>) {
  return <Fields value={value} path={[]} errors={errors} onChange={onChange} upload={upload} />
}

function Fields({ value, path, errors, onChange, upload }: EditorProps<JsonObject>) {
  return (
    <div className="space-y-5">
      {Object.entries(value).map(([name, field]) =>
        name === 'key' ? null : (
          <Value
            key={name}
            name={name}
            label={labelOf(name, [...path, name])}
            value={field}
            path={[...path, name]}
            errors={errors}
            upload={upload}
            onChange={(next) => onChange({ ...value, [name]: next })}
          />
        ),
      )}
    </div>
  )
}

function Value(props: EditorProps<Json> & { name: string; label: string }) {
  const { name, label, value, path, errors, onChange, upload } = props
  if (typeof value === 'string') {
    return (
      <TextValue
        name={name}
        label={label}
        value={value}
        error={errors[path.join('.')]}
        onChange={onChange}
        upload={upload}
      />
    )
  }
  if (Array.isArray(value)) {
    return <List {...props} value={value} onChange={onChange} />
  }
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{label}</legend>
      <Fields value={value} path={path} errors={errors} onChange={onChange} upload={upload} />
    </fieldset>
  )
}

function TextValue({
  name,
  label,
  value,
  error,
  onChange,
  upload,
}: {
  name: string
  label: string
  value: string
  error?: string
  onChange: (value: string) => void
  upload: UploadImage
}) {
  if (name === 'src') {
    return (
      <ImageValue label={label} value={value} error={error} onChange={onChange} upload={upload} />
    )
  }
  const isMarkdown = MARKDOWN_FIELDS.has(name)
  if (isMarkdown || value.length > LONG_TEXT) {
    return (
      <TextareaField
        label={label}
        value={value}
        error={error}
        hint={isMarkdown ? MARKDOWN_HINT : undefined}
        rows={Math.min(12, Math.max(3, Math.ceil(value.length / 80)))}
        onChange={(event) => onChange(event.target.value)}
      />
    )
  }
  return (
    <InputField
      label={label}
      value={value}
      error={error}
      onChange={(event) => onChange(event.target.value)}
    />
  )
}

function ImageValue({
  label,
  value,
  error,
  onChange,
  upload,
}: {
  label: string
  value: string
  error?: string
  onChange: (value: string) => void
  upload: UploadImage
}) {
  const [status, setStatus] = useState<string | null>(null)
  return (
    <div className="space-y-2">
      <InputField
        label={label}
        value={value}
        error={error}
        hint="An uploaded image (/uploads/...) or a file under /images/."
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="flex flex-wrap items-center gap-3">
        <label className="text-sm font-medium text-slate-800">
          Upload a new image
          <input
            type="file"
            accept="image/*"
            className="mt-1 block text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold"
            onChange={(event) => {
              const file = event.target.files?.[0]
              if (!file) return
              setStatus('Uploading…')
              upload(file).then(
                (path) => {
                  onChange(path)
                  setStatus('Image uploaded successfully')
                },
                (error: unknown) =>
                  setStatus(error instanceof Error ? error.message : 'The upload failed'),
              )
            }}
          />
        </label>
        <p role="status" className="text-sm text-slate-600">
          {status}
        </p>
      </div>
    </div>
  )
}

function List(props: EditorProps<Json[]> & { name: string; label: string }) {
  const { label, value, path, errors, onChange, upload } = props
  const listError = errors[path.join('.')]
  const move = (from: number, to: number) => {
    const next = [...value]
    const [item] = next.splice(from, 1)
    next.splice(to, 0, item!)
    onChange(next)
  }
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{label}</legend>
      {listError ? <p className="mb-3 text-sm text-red-700">{listError}</p> : null}
      <ol className="space-y-4">
        {value.map((item, i) => {
          const itemLabel = `${label} ${i + 1}`
          return (
            <li key={i} className="rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
              <Value
                name={props.name}
                label={itemLabel}
                value={item}
                path={[...path, String(i)]}
                errors={errors}
                upload={upload}
                onChange={(next) => onChange(value.map((old, j) => (j === i ? next : old)))}
              />
              <div className="mt-3 flex flex-wrap gap-2">
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={i === 0}
                  aria-label={`Move up: ${itemLabel}`}
                  onClick={() => move(i, i - 1)}
                >
                  Move up
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={i === value.length - 1}
                  aria-label={`Move down: ${itemLabel}`}
                  onClick={() => move(i, i + 1)}
                >
                  Move down
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={value.length === 1}
                  aria-label={`Remove ${itemLabel}`}
                  onClick={() => onChange(value.filter((_, j) => j !== i))}
                >
                  Remove
                </Button>
              </div>
            </li>
          )
        })}
      </ol>
      {value.length > 0 ? (
        <Button
          variant="secondary"
          size="sm"
          className="mt-4"
          onClick={() => onChange([...value, blankLike(value[0]!)])}
        >
          Add to {label.toLowerCase()}
        </Button>
      ) : null}
    </fieldset>
  )
}
