import { useId, useState, type ChangeEvent } from 'react'
import { TEXT_LIMITS } from '#common/constants.ts'
import { imageSrcSet } from '#common/images.ts'
import { GALLERY_MAX, RESULTS_MAX, type Website } from '#common/schemas/websites.ts'
import { Button } from '#app/components/ui/button.tsx'
import { InputField } from '#app/components/ui/field.tsx'
import { messageOf } from '#app/lib/api-client.ts'
import type { FieldErrors } from '#app/lib/form-errors.ts'
import { uploadTextImage } from '#app/lib/upload-image.ts'

/**
 * The form fields of a case study's results and gallery, named `results.<n>.value` and
 * `gallery.<n>.image` ...; `listFieldsOf` reads them back into lists for the schema.
 */
export function listFieldsOf(form: FormData, list: string, fields: readonly string[]) {
  const rows: Record<string, string>[] = []
  for (const [key, value] of form) {
    const match = new RegExp(`^${list}\\.(\\d+)\\.(\\w+)$`).exec(key)
    if (!match || typeof value !== 'string' || !fields.includes(match[2]!)) continue
    const row = (rows[Number(match[1])] ??= {})
    row[match[2]!] = value
  }
  // Rows left wholly empty (a results line not filled in) are not meant as entries.
  return rows.filter((row) => row && Object.values(row).some((value) => value.trim() !== ''))
}

/** Up to RESULTS_MAX figures with what they measure, shown large under the screenshot. */
export function ResultsFields({
  results,
  errors,
}: {
  results: Website['results']
  errors?: FieldErrors
}) {
  const rows = Array.from({ length: RESULTS_MAX }, (_, i) => results[i] ?? { value: '', label: '' })
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-800">Results</legend>
      <p className="text-xs text-slate-600">
        Up to {RESULTS_MAX} figures the project moved, e.g. “+38 %” and “online bookings”. Empty
        lines are left out.
      </p>
      {errors?.results ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.results}
        </p>
      ) : null}
      {rows.map((row, i) => (
        <div key={i} className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
          <InputField
            label={`Result ${i + 1} figure`}
            name={`results.${i}.value`}
            defaultValue={row.value}
            maxLength={24}
          />
          <InputField
            label={`Result ${i + 1} label`}
            name={`results.${i}.label`}
            defaultValue={row.label}
            maxLength={TEXT_LIMITS.short}
          />
        </div>
      ))}
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
      {errors?.gallery ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.gallery}
        </p>
      ) : null}
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
              />
              <InputField
                label={`Image ${i + 1} caption`}
                name={`gallery.${i}.caption`}
                defaultValue={item.caption}
                maxLength={TEXT_LIMITS.short}
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
