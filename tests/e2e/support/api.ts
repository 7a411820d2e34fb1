/**
 * Test data made through the site's own API, so each spec sets up exactly the rows it needs
 * without clicking through screens that other specs already cover.
 */
import { randomUUID } from 'node:crypto'
import { expect, type APIRequestContext } from '@playwright/test'
import type { Message } from '#common/schemas/messages.ts'
import type { Website } from '#common/schemas/websites.ts'
import { E2E_ADMIN } from './e2e-env.ts'
import { signInApi } from './fixtures.ts'

export const uniqueId = () => randomUUID().slice(0, 8)

let adminToken: Promise<string> | undefined

/** The seeded admin's bearer header, signed in once per worker. */
export async function adminHeaders(request: APIRequestContext) {
  adminToken ??= signInApi(request, E2E_ADMIN.email, E2E_ADMIN.password).then((s) => s.token)
  return { Authorization: `Bearer ${await adminToken}` }
}

export interface WebsiteFields {
  name: string
  slug: string
  language: string
  languageDescription: string
  description: string
  link: string
}

export function uniqueWebsiteFields(label = 'E2E Studio'): WebsiteFields {
  const id = uniqueId()
  return {
    name: `${label} ${id}`,
    slug: `e2e-${id}`,
    language: 'MERN',
    languageDescription: 'E2E Stack',
    description: `A portfolio entry made by the browser tests (${id}).`,
    link: `https://e2e-${id}.example.com`,
  }
}

/**
 * Creates a website the way the admin screen does (defaults, then an update that publishes it, or
 * keeps it a draft with `published: false`) and returns it.
 */
export async function createWebsiteApi(
  request: APIRequestContext,
  fields: WebsiteFields & { published?: boolean; featured?: boolean } = uniqueWebsiteFields(),
): Promise<Website> {
  const headers = await adminHeaders(request)
  const created = await request.post('/api/websites', { headers, data: {} })
  expect(created.status(), await created.text()).toBe(201)
  const { website } = (await created.json()) as { website: Website }
  const updated = await request.put(`/api/websites/${website._id}`, {
    headers,
    data: { ...website, published: true, ...fields },
  })
  expect(updated.status(), await updated.text()).toBe(200)
  return ((await updated.json()) as { website: Website }).website
}

export async function deleteWebsiteApi(request: APIRequestContext, id: string) {
  const res = await request.delete(`/api/websites/${id}`, { headers: await adminHeaders(request) })
  expect([200, 404], await res.text()).toContain(res.status())
}

export function uniqueContact(label = 'E2E') {
  const id = uniqueId()
  return {
    fullName: `${label} Sender ${id}`,
    email: `sender-${id}@example.com`,
    subject: `Project enquiry ${id}`,
    message: `Hello, I would like a quote for a new website (${id}).`,
  }
}

/** Posts a contact message as a visitor would and returns the stored message. */
export async function postContactApi(
  request: APIRequestContext,
  body = uniqueContact(),
): Promise<Message> {
  const res = await request.post('/api/messages/contact', { data: body })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as Message
}

type ListName = 'websites' | 'users' | 'messages'

/**
 * The admin list page (1-based) holding the row that `matches`, or undefined. Lists are shared by
 * specs running in parallel, so a row's page is looked up rather than assumed.
 */
export async function adminListPageOf<T>(
  request: APIRequestContext,
  list: ListName,
  matches: (row: T) => boolean,
): Promise<number | undefined> {
  const headers = await adminHeaders(request)
  for (let page = 1; ; page += 1) {
    const res = await request.get(`/api/${list}/admin?page=${page}`, { headers })
    expect(res.status(), await res.text()).toBe(200)
    const body = (await res.json()) as Record<ListName, T[]> & { pages: number }
    if (body[list].some(matches)) return page
    if (page >= body.pages) return undefined
  }
}

/** Every stored message that `matches`, read through the admin's paged list. */
export async function findMessages(
  request: APIRequestContext,
  matches: (message: Message) => boolean,
): Promise<Message[]> {
  const headers = await adminHeaders(request)
  const found: Message[] = []
  for (let page = 1; ; page += 1) {
    const res = await request.get(`/api/messages/admin?page=${page}`, { headers })
    expect(res.status(), await res.text()).toBe(200)
    const body = (await res.json()) as { messages: Message[]; pages: number }
    found.push(...body.messages.filter(matches))
    if (page >= body.pages) return found
  }
}
