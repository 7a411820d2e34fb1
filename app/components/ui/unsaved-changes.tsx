/**
 * Unsaved-changes warning for a plain form: compares the form's fields with their values when it
 * was first drawn, and asks before leaving while they differ (app/lib/use-unsaved-changes.ts).
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { useUnsavedChanges } from '#app/lib/use-unsaved-changes.ts'

const snapshotOf = (form: HTMLFormElement) =>
  JSON.stringify([...new FormData(form)].filter(([, value]) => typeof value === 'string'))

/**
 * Call `check` after a change React makes without an input event; the form's own submission is
 * never blocked (`setSaving(true)` on submit, false once it was refused).
 */
export function useUnsavedFormChanges(formRef: RefObject<HTMLFormElement | null>) {
  const initial = useRef<string | null>(null)
  const isSaving = useRef(false)
  const [isDirty, setIsDirty] = useState(false)

  useEffect(() => {
    if (formRef.current) initial.current = snapshotOf(formRef.current)
  }, [formRef])

  const check = useCallback(() => {
    const form = formRef.current
    if (form && initial.current !== null) setIsDirty(snapshotOf(form) !== initial.current)
  }, [formRef])

  const dialog = useUnsavedChanges(isDirty, { isLeaveAllowed: () => isSaving.current })
  return {
    dialog,
    /** Whether the form differs from what it first showed. */
    isDirty,
    check,
    setSaving: (saving: boolean) => {
      isSaving.current = saving
    },
  }
}
