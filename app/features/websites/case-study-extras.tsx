/**
 * The form fields of a case study's results and gallery, named by their place in the website's
 * body (`results.0.value`, `gallery.1.alt`) beside the list's own empty field (`results`), which
 * sends a list left with no entries.
 */
import { useEffect, useId, useState, type ChangeEvent } from 'react'
import { TEXT_LIMITS } from '#common/constants.ts'
import { imageSrcSet } from '#common/images.ts'
import { GALLERY_MAX, RESULTS_MAX, type Website } from '#common/schemas/websites.ts'
import { Button } from '#app/components/ui/button.tsx'
import { InputField } from '#app/components/ui/field.tsx'
import { messageOf } from '#app/lib/api-client.ts'
import type { FieldErrors } from '#app/lib/form.ts'
import { uploadTextImage } from '#app/lib/upload-image.ts'

/** A list's own empty field, which sends the list when no entry is left, and the list's error. */
function ListField({ name, error }: { name: 'results' | 'gallery'; error?: string }) {
  return (
    <>
      <input type="hidden" name={name} value="" />
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </>
  )
}

const RESULT_FIELDS = [
  { field: 'value', label: 'figure', maxLength: 24 },
  { field: 'label', label: 'label', maxLength: TEXT_LIMITS.short },
] as const

/**
 * Up to RESULTS_MAX figures with what they measure, shown large under the screenshot. A line left
 * empty is no entry: its fields go unnamed, and the lines filled in are numbered in their order.
 */
export function ResultsFields({
  results,
  errors,
  onEdit,
}: {
  results: Website['results']
  errors?: FieldErrors
  /** Called once an edit has renamed the fields (the form's unsaved-changes check). */
  onEdit: () => void
}) {
  const [rows, setRows] = useState(() =>
    Array.from({ length: RESULTS_MAX }, (_, i) => results[i] ?? { value: '', label: '' }),
  )
  useEffect(onEdit, [onEdit, rows])
  const edit = (index: number, field: 'value' | 'label', text: string) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, [field]: text } : row)))
  let filled = 0
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-800">Results</legend>
      <p className="text-xs text-slate-600">
        Up to {RESULTS_MAX} figures the project moved, e.g. “+38 %” and “online bookings”. Empty
        lines are left out.
      </p>
      <ListField name="results" error={errors?.results} />
      {rows.map((row, i) => {
        const name = `${row.value}${row.label}`.trim() === '' ? null : `results.${filled++}`
        return (
          <div key={i} className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
            {RESULT_FIELDS.map(({ field, label, maxLength }) => (
              <InputField
                key={field}
                label={`Result ${i + 1} ${label}`}
                name={name ? `${name}.${field}` : undefined}
                value={row[field]}
                onChange={(event) => edit(i, field, event.target.value)}
                maxLength={maxLength}
                error={name ? errors?.[`${name}.${field}`] : undefined}
              />
            ))}
          </div>
        )
      })}
    </fieldset>
  )
}

/** Up to GALLERY_MAX screenshots, each uploaded here, with a description and a caption. */
export function GalleryFields({
  gallery,
  onBusyChange,
  errors,
}: {
  gallery: Website['gallery']
  onBusyChange: (isBusy: boolean) => void
  errors?: FieldErrors
}) {
  const fileId = useId()
  const [items, setItems] = useState(() =>
    gallery.map((item, i) => ({ ...item, key: `${i}-${item.image}` })),
  )
  const [problem, setProblem] = useState<string | null>(null)
  const [isUploading, setIsUploading] = useState(false)

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget
    const file = input.files?.[0]
    if (!file) return
    setProblem(null)
    setIsUploading(true)
    onBusyChange(true)
    try {
      const image = await uploadTextImage(file)
      setItems((current) => [...current, { image, alt: '', caption: '', key: image }])
    } catch (uploadError) {
      setProblem(messageOf(uploadError))
    } finally {
      input.value = ''
      setIsUploading(false)
      onBusyChange(false)
    }
  }

  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-semibold text-slate-800">Gallery</legend>
      <ListField name="gallery" error={errors?.gallery} />
      {items.map((item, i) => {
        const preview = imageSrcSet(item.image)
        return (
          <div
            key={item.key}
            className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-[10rem_minmax(0,1fr)]"
          >
            <input type="hidden" name={`gallery.${i}.image`} value={item.image} />
            <img
              src={preview.src}
              width={preview.width}
              height={preview.height}
              alt=""
              className="aspect-[16/10] w-40 rounded-md border border-slate-200 bg-slate-100 object-cover object-top"
            />
            <div className="space-y-3">
              <InputField
                label={`Image ${i + 1} description`}
                name={`gallery.${i}.alt`}
                defaultValue={item.alt}
                maxLength={TEXT_LIMITS.short}
                required
                hint="What the image shows, for screen readers and search engines."
                error={errors?.[`gallery.${i}.alt`]}
              />
              <InputField
                label={`Image ${i + 1} caption`}
                name={`gallery.${i}.caption`}
                defaultValue={item.caption}
                maxLength={TEXT_LIMITS.short}
                error={errors?.[`gallery.${i}.caption`]}
              />
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setItems((current) => current.filter((other) => other !== item))}
              >
                Remove image {i + 1}
              </Button>
            </div>
          </div>
        )
      })}
      {items.length < GALLERY_MAX ? (
        <div>
          <label htmlFor={fileId} className="mb-1 block text-sm font-medium text-slate-800">
            Add a gallery image
          </label>
          <input
            id={fileId}
            type="file"
            accept="image/*"
            disabled={isUploading}
            onChange={(event) => void onFile(event)}
            className="block w-full text-sm text-slate-700 file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
          />
          <p className="mt-1 text-xs text-slate-600">
            {isUploading
              ? 'Uploading...'
              : `Up to ${GALLERY_MAX} screenshots, shown under the case study.`}
          </p>
          {problem ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {problem}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  )
}
