import { useId, useState, type ChangeEvent } from 'react'
import { UPLOAD_MAX_BYTES } from '#common/constants.ts'
import { imageSrcSet, type ResponsiveImage } from '#common/images.ts'
import { ImagePathSchema } from '#common/schemas/websites.ts'
import { InputField } from '#app/components/ui/field.tsx'
import { messageOf } from '#app/lib/api-client.ts'
import { toast } from '#app/lib/toast.tsx'
import { imageFileProblem, uploadImage } from '#app/lib/upload-image.ts'

const UPLOAD_MAX_MEGABYTES = UPLOAD_MAX_BYTES / (1024 * 1024)

/**
 * The website's image: its stored path as text, a file picker that uploads with a progress bar,
 * and a preview of the current path.
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
            JPEG, PNG, WebP, GIF or AVIF, up to {UPLOAD_MAX_MEGABYTES} MB. Large images are resized
            for the web.
          </p>
          {problem ? (
            <p id={`${fileId}-problem`} role="alert" className="mt-1 text-sm text-red-700">
              {problem}
            </p>
          ) : null}
        </div>
        {progress !== null ? (
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
        ) : null}
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
