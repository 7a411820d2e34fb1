/** SQL for the owner's projects; the rules live in projects.service.ts. */
import { asc, eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { projects, websites, type ProjectRow } from '#server/db/schema.ts'
import { deleteRow } from '#server/lib/delete-row.ts'

export { violatedForeignKey } from '#server/db/errors.ts'

export type ProjectValues = Pick<
  ProjectRow,
  'clientId' | 'name' | 'status' | 'websiteId' | 'milestones'
>

export function createProjectsRepository(db: Db) {
  return {
    list: (clientId?: string): Promise<ProjectRow[]> =>
      db
        .select()
        .from(projects)
        .where(clientId ? eq(projects.clientId, clientId) : undefined)
        .orderBy(asc(projects.createdAt), asc(projects.id)),

    /** The client's projects, each with its portfolio entry's name and link (null without one). */
    listWithWebsites: (clientId: string) =>
      db
        .select({
          project: projects,
          website: { id: websites.id, name: websites.name, link: websites.link },
        })
        .from(projects)
        .leftJoin(websites, eq(websites.id, projects.websiteId))
        .where(eq(projects.clientId, clientId))
        .orderBy(asc(projects.createdAt), asc(projects.id)),

    async findById(id: string): Promise<ProjectRow | undefined> {
      const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1)
      return row
    },

    async insert(values: ProjectValues): Promise<ProjectRow> {
      const [row] = await db.insert(projects).values(values).returning()
      return row!
    },

    async update(id: string, values: ProjectValues, at: Date): Promise<ProjectRow | undefined> {
      const [row] = await db
        .update(projects)
        .set({ ...values, updatedAt: at })
        .where(eq(projects.id, id))
        .returning()
      return row
    },

    async remove(id: string): Promise<boolean> {
      return deleteRow(db, projects, id)
    },
  }
}

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>
