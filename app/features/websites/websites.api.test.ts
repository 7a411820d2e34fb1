import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_WEBSITE } from '#common/constants.ts'
import { ApiError } from '#app/lib/api-client.ts'
import { saveSession } from '#app/lib/session.ts'
import {
  createWebsite,
  deleteWebsite,
  listWebsitesForAdmin,
  updateWebsite,
} from './websites.api.ts'

describe('website requests', () => {
  const fetchMock = vi.fn<typeof fetch>()
  const items = new Map<string, string>()

  beforeEach(() => {
    items.clear()
    fetchMock.mockReset()
    vi.stubGlobal('fetch', fetchMock)
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => items.get(key) ?? null,
        setItem: (key: string, value: string) => void items.set(key, value),
        removeItem: (key: string) => void items.delete(key),
      },
      addEventListener: () => {},
      removeEventListener: () => {},
    })
    saveSession({
      _id: 'a1',
      name: 'Admin',
      email: 'admin@example.com',
      isAdmin: true,
      token: 'admin-token',
    })
  })
  afterEach(() => vi.unstubAllGlobals())

  const respond = (status: number, body: unknown) =>
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      }),
    )

  const lastCall = () => {
    const [url, init] = fetchMock.mock.calls.at(-1)!
    const headers = init?.headers as Record<string, string>
    return {
      url,
      method: init?.method,
      authorization: headers.authorization,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }
  }

  it('lists a page of websites with the bearer token', async () => {
    const page = { websites: [], totalWebsites: 0, page: 2, pages: 1 }
    respond(200, page)
    await expect(listWebsitesForAdmin(2)).resolves.toEqual(page)
    expect(lastCall()).toEqual({
      url: '/api/websites/admin?page=2',
      method: 'GET',
      authorization: 'Bearer admin-token',
      body: undefined,
    })
  })

  it('creates a website with the default values', async () => {
    respond(201, { message: 'Website created successfully', website: { _id: 'w1' } })
    const { website } = await createWebsite()
    expect(website._id).toBe('w1')
    expect(lastCall()).toMatchObject({
      url: '/api/websites',
      method: 'POST',
      body: DEFAULT_WEBSITE,
    })
  })

  it('updates and deletes by id', async () => {
    const body = {
      name: 'Bakery',
      slug: 'bakery',
      image: '/images/default.jpg',
      language: 'React',
      languageDescription: 'MERN Stack',
      description: 'Orders online.',
      link: 'https://bakery.example',
    }
    respond(200, { message: 'Website updated successfully', website: { _id: 'w1', ...body } })
    await updateWebsite('w1', body)
    expect(lastCall()).toMatchObject({ url: '/api/websites/w1', method: 'PUT', body })
    respond(200, { message: 'Website deleted successfully' })
    await deleteWebsite('w1')
    expect(lastCall()).toMatchObject({ url: '/api/websites/w1', method: 'DELETE' })
  })

  it("throws the server's message on a refusal", async () => {
    respond(409, { message: 'That slug is already taken' })
    const error = await deleteWebsite('w1').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ message: 'That slug is already taken', status: 409 })
  })
})
