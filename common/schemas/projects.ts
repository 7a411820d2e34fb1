/**
 * The owner's projects for a client (POST/GET /api/projects, GET/PUT/DELETE /api/projects/{id}):
 * a status, milestones in order and, optionally, the portfolio entry of the site being built.
 */
import { z } from 'zod'
import { TEXT_LIMITS } from '../constants.ts'
import { dateOnlySchema } from './billing.ts'
import { IdSchema, requiredText } from './common.ts'
import { LinkHealthSchema } from './link-checks.ts'

export const PROJECT_STATUSES = ['planning', 'in_progress', 'review', 'done'] as const
export const ProjectStatusSchema = z.enum(PROJECT_STATUSES, {
  error: 'Status must be one of planning, in_progress, review, done',
})
export type ProjectStatus = z.infer<typeof ProjectStatusSchema>

/** How a status reads on a screen. */
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  planning: 'Planning',
  in_progress: 'In progress',
  review: 'Review',
  done: 'Done',
}

const PROJECT_MILESTONES_MAX = 50

export const MilestoneSchema = z.object({
  title: requiredText('Milestone title', TEXT_LIMITS.short),
  due: dateOnlySchema('Milestone due date'),
  done: z.boolean().default(false),
})
export type Milestone = z.infer<typeof MilestoneSchema>

export const ProjectBodySchema = z.object({
  clientId: IdSchema,
  name: requiredText('Name', TEXT_LIMITS.name),
  status: ProjectStatusSchema,
  websiteId: IdSchema.nullable().optional(),
  milestones: z
    .array(MilestoneSchema)
    .max(PROJECT_MILESTONES_MAX, { error: `At most ${PROJECT_MILESTONES_MAX} milestones` })
    .default([]),
})
export type ProjectBody = z.infer<typeof ProjectBodySchema>

const ProjectSchema = z.object({
  _id: z.string(),
  clientId: z.string(),
  name: z.string(),
  status: ProjectStatusSchema,
  websiteId: z.string().nullable(),
  milestones: z.array(MilestoneSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Project = z.infer<typeof ProjectSchema>

export const ProjectResponseSchema = z.object({ project: ProjectSchema })
export const ProjectsListSchema = z.object({ projects: z.array(ProjectSchema), total: z.number() })
export const ProjectsQuerySchema = z.object({ clientId: IdSchema.optional() })

/** What a client sees of their site's latest link check. */
const ProjectLinkCheckSchema = LinkHealthSchema.pick({
  ok: true,
  ms: true,
  tlsDaysLeft: true,
  checkedAt: true,
})

/** A project as the client's room shows it: its site by name and link, with its latest check. */
export const ClientProjectSchema = ProjectSchema.extend({
  website: z
    .object({
      _id: z.string(),
      name: z.string(),
      link: z.string(),
      /** null while the site was never checked. */
      check: ProjectLinkCheckSchema.nullable(),
    })
    .nullable(),
})
export type ClientProject = z.infer<typeof ClientProjectSchema>

export const PROJECT_NOT_FOUND = 'Project not found'
export const PROJECT_CLIENT_UNKNOWN = 'clientId: No client with this id'
export const PROJECT_WEBSITE_UNKNOWN = 'websiteId: No portfolio entry with this id'
