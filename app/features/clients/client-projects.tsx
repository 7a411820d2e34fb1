/**
 * The Projects section of a client's screen: each project with its status, site and milestones,
 * edited in place, and the form that adds one. The forms post to the route's clientAction
 * beside the page (intent `save-project`, `delete-project`).
 */
import { useEffect, useId, useState } from 'react'
import { useFetcher } from 'react-router'
import { Badges, type BadgeItem } from '#app/components/ui/badges.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FetcherDeleteButton } from '#app/components/ui/confirm-dialog.tsx'
import { FieldsForm } from '#app/components/ui/fields-form.tsx'
import { InputField, SelectField } from '#app/components/ui/field.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import { errorsOf, type FieldErrors, type FormResult } from '#app/lib/form.ts'
import {
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  type Milestone,
  type Project,
  type ProjectStatus,
} from '#common/schemas/projects.ts'

export interface WebsiteChoice {
  _id: string
  name: string
}

const STATUS_TONES: Record<ProjectStatus, BadgeItem['tone']> = {
  planning: 'neutral',
  in_progress: 'waiting',
  review: 'mark',
  done: 'live',
}

/** "2027-01-15" as "15 Jan 2027". */
const formatDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })

type MilestoneRow = Milestone & { key: number }

/** One milestone's fields, named by their place in the list (`milestones.<n>.title`). */
function MilestoneFields({
  row,
  index,
  errors,
  onRemove,
}: {
  row: MilestoneRow
  index: number
  errors: FieldErrors | undefined
  onRemove: () => void
}) {
  const doneId = useId()
  const name = (field: keyof Milestone) => `milestones.${index}.${field}`
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[minmax(0,1fr)_11rem_auto_auto] sm:items-end">
      <legend className="px-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        Milestone {index + 1}
      </legend>
      <InputField
        label="Title"
        name={name('title')}
        defaultValue={row.title}
        error={errors?.[name('title')]}
      />
      <InputField
        label="Due date"
        name={name('due')}
        type="date"
        defaultValue={row.due}
        error={errors?.[name('due')]}
      />
      <div className="flex items-center gap-2 sm:pb-2">
        <input
          id={doneId}
          type="checkbox"
          name={name('done')}
          defaultChecked={row.done}
          className="h-5 w-5 rounded border-slate-400 accent-brand-700"
        />
        <label htmlFor={doneId} className="text-sm font-medium text-slate-800">
          Done
        </label>
      </div>
      <Button variant="ghost" size="sm" onClick={onRemove} className="justify-self-start">
        Remove
      </Button>
    </fieldset>
  )
}

/** A project's form, or without `project` the form that adds one; `onSaved` runs after a save. */
function ProjectForm({
  clientId,
  project,
  websites,
  onSaved,
  onCancel,
}: {
  clientId: string
  project?: Project
  websites: WebsiteChoice[]
  onSaved: () => void
  onCancel: () => void
}) {
  const fetcher = useFetcher<FormResult>()
  const errors = errorsOf(fetcher.data)
  const [rows, setRows] = useState<MilestoneRow[]>(() =>
    (project?.milestones ?? []).map((milestone, key) => ({ ...milestone, key })),
  )
  const isBusy = fetcher.state !== 'idle'
  const isSaved = fetcher.state === 'idle' && fetcher.data !== undefined && 'saved' in fetcher.data
  useEffect(() => {
    if (isSaved) onSaved()
  }, [isSaved, onSaved])
  return (
    <FieldsForm errors={errors} fetcher={fetcher} className="space-y-5">
      <input type="hidden" name="intent" value="save-project" />
      {project ? <input type="hidden" name="id" value={project._id} /> : null}
      <input type="hidden" name="clientId" value={clientId} />
      {/* The list's own field: with every row removed, the project is saved with none. */}
      <input type="hidden" name="milestones" value="" />
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          label="Project name"
          name="name"
          required
          defaultValue={project?.name}
          error={errors?.name}
          className="sm:col-span-2"
        />
        <SelectField
          label="Status"
          name="status"
          defaultValue={project?.status ?? 'planning'}
          options={PROJECT_STATUSES.map((status) => ({
            value: status,
            label: PROJECT_STATUS_LABELS[status],
          }))}
          error={errors?.status}
        />
        <SelectField
          label="Website"
          name="websiteId"
          defaultValue={project?.websiteId ?? ''}
          hint="The portfolio entry of the site you build or look after: the client sees its checks."
          options={[
            { value: '', label: 'None' },
            ...websites.map((site) => ({ value: site._id, label: site.name })),
          ]}
          error={errors?.websiteId}
        />
      </div>
      <div className="space-y-3">
        <h4 className="text-sm font-semibold text-slate-900">Milestones</h4>
        {errors?.milestones ? <p className="text-sm text-red-700">{errors.milestones}</p> : null}
        {rows.length === 0 ? (
          <p className="text-sm text-slate-600">No milestones yet.</p>
        ) : (
          rows.map((row, index) => (
            <MilestoneFields
              key={row.key}
              row={row}
              index={index}
              errors={errors}
              onRemove={() => setRows((current) => current.filter((each) => each !== row))}
            />
          ))
        )}
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            const due = new Date().toISOString().slice(0, 10)
            setRows((current) => [
              ...current,
              { title: '', due, done: false, key: Math.max(-1, ...current.map((r) => r.key)) + 1 },
            ])
          }}
        >
          Add a milestone
        </Button>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={isBusy}>
          {project ? 'Save project' : 'Add project'}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={isBusy}>
          Cancel
        </Button>
      </div>
    </FieldsForm>
  )
}

