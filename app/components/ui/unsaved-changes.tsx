/**
 * Warns before an edited form is left unsaved: an in-page confirmation for links and the back
 * button (React Router's blocker), the browser's own prompt for reloads and closing the tab.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { useBlocker } from 'react-router'
import { useConfirm } from './confirm-dialog.tsx'

const snapshotOf = (form: HTMLFormElement) =>
  JSON.stringify([...new FormData(form)].filter(([, value]) => typeof value === 'string'))

/**
 * Compares the form's fields with their values when it was first drawn. Call `check` after a
 * change React makes without an input event; the form's own submission is never blocked.
 */
export function useUnsavedChanges(formRef: RefObject<HTMLFormElement | null>) {
  const initial = useRef<string | null>(null)
  const isSaving = useRef(false)
  const [isDirty, setIsDirty] = useState(false)
  const { confirm, dialog } = useConfirm()

  useEffect(() => {
    if (formRef.current) initial.current = snapshotOf(formRef.current)
  }, [formRef])

  const check = useCallback(() => {
    const form = formRef.current
    if (form && initial.current !== null) setIsDirty(snapshotOf(form) !== initial.current)
  }, [formRef])

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && !isSaving.current && currentLocation.pathname !== nextLocation.pathname,
  )

  const isAsking = useRef(false)
  useEffect(() => {
    if (blocker.state !== 'blocked' || isAsking.current) return
    isAsking.current = true
    void confirm('Leave without saving?', {
      detail: 'Your changes to this form have not been saved.',
      confirmLabel: 'Leave',
      variant: 'danger',
    }).then((isLeaving) => {
      isAsking.current = false
      if (isLeaving) blocker.proceed()
      else blocker.reset()
    })
  }, [blocker, confirm])

  useEffect(() => {
    if (!isDirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [isDirty])

  return {
    dialog,
    check,
    /** Lets the form's own submission (and the redirect after it) through; false once refused. */
    setSaving: (saving: boolean) => {
      isSaving.current = saving
    },
  }
}
