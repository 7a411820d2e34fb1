/**
 * The forms of an admin list whose rows are edited in place (the FAQ, the testimonials): one row's
 * form open at a time, the forms with unsaved changes (leaving the page asks first), the action's
 * answer given to the form it is for, and moving a row one place. A saved row's form closes; the
 * list's own form (a new entry, a request) empties for the next one.
 */
import { useState } from 'react'
import type { z } from 'zod'
import { moveRow, useMoveRow, type Moved } from '#app/components/ui/move-buttons.tsx'
import { runIntent, submitForm, type FieldErrors, type FormResult } from './form.ts'
import { withSignIn } from './guards.ts'
import { movedIds } from './moved-ids.ts'
import { useUnsavedChanges } from './use-unsaved-changes.ts'

/** One of the list's forms answered: `submitForm`'s outcome, with the form it is for (a row's id, or the list's own). */
type ListFormResult = { form: string } & FormResult

/** `submitForm` for one of the list's forms, its answer marked with `form` for the page to show it there. */
export async function submitListForm<S extends z.ZodType, A>(
  form: string,
  ...submit: Parameters<typeof submitForm<S, A>>
): Promise<ListFormResult> {
  return { form, ...(await submitForm(...submit)) }
}

/**
 * Answers the list's `intent=move` post: the row one place up or down among the list's rows as
 * `rows` reads them now, stored with `reorder`; a refusal toasts.
 */
export const moveListRow = (
  request: Request,
  formData: FormData,
  rows: () => Promise<{ _id: string }[]>,
  reorder: (ids: string[]) => Promise<unknown>,
) =>
  runIntent(
    () =>
      moveRow(formData, ({ id, direction }) =>
        withSignIn(request, async () => {
          await reorder(movedIds(await rows(), id, direction === 'up' ? -1 : 1))
        }),
      ),
    undefined,
  )

const isListForm = (answer: unknown): answer is ListFormResult =>
  typeof answer === 'object' && answer !== null && 'form' in answer

const movedOf = (answer: unknown): Moved | null =>
  typeof answer === 'object' && answer !== null && 'moved' in answer
    ? (answer.moved as Moved | null)
    : null

/** `actionData` is the list's clientAction's answer: a form's outcome, a move, or anything else (nothing to show). */
export function useListForms(actionData: unknown, listForm: string) {
  const [editingId, setEditingId] = useState<string | null>(null)
  const [dirtyForms, setDirtyForms] = useState<ReadonlySet<string>>(new Set())
  const [listFormKey, setListFormKey] = useState(0)
  const leaveDialog = useUnsavedChanges(dirtyForms.size > 0)

  const markDirty = (form: string) => setDirtyForms((forms) => new Set(forms).add(form))
  const markClean = (form: string) =>
    setDirtyForms((forms) => {
      const next = new Set(forms)
      next.delete(form)
      return next
    })

  // A new answer from the action: a saved form has nothing unsaved left and closes (or empties).
  const [seenAction, setSeenAction] = useState(actionData)
  if (actionData !== seenAction) {
    setSeenAction(actionData)
    if (isListForm(actionData) && 'saved' in actionData) {
      markClean(actionData.form)
      if (actionData.form === listForm) setListFormKey((key) => key + 1)
      else setEditingId(null)
    }
  }

  const { move } = useMoveRow(movedOf(actionData))

  return {
    editingId,
    /** Opens a row's form (closing any other). */
    edit: setEditingId,
    /** Closes a row's form, dropping what was typed in it. */
    cancel: (id: string) => {
      markClean(id)
      setEditingId(null)
    },
    markDirty,
    /** The key of the list's own form: it changes once that form is saved, emptying it. */
    listFormKey,
    /** The action's refusal of `form` (its fields' errors, `form` for the form's own), if the last answer was one. */
    errorsOf: (form: string): FieldErrors | undefined =>
      isListForm(actionData) && actionData.form === form && 'errors' in actionData
        ? actionData.errors
        : undefined,
    move,
    leaveDialog,
  }
}
