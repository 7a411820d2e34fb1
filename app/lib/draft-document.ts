/**
 * The route side of a draft document's editor (a proposal, an invoice), whose form ends with
 * `DraftActions`: the draft read for the loader, and the action answering its three buttons.
 */
import { redirect } from 'react-router'
import type { z } from 'zod'
import { runSignedIn, submitForm } from './form.ts'
import { withSignIn } from './guards.ts'

/** The id in a new draft's address (`/admin/invoice/new`) until it is first saved. */
const NEW_DRAFT = 'new'

/** What the editor opens: the saved draft at `id`, none for a new one, and the client `?client=` picks for it. */
export async function readDraft<T>(request: Request, id: string, get: (id: string) => Promise<T>) {
  const found = id === NEW_DRAFT ? undefined : await get(id)
  return { found, clientId: new URL(request.url).searchParams.get('client') ?? undefined }
}

/** How one kind of draft document is stored, fixed for good, deleted, and where its pages are. */
export interface DraftSteps<S extends z.ZodType, D extends { _id: string }> {
  schema: S
  create: (body: z.output<S>) => Promise<D>
  update: (id: string, body: z.output<S>) => Promise<D>
  remove: (id: string) => Promise<unknown>
  /** The step that fixes the draft (issue, send): run on the saved draft when its button posts. */
  finish: { intent: string; run: (id: string) => Promise<unknown>; done: string }
  /** The toasts of Save draft and Delete draft. */
  saved: string
  deleted: string
  /** The list a deleted draft leaves for, and a saved document's own page. */
  listPath: string
  pathOf: (id: string) => string
}

/**
 * Answers a draft editor's post: Delete draft leaves for the list; Save draft, and the finishing
 * step, store the form's fields (a new draft is created), the latter then runs on the saved draft.
 * A new draft's editor moves to the saved draft's address.
 */
export async function answerDraft<S extends z.ZodType, D extends { _id: string }>(
  request: Request,
  id: string,
  formData: FormData,
  steps: DraftSteps<S, D>,
) {
  const intent = formData.get('intent')
  if (intent === 'delete') {
    const deleted = await runSignedIn(request, () => steps.remove(id), steps.deleted)
    return deleted ? redirect(steps.listPath) : undefined
  }
  const isFinish = intent === steps.finish.intent
  const result = await submitForm(
    formData,
    steps.schema,
    (body) =>
      withSignIn(request, async () => {
        const draft = id === NEW_DRAFT ? await steps.create(body) : await steps.update(id, body)
        if (isFinish) await steps.finish.run(draft._id)
        return draft
      }),
    isFinish ? steps.finish.done : steps.saved,
  )
  if ('saved' in result && id === NEW_DRAFT) return redirect(steps.pathOf(result.answer._id))
  return result
}
