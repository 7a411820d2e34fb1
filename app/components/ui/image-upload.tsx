import { useId, useState, type ChangeEvent } from 'react'
import { IMAGE_THUMB_WIDTH, UPLOAD_MAX_BYTES } from '#common/constants.ts'
import { imageSrcSet, imageVariantPath, type ResponsiveImage } from '#common/images.ts'
import { ImagePathSchema } from '#common/schemas/websites.ts'
import { InputField } from '#app/components/ui/field.tsx'
import { messageOf } from '#app/lib/api-client.ts'
import { toast } from '#app/lib/toast.tsx'
import { imageFileProblem, uploadImage } from '#app/lib/upload-image.ts'

const UPLOAD_MAX_MEGABYTES = UPLOAD_MAX_BYTES / (1024 * 1024)

/**
 * The website's image: its stored path as text, a file picker that uploads with a progress bar,
 * and a preview of the current path. `shape` makes it a brand image's field instead (the owner's
 * portrait or logo): the preview in its shape, the path kept out of sight, and a Remove button.
 */
export function ImageUpload({
  value,
  onChange,
  onBusyChange,
  error,
  name = 'image',
  legend = 'Image',
  previewAlt = 'Preview of the website screenshot',
  previewSrc,
  shape,
}: {
  value: string
  onChange: (path: string) => void
  onBusyChange: (isBusy: boolean) => void
  error?: string
  /** The path field's form name, legend and preview text, for images other than a website's. */
  name?: string
  legend?: string
  previewAlt?: string
  /** The preview's address when the path stands for an image made elsewhere (the drawn share image). */
  previewSrc?: string
  /** A brand image: a portrait (a square photo) or a logo (shown on a light and a dark ground). */
  shape?: 'portrait' | 'logo'
}) {
  const fileId = useId()
  const [progress, setProgress] = useState<number | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const preview: ResponsiveImage | null = previewSrc
    ? { src: previewSrc }
    : ImagePathSchema.safeParse(value).success
      ? imageSrcSet(value)
      : null

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget
    const file = input.files?.[0]
    if (!file) return
    const fileProblem = imageFileProblem(file)
    setProblem(fileProblem)
    if (fileProblem) {
      input.value = ''
      return
    }
    setProgress(0)
    onBusyChange(true)
    try {
      onChange(await uploadImage(file, setProgress))
      toast.success('Image uploaded successfully')
    } catch (uploadError) {
      setProblem(messageOf(uploadError))
    } finally {
      input.value = ''
      setProgress(null)
      onBusyChange(false)
    }
  }

  const picker = (
    <div>
      <label htmlFor={fileId} className="mb-1 block text-sm font-medium text-slate-800">
        Upload an image
      </label>
      <input
        id={fileId}
        type="file"
        accept="image/*"
        disabled={progress !== null}
        aria-describedby={`${fileId}-hint${problem ? ` ${fileId}-problem` : ''}`}
        onChange={(event) => void onFile(event)}
        className="block w-full text-sm text-slate-700 file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
      />
      <p id={`${fileId}-hint`} className="mt-1 text-xs text-slate-600">
        JPEG, PNG, WebP, GIF or AVIF, up to {UPLOAD_MAX_MEGABYTES} MB. Large images are resized for
        the web.
      </p>
      {problem ? (
        <p id={`${fileId}-problem`} role="alert" className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  )
  const progressBar =
    progress !== null ? (
      <div className="space-y-1">
        <div className="flex justify-between text-sm text-slate-700">
          <span id={`${fileId}-progress`}>
            {progress < 100 ? 'Uploading...' : 'Processing the image...'}
          </span>
          <span aria-hidden="true">{progress}%</span>
        </div>
        <progress
          aria-labelledby={`${fileId}-progress`}
          max={100}
          value={progress}
          className="h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-accent [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-accent"
        />
      </div>
    ) : null

  if (shape) {
    const thumb = preview ? imageVariantPath(value, IMAGE_THUMB_WIDTH) : null
    return (
      <fieldset className="h-full rounded-lg border border-slate-200 px-4 pb-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">{legend}</legend>
        <input type="hidden" name={name} value={value} />
        <div className="flex flex-col gap-4">
          <BrandPreview shape={shape} src={thumb} alt={previewAlt} />
          <div className="min-w-0 flex-1 space-y-3">
            {picker}
            {progressBar}
            {value ? (
              <button
                type="button"
                onClick={() => onChange('')}
                className="text-sm font-medium text-slate-700 underline underline-offset-2 hover:text-slate-900"
              >
                Remove<span className="sr-only"> {legend.toLowerCase()}</span>
              </button>
            ) : null}
            {error ? <p className="text-sm text-red-700">{error}</p> : null}
          </div>
        </div>
      </fieldset>
    )
  }

  return (
    <fieldset className="rounded-lg border border-slate-200 px-4 pb-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="space-y-4">
        <InputField
          label={`${legend} path`}
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          hint="Upload a file below, or enter the path of an image already on the site."
          required
          error={error}
        />
        {picker}
        {progressBar}
        {preview ? (
          <figure>
            <img
              src={preview.src}
              srcSet={preview.srcSet}
              sizes="(min-width: 640px) 28rem, 100vw"
              width={preview.width}
              height={preview.height}
              alt={previewAlt}
              className="h-auto w-full max-w-md rounded-md border border-slate-200 bg-slate-100"
            />
            <figcaption className="mt-1 text-xs text-slate-600">Preview</figcaption>
          </figure>
        ) : null}
      </div>
    </fieldset>
  )
}

/**
 * A brand image as the site shows it: the portrait in a square, the logo on a light and a dark
 * ground (the site's two schemes), or an empty frame saying none is set.
 */
function BrandPreview({
  shape,
  src,
  alt,
}: {
  shape: 'portrait' | 'logo'
  src: string | null
  alt: string
}) {
  if (!src)
    return (
      <div
        className={`flex shrink-0 items-center justify-center rounded-xl border border-dashed border-slate-300 bg-slate-50 text-xs text-slate-600 ${shape === 'portrait' ? 'h-28 w-28' : 'h-20 w-full max-w-xs'}`}
      >
        {shape === 'portrait' ? 'No portrait yet' : 'No logo yet'}
      </div>
    )
  if (shape === 'portrait')
    return (
      <img
        src={src}
        alt={alt}
        className="h-28 w-28 shrink-0 rounded-xl border border-slate-200 bg-slate-100 object-cover"
      />
    )
  return (
    <div className="grid w-full max-w-xs shrink-0 grid-cols-2 gap-2">
      {/* Fixed grounds, not the scheme's palette: each shows the logo as one scheme does. */}
      <div className="flex h-20 items-center justify-center rounded-lg border border-slate-200 bg-[#ffffff] p-2">
        <img src={src} alt={alt} className="max-h-full max-w-full object-contain" />
      </div>
      <div className="flex h-20 items-center justify-center rounded-lg border border-[#2b374d] bg-[#0b1220] p-2">
        <img src={src} alt="" className="max-h-full max-w-full object-contain" />
      </div>
    </div>
  )
}
