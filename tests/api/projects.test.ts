/**
 * The owner's projects (POST/GET /api/projects, GET/PUT/DELETE /api/projects/{id}) and what the
 * client's room reads of them (services.projects.listForClient), with a site's latest link check
 * made against a local HTTPS server this file starts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClientResponseSchema } from '#common/schemas/clients.ts'
import {
  ClientProjectSchema,
  ProjectResponseSchema,
  ProjectsListSchema,
} from '#common/schemas/projects.ts'
import { asAdmin, asUser, expectError } from '#tests/helpers/auth.ts'
import { makeWebsite } from '#tests/helpers/factories.ts'
import { makeCertificate, startLinkTargets, type LinkTargets } from '#tests/helpers/link-targets.ts'
import { createTestApp, type TestApp } from '#tests/helpers/test-app.ts'

const DAY_MS = 24 * 60 * 60 * 1000
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'
const CERT_EXPIRY = new Date(Date.now() + 40 * DAY_MS + DAY_MS / 2)

let app: TestApp
let admin: Record<string, string>
let secure: LinkTargets
let clientNumber = 0

beforeAll(async () => {
  const certificate = await makeCertificate(CERT_EXPIRY)
  secure = await startLinkTargets(certificate)
  app = await createTestApp({
    env: { LINK_CHECK_ALLOW_PRIVATE: 'true' },
    linkChecks: { timeoutMs: 2000, ca: certificate.cert },
  })
  admin = (await asAdmin(app)).headers
})
afterAll(async () => {
  await app.cleanup()
  await secure.close()
})

async function makeClient() {
  clientNumber += 1
  const res = await app.inject({
    method: 'POST',
    url: '/api/clients',
    headers: admin,
    payload: { name: `Client ${clientNumber}`, email: `client-${clientNumber}@projects.test` },
  })
  expect(res.statusCode, res.body).toBe(201)
  return ClientResponseSchema.parse(res.json()).client
}

const MILESTONES = [
  { title: 'Design approved', due: '2027-01-15', done: true },
  { title: 'Launch', due: '2027-02-01', done: false },
]

const create = (payload: object, headers = admin) =>
  app.inject({ method: 'POST', url: '/api/projects', headers, payload })

async function makeProject(clientId: string, extra: object = {}) {
  const res = await create({
    clientId,
    name: 'Bakery website',
    status: 'planning',
    milestones: MILESTONES,
    ...extra,
  })
  expect(res.statusCode, res.body).toBe(201)
  return ProjectResponseSchema.parse(res.json()).project
}

describe('POST /api/projects', () => {
  it('creates a project with its milestones in order', async () => {
    const client = await makeClient()
    const site = await makeWebsite(app)
    const project = await makeProject(client._id, { status: 'in_progress', websiteId: site.id })
    expect(project).toMatchObject({
      clientId: client._id,
      name: 'Bakery website',
      status: 'in_progress',
      websiteId: site.id,
      milestones: MILESTONES,
    })
    expect(new Date(project.createdAt).toISOString()).toBe(project.createdAt)
  })

  it('takes a milestone without a done mark as not done, and no milestones as none', async () => {
    const client = await makeClient()
    const res = await create({
      clientId: client._id,
      name: 'Care plan',
      status: 'done',
      milestones: [{ title: 'Kick-off', due: '2027-03-01' }],
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(ProjectResponseSchema.parse(res.json()).project.milestones).toEqual([
      { title: 'Kick-off', due: '2027-03-01', done: false },
    ])
    const bare = await create({ clientId: client._id, name: 'Audit', status: 'review' })
    expect(ProjectResponseSchema.parse(bare.json()).project).toMatchObject({
      milestones: [],
      websiteId: null,
    })
  })

  it('answers 400 naming the field for bad input', async () => {
    const client = await makeClient()
    const base = { clientId: client._id, name: 'Site', status: 'planning', milestones: [] }
    expectError(await create({ ...base, name: ' ' }), 400, /^name: Name is required/)
    expectError(await create({ ...base, status: 'started' }), 400, /^status: Status must be one of/)
    expectError(
      await create({ ...base, milestones: [{ title: 'Launch', due: '2027-02-30' }] }),
      400,
      /^milestones\.0\.due: Milestone due date must be a date such as 2026-12-31/,
    )
    expectError(
      await create({ ...base, milestones: [{ title: '', due: '2027-02-01' }] }),
      400,
      /^milestones\.0\.title: Milestone title is required/,
    )
    expectError(await create({ ...base, clientId: 'nope' }), 400, /^clientId: must be a valid id/)
  })

  it('answers 400 for an unknown client or portfolio entry', async () => {
    const client = await makeClient()
    const base = { clientId: client._id, name: 'Site', status: 'planning' }
    expectError(
      await create({ ...base, clientId: UNKNOWN_ID }),
      400,
      'clientId: No client with this id',
    )
    expectError(
      await create({ ...base, websiteId: UNKNOWN_ID }),
      400,
      'websiteId: No portfolio entry with this id',
    )
  })

  it('answers 401 to a visitor and 403 to a user', async () => {
    const client = await makeClient()
    const payload = { clientId: client._id, name: 'Site', status: 'planning' }
    expectError(await app.inject({ method: 'POST', url: '/api/projects', payload }), 401)
    expectError(await create(payload, (await asUser(app)).headers), 403)
  })
})

describe('GET /api/projects', () => {
  it('lists every project, or one client’s with ?clientId=', async () => {
    const [first, second] = [await makeClient(), await makeClient()]
    const mine = await makeProject(first._id)
    const theirs = await makeProject(second._id)
    const all = ProjectsListSchema.parse(
      (await app.inject({ method: 'GET', url: '/api/projects', headers: admin })).json(),
    )
    expect(all.projects.map((p) => p._id)).toEqual(expect.arrayContaining([mine._id, theirs._id]))
    expect(all.total).toBe(all.projects.length)
    const res = await app.inject({
      method: 'GET',
      url: `/api/projects?clientId=${first._id}`,
      headers: admin,
    })
    expect(ProjectsListSchema.parse(res.json())).toEqual({ projects: [mine], total: 1 })
  })

  it('answers 401 to a visitor and 403 to a user', async () => {
    expectError(await app.inject({ method: 'GET', url: '/api/projects' }), 401)
    const user = (await asUser(app)).headers
    expectError(await app.inject({ method: 'GET', url: '/api/projects', headers: user }), 403)
  })
})

describe('GET/PUT/DELETE /api/projects/{id}', () => {
  it('reads, replaces and deletes a project', async () => {
    const client = await makeClient()
    const project = await makeProject(client._id)
    const url = `/api/projects/${project._id}`
    const read = await app.inject({ method: 'GET', url, headers: admin })
    expect(ProjectResponseSchema.parse(read.json()).project).toEqual(project)

    const milestones = [{ title: 'Launch', due: '2027-02-01', done: true }]
    const put = await app.inject({
      method: 'PUT',
      url,
      headers: admin,
      payload: { clientId: client._id, name: 'Bakery shop', status: 'review', milestones },
    })
    expect(put.statusCode, put.body).toBe(200)
    const updated = ProjectResponseSchema.parse(put.json()).project
    expect(updated).toMatchObject({ name: 'Bakery shop', status: 'review', milestones })
    expect(
      ProjectResponseSchema.parse((await app.inject({ method: 'GET', url, headers: admin })).json())
        .project,
    ).toEqual(updated)

    const deleted = await app.inject({ method: 'DELETE', url, headers: admin })
    expect(deleted.json()).toEqual({ message: 'Project deleted' })
    expectError(await app.inject({ method: 'GET', url, headers: admin }), 404, 'Project not found')
  })

  it('answers 404 for an unknown project', async () => {
    const client = await makeClient()
    const url = `/api/projects/${UNKNOWN_ID}`
    const payload = { clientId: client._id, name: 'Site', status: 'planning' }
    expectError(await app.inject({ method: 'GET', url, headers: admin }), 404, 'Project not found')
    expectError(await app.inject({ method: 'PUT', url, headers: admin, payload }), 404)
    expectError(await app.inject({ method: 'DELETE', url, headers: admin }), 404)
  })

  it('answers 401 to a visitor and 403 to a user', async () => {
    const client = await makeClient()
    const project = await makeProject(client._id)
    const url = `/api/projects/${project._id}`
    const user = (await asUser(app)).headers
    for (const method of ['GET', 'DELETE'] as const) {
      expectError(await app.inject({ method, url }), 401)
      expectError(await app.inject({ method, url, headers: user }), 403)
    }
  })

  it('keeps a project whose portfolio entry is deleted, without it', async () => {
    const client = await makeClient()
    const site = await makeWebsite(app)
    const project = await makeProject(client._id, { websiteId: site.id })
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/websites/${site.id}`,
      headers: admin,
    })
    expect(res.statusCode, res.body).toBe(200)
    const read = await app.inject({
      method: 'GET',
      url: `/api/projects/${project._id}`,
      headers: admin,
    })
    expect(ProjectResponseSchema.parse(read.json()).project.websiteId).toBeNull()
  })

  it('goes with its client', async () => {
    const client = await makeClient()
    const project = await makeProject(client._id)
    const res = await app.inject({
      method: 'DELETE',
      url: `/api/clients/${client._id}`,
      headers: admin,
    })
    expect(res.statusCode, res.body).toBe(200)
    expectError(
      await app.inject({ method: 'GET', url: `/api/projects/${project._id}`, headers: admin }),
      404,
    )
  })
})

describe('projects.listForClient', () => {
  it('gives the client’s projects only, each site with its latest link check', async () => {
    const [client, other] = [await makeClient(), await makeClient()]
    const checked = await makeWebsite(app, { link: secure.url('/ok') })
    const unchecked = await makeWebsite(app)
    const first = await makeProject(client._id, { websiteId: checked.id })
    const second = await makeProject(client._id, { name: 'Shop', websiteId: unchecked.id })
    const third = await makeProject(client._id, { name: 'Advice' })
    await makeProject(other._id)

    const check = await app.inject({
      method: 'POST',
      url: `/api/websites/${checked.id}/check`,
      headers: admin,
    })
    expect(check.statusCode, check.body).toBe(200)
    const { health } = check.json() as { health: { ms: number; checkedAt: string } }

    const projects = await app.services.projects.listForClient(client._id)
    expect(projects.map((p) => ClientProjectSchema.parse(p))).toEqual([
      {
        ...first,
        website: {
          _id: checked.id,
          name: checked.name,
          link: checked.link,
          check: {
            ok: true,
            ms: health.ms,
            tlsDaysLeft: Math.floor(
              (CERT_EXPIRY.getTime() - Date.parse(health.checkedAt)) / DAY_MS,
            ),
            checkedAt: health.checkedAt,
          },
        },
      },
      {
        ...second,
        website: { _id: unchecked.id, name: unchecked.name, link: unchecked.link, check: null },
      },
      { ...third, website: null },
    ])
    expect(await app.services.projects.listForClient(UNKNOWN_ID)).toEqual([])
  })
})
