/** The clientLoader and clientAction halves of the admin lists: one page of rows, and deleting a row. */
import { redirect } from 'react-router'
import { PageQuerySchema } from '#common/schemas/common.ts'
import { messageOf } from './api-client.ts'
import { toast } from './toast.tsx'

/** The ?page= of the request; anything missing or malformed is the first page. */
export function requestedPage(request: Request): number {
  return PageQuerySchema.parse({ page: new URL(request.url).searchParams.get('page') }).page
}

/**
 * Loads the requested page of a list. After deleting the last entry of the last page, shows the
 * new last page instead of an empty one.
 */
export async function loadListPage<
  K extends string,
  T extends { pages: number } & Record<K, unknown[]>,
>(request: Request, basePath: string, load: (page: number) => Promise<T>, rowsKey: K): Promise<T> {
  const page = requestedPage(request)
  const data = await load(page)
  if (data[rowsKey].length === 0 && data.pages > 0 && page > data.pages)
    throw redirect(`${basePath}?page=${data.pages}`)
  return data
}

/** Answers a list's `intent=delete` post: deletes the row `id` and toasts, or returns the refusal. */
export async function deleteRow(
  form: FormData,
  remove: (id: string) => Promise<unknown>,
  successMessage: string,
): Promise<{ error: string | null }> {
  if (form.get('intent') !== 'delete') return { error: 'Unknown action' }
  try {
    await remove(String(form.get('id')))
  } catch (error) {
    return { error: messageOf(error) }
  }
  toast.success(successMessage)
  return { error: null }
}
