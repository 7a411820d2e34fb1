/**
 * The owner's projects for their clients, and what a client's room shows of them: status,
 * milestones and, for a project with a site, that site's latest link check (read from the link
 * checks' service).
 */
import {
  PROJECT_CLIENT_UNKNOWN,
  PROJECT_NOT_FOUND,
  PROJECT_WEBSITE_UNKNOWN,
  type ClientProject,
  type Project,
  type ProjectBody,
} from '#common/schemas/projects.ts'
import type { ProjectRow } from '#server/db/schema.ts'
import { badRequest, notFound } from '#server/lib/http-errors.ts'
import type { LinkChecksService } from '../link-checks/link-checks.service.ts'
import {
  violatedForeignKey,
  type ProjectsRepository,
  type ProjectValues,
} from './projects.repository.ts'

const toProject = (row: ProjectRow): Project => ({
  _id: row.id,
  clientId: row.clientId,
  name: row.name,
  status: row.status,
  websiteId: row.websiteId,
  milestones: row.milestones,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
})

const valuesOf = (body: ProjectBody): ProjectValues => ({
  clientId: body.clientId,
  name: body.name,
  status: body.status,
  websiteId: body.websiteId ?? null,
  milestones: body.milestones.map(({ title, due, done }) => ({ title, due, done })),
})

export function createProjectsService({
  repo,
  linkChecks,
  now,
}: {
  repo: ProjectsRepository
  linkChecks: Pick<LinkChecksService, 'healthOf'>
  now: () => Date
}) {
  /** Writes `write`, answering 400 when the client or the portfolio entry named does not exist. */
  async function known<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (error) {
      const constraint = violatedForeignKey(error)
      if (constraint === undefined) throw error
      throw badRequest(
        constraint.includes('website') ? PROJECT_WEBSITE_UNKNOWN : PROJECT_CLIENT_UNKNOWN,
      )
    }
  }

  async function find(id: string): Promise<ProjectRow> {
    const row = await repo.findById(id)
    if (!row) throw notFound(PROJECT_NOT_FOUND)
    return row
  }

  return {
    /** Every project, or the client's when `clientId` is given, oldest first. */
    async list(clientId?: string): Promise<{ projects: Project[]; total: number }> {
      const rows = await repo.list(clientId)
      return { projects: rows.map(toProject), total: rows.length }
    },

    /** Throws 404 for an unknown id. */
    get: async (id: string) => toProject(await find(id)),

    /** Throws 400 when the client or the portfolio entry does not exist. */
    create: async (body: ProjectBody) => toProject(await known(() => repo.insert(valuesOf(body)))),

    /** Replaces the project, milestones and all. Throws 404 for an unknown id, 400 as create does. */
    async update(id: string, body: ProjectBody): Promise<Project> {
      const values = valuesOf(body)
      const row = await known(() => repo.update(id, values, now()))
      if (!row) throw notFound(PROJECT_NOT_FOUND)
      return toProject(row)
    },

    /** Throws 404 for an unknown id. */
    async remove(id: string): Promise<void> {
      if (!(await repo.remove(id))) throw notFound(PROJECT_NOT_FOUND)
    },

    /**
     * What the client's room shows: the client's projects with their milestones and, for a project
     * with a site, the site's name, link and latest link check (null when never checked).
     */
    async listForClient(clientId: string): Promise<ClientProject[]> {
      const rows = await repo.listWithWebsites(clientId)
      const ids = rows.flatMap(({ website }) => (website ? [website.id] : []))
      const health = ids.length > 0 ? await linkChecks.healthOf(ids) : new Map()
      return rows.map(({ project, website }) => {
        const check = website ? health.get(website.id) : undefined
        return {
          ...toProject(project),
          website: website && {
            _id: website.id,
            name: website.name,
            link: website.link,
            check: check
              ? {
                  ok: check.ok,
                  ms: check.ms,
                  tlsDaysLeft: check.tlsDaysLeft,
                  checkedAt: check.checkedAt,
                }
              : null,
          },
        }
      })
    },
  }
}

export type ProjectsService = ReturnType<typeof createProjectsService>