/** A project as read: status, site, and its milestones with their due dates and done marks. */
function ProjectCard({
  project,
  websites,
  onEdit,
}: {
  project: Project
  websites: WebsiteChoice[]
  onEdit: () => void
}) {
  const fetcher = useFetcher()
  const site = websites.find((each) => each._id === project.websiteId)
  const done = project.milestones.filter((milestone) => milestone.done).length
  return (
    <article aria-label={project.name} className="rounded-lg border border-slate-200 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 className="font-semibold text-slate-900">{project.name}</h3>
          <Badges
            items={[
              { label: PROJECT_STATUS_LABELS[project.status], tone: STATUS_TONES[project.status] },
              project.milestones.length > 0 && {
                label: `${done} of ${project.milestones.length} done`,
                tone: 'neutral',
              },
            ]}
          />
          {site ? <p className="text-sm text-slate-600">Website: {site.name}</p> : null}
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={onEdit}>
            Edit<span className="sr-only"> {project.name}</span>
          </Button>
          <FetcherDeleteButton
            fetcher={fetcher}
            size="sm"
            question={`Delete the project “${project.name}”?`}
            detail="Its milestones go with it; the client no longer sees it."
            data={{ intent: 'delete-project', id: project._id }}
          >
            Delete<span className="sr-only"> {project.name}</span>
          </FetcherDeleteButton>
        </div>
      </div>
      {project.milestones.length > 0 ? (
        <ol className="mt-4 space-y-2 text-sm">
          {project.milestones.map((milestone, index) => (
            <li key={index} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span
                aria-hidden
                className={
                  milestone.done
                    ? 'h-2 w-2 shrink-0 rounded-full bg-green-600'
                    : 'h-2 w-2 shrink-0 rounded-full border border-slate-400'
                }
              />
              <span className="font-medium text-slate-900">{milestone.title}</span>{' '}
              <span className="text-slate-600">due {formatDay(milestone.due)}</span>
              {milestone.done ? (
                <>
                  {' '}
                  <span className="font-semibold text-green-800">Done</span>
                </>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
    </article>
  )
}

/** The client's projects, each edited in place, and a button that opens the form adding one. */
export function ClientProjects({
  clientId,
  projects,
  websites,
}: {
  clientId: string
  projects: Project[]
  websites: WebsiteChoice[]
}) {
  const [editing, setEditing] = useState<string | null>(null)
  const close = () => setEditing(null)
  return (
    <Panel
      title="Projects"
      subtitle="What you build for this client; they see status and milestones in their room."
    >
      <div className="space-y-4">
        {projects.length === 0 && editing !== 'new' ? (
          <p className="text-sm text-slate-600">No projects yet.</p>
        ) : null}
        {projects.map((project) =>
          editing === project._id ? (
            <div key={project._id} className="rounded-lg border border-slate-200 p-4 sm:p-5">
              <h3 className="mb-4 font-semibold text-slate-900">Edit {project.name}</h3>
              <ProjectForm
                clientId={clientId}
                project={project}
                websites={websites}
                onSaved={close}
                onCancel={close}
              />
            </div>
          ) : (
            <ProjectCard
              key={`${project._id}-${project.updatedAt}`}
              project={project}
              websites={websites}
              onEdit={() => setEditing(project._id)}
            />
          ),
        )}
        {editing === 'new' ? (
          <div className="rounded-lg border border-slate-200 p-4 sm:p-5">
            <h3 className="mb-4 font-semibold text-slate-900">New project</h3>
            <ProjectForm clientId={clientId} websites={websites} onSaved={close} onCancel={close} />
          </div>
        ) : (
          <Button variant="secondary" onClick={() => setEditing('new')}>
            Add a project
          </Button>
        )}
      </div>
    </Panel>
  )
}
