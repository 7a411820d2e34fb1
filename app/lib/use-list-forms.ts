/**
 * The forms of an admin list whose rows are edited in place (the FAQ, the testimonials): one row's
 * form open at a time, the forms with unsaved changes (leaving the page asks first), the action's
 * answer given to the form it is for, and moving a row one place. A saved row's form closes; the
 * list's own form (a new entry, a request) empties for the next one.
 */
import { useState } from 'react'
import { useMoveRow, type Moved } from '#app/components/ui/move-buttons.tsx'
import type { FieldErrors } from './form-errors.ts'
import { useUnsavedChanges } from './use-unsaved-changes.ts'

/** What such a list's clientAction answers: a form's outcome, a move, or nothing to show. */
export type ListActionResult =
  | { form: string; errors?: FieldErrors; formError?: string; done?: boolean }
  | { moved: Moved | null }
  | undefined

type FormOutcome = Extract<ListActionResult, { form: string }>

export function useListForms(actionData: ListActionResult, listForm: string) {
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
    if (actionData && 'form' in actionData && actionData.done) {
      markClean(actionData.form)
      if (actionData.form === listForm) setListFormKey((key) => key + 1)
      else setEditingId(null)
    }
  }

  const { move } = useMoveRow(actionData && 'moved' in actionData ? actionData.moved : null)

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
    /** The action's refusal for `form` (its field errors or message), if the last answer was one. */
    outcomeOf: (form: string): FormOutcome | undefined =>
      actionData && 'form' in actionData && actionData.form === form && !actionData.done
        ? actionData
        : undefined,
    move,
    leaveDialog,
  }
}
