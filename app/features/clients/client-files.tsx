/**
 * The Files section of a client's screen: the files shared both ways, each to download or delete,
 * and the upload of a new one. The forms post to the route's clientAction beside the page
 * (intent `upload-file`, `delete-file`).
 */
import { useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { Badges } from '#app/components/ui/badges.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FetcherDeleteButton } from '#app/components/ui/confirm-dialog.tsx'
import { FieldsForm } from '#app/components/ui/fields-form.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import { ActionsTh, DataTable, RowsBody, Td, Th, THead, Tr } from '#app/components/ui/table.tsx'
import { messageOf } from '#app/lib/api-client.ts'
import { errorsOf, type FormResult } from '#app/lib/form.ts'
import { formatSize } from '#app/lib/format-size.ts'
import { toast } from '#app/lib/toast.tsx'
import {
  CLIENT_FILE_FIELD,
  CLIENT_FILE_MAX_BYTES,
  type ClientFile,
} from '#common/schemas/client-files.ts'
import { downloadClientFile } from './clients.api.ts'

const formatWhen = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })

function UploadForm() {
  const fetcher = useFetcher<FormResult>()
  const errors = errorsOf(fetcher.data)
  const formRef = useRef<HTMLFormElement>(null)
  const inputId = useId()
  const error = errors?.[CLIENT_FILE_FIELD]
  const isBusy = fetcher.state !== 'idle'
  const isSaved = fetcher.state === 'idle' && fetcher.data !== undefined && 'saved' in fetcher.data
  useEffect(() => {
    if (isSaved) formRef.current?.reset()
  }, [isSaved, fetcher.data])
  return (
    <FieldsForm errors={errors} fetcher={fetcher} ref={formRef} encType="multipart/form-data">
      <input type="hidden" name="intent" value="upload-file" />
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-800">
        Upload a file
      </label>
      <div className="flex flex-wrap items-center gap-3">
        {/* The look of the image uploads' picker (image-upload.tsx). */}
        <input
          id={inputId}
          type="file"
          name={CLIENT_FILE_FIELD}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
          className="block max-w-full min-w-0 text-sm text-slate-700 file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
        />
        <Button type="submit" disabled={isBusy}>
          {isBusy ? 'Uploading…' : 'Upload'}
        </Button>
      </div>
      <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-600">
        Any file up to {CLIENT_FILE_MAX_BYTES / (1024 * 1024)} MB. The client downloads it from
        their room.
      </p>
      {error ? (
        <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </FieldsForm>
  )
}

function FileRow({ clientId, file }: { clientId: string; file: ClientFile }) {
  const fetcher = useFetcher()
  const [isDownloading, setDownloading] = useState(false)
  async function download() {
    setDownloading(true)
    try {
      await downloadClientFile(clientId, file)
    } catch (error) {
      toast.error(messageOf(error))
    } finally {
      setDownloading(false)
    }
  }
  return (
    <Tr>
      <Td label="Name">
        <span className="font-medium break-words text-slate-900">{file.name}</span>
      </Td>
      <Td label="Size" className="whitespace-nowrap">
        {formatSize(file.size)}
      </Td>
      <Td label="Added" className="whitespace-nowrap">
        {formatWhen(file.createdAt)}
      </Td>
      <Td label="From">
        <Badges
          items={[
            file.from === 'owner'
              ? { label: 'You', tone: 'neutral' }
              : { label: 'Client', tone: 'mark' },
          ]}
        />
      </Td>
      <Td>
        <div className="flex flex-wrap gap-2 @3xl:justify-end">
          <Button variant="secondary" size="sm" onClick={download} disabled={isDownloading}>
            Download<span className="sr-only"> {file.name}</span>
          </Button>
          <FetcherDeleteButton
            fetcher={fetcher}
            size="sm"
            question={`Delete “${file.name}”?`}
            detail="The client no longer sees it in their room."
            data={{ intent: 'delete-file', id: file._id }}
          >
            Delete<span className="sr-only"> {file.name}</span>
          </FetcherDeleteButton>
        </div>
      </Td>
    </Tr>
  )
}

/** The files shared with the client, both ways, and the upload of a new one. */
export function ClientFiles({ clientId, files }: { clientId: string; files: ClientFile[] }) {
  return (
    <Panel
      title="Files"
      subtitle="Shared both ways: what you upload here and what the client sends from their room."
    >
      <div className="space-y-5">
        <UploadForm />
        <DataTable caption="Shared files" captionHidden>
          <THead>
            <tr>
              <Th>Name</Th>
              <Th>Size</Th>
              <Th>Added</Th>
              <Th>From</Th>
              <ActionsTh />
            </tr>
          </THead>
          <RowsBody items={files} colSpan={5} empty="No files yet.">
            {(file) => <FileRow key={file._id} clientId={clientId} file={file} />}
          </RowsBody>
        </DataTable>
      </div>
    </Panel>
  )
}
