/** Images sent to POST /api/upload from any admin form: checked first, then sent with progress. */
import { UPLOAD_MAX_BYTES } from '#common/constants.ts'
import { ApiError, errorMessage, GENERIC_ERROR_MESSAGE } from '#app/lib/api-client.ts'
import { clearSession, getSession } from '#app/lib/session.ts'

const MEGABYTE = 1024 * 1024

/** Why a file cannot be uploaded, checked before sending it (the server checks again), or null. */
export function imageFileProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (!file.type.startsWith('image/')) return 'Please choose an image file'
  if (file.size > UPLOAD_MAX_BYTES) {
    return `The image is ${(file.size / MEGABYTE).toFixed(1)} MB; the limit is ${UPLOAD_MAX_BYTES / MEGABYTE} MB`
  }
  return null
}

/**
 * Sends an image as the multipart field `image` and resolves to its stored path. XMLHttpRequest
 * rather than apiRequest because fetch cannot report upload progress.
 */
export function uploadImage(file: File, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    const session = getSession()
    xhr.open('POST', '/api/upload')
    xhr.setRequestHeader('accept', 'application/json')
    if (session) xhr.setRequestHeader('authorization', `Bearer ${session.token}`)
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100))
    })
    xhr.addEventListener('load', () => {
      let data: unknown
      try {
        data = JSON.parse(xhr.responseText)
      } catch {
        data = undefined
      }
      if (xhr.status >= 200 && xhr.status < 300 && typeof data === 'string') return resolve(data)
      if (xhr.status === 401 && session) clearSession()
      reject(
        new ApiError(
          xhr.status >= 200 && xhr.status < 300 ? GENERIC_ERROR_MESSAGE : errorMessage(data),
          xhr.status,
        ),
      )
    })
    xhr.addEventListener('error', () =>
      reject(new ApiError('Network error: the server could not be reached', 0)),
    )
    xhr.addEventListener('abort', () => reject(new ApiError('The upload was cancelled', 0)))
    const body = new FormData()
    body.append('image', file)
    xhr.send(body)
  })
}

/** An image added without its own progress bar (into Markdown text, a gallery): checked like any upload, then uploaded; answers its path. */
export async function uploadTextImage(file: File): Promise<string> {
  const problem = imageFileProblem(file)
  if (problem) throw new Error(problem)
  return uploadImage(file, () => {})
}
