import { describe, expect, it, vi } from 'vitest'
import { ApiError } from './api-client.ts'
import { deleteRow, loadListPage, requestedPage } from './paged-list.ts'

const requestFor = (query: string) => new Request(`http://localhost/admin/users${query}`)

const formOf = (fields: Record<string, string>) => {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  return form
}

describe('requestedPage', () => {
  it('reads ?page= and falls back to the first page', () => {
    expect(requestedPage(requestFor('?page=3'))).toBe(3)
    expect(requestedPage(requestFor(''))).toBe(1)
    expect(requestedPage(requestFor('?page=abc'))).toBe(1)
    expect(requestedPage(requestFor('?page=0'))).toBe(1)
  })
})

describe('loadListPage', () => {
  it('loads the requested page', async () => {
    const load = vi.fn((page: number) => Promise.resolve({ users: ['a'], page, pages: 3 }))
    await expect(
      loadListPage(requestFor('?page=2'), '/admin/users', load, 'users'),
    ).resolves.toEqual({ users: ['a'], page: 2, pages: 3 })
    expect(load).toHaveBeenCalledWith(2)
  })

  it('redirects past the last page to the new last page', async () => {
    const load = () => Promise.resolve({ users: [], page: 4, pages: 3 })
    const thrown: unknown = await loadListPage(requestFor('?page=4'), '/admin/users', load, 'users')
      .then(() => undefined)
      .catch((error: unknown) => error)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).headers.get('Location')).toBe('/admin/users?page=3')
  })

  it('shows an empty list when there is nothing at all', async () => {
    const load = () => Promise.resolve({ users: [], page: 1, pages: 0 })
    await expect(loadListPage(requestFor(''), '/admin/users', load, 'users')).resolves.toEqual({
      users: [],
      page: 1,
      pages: 0,
    })
  })
})

describe('deleteRow', () => {
  it('deletes the posted id', async () => {
    const remove = vi.fn(() => Promise.resolve())
    await expect(
      deleteRow(formOf({ intent: 'delete', id: 'x1' }), remove, 'Deleted'),
    ).resolves.toEqual({ error: null })
    expect(remove).toHaveBeenCalledWith('x1')
  })

  it('returns the server refusal as the error', async () => {
    const remove = () => Promise.reject(new ApiError('Cannot delete the last admin', 400))
    await expect(
      deleteRow(formOf({ intent: 'delete', id: 'x1' }), remove, 'Deleted'),
    ).resolves.toEqual({ error: 'Cannot delete the last admin' })
  })

  it('refuses any other intent', async () => {
    const remove = vi.fn(() => Promise.resolve())
    await expect(deleteRow(formOf({ intent: 'archive' }), remove, 'Deleted')).resolves.toEqual({
      error: 'Unknown action',
    })
    expect(remove).not.toHaveBeenCalled()
  })
})
