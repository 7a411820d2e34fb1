/**
 * Warns before leaving a form with unsaved edits: an in-page confirmation when following a link
 * inside the app (React Router's blocker), the browser's own prompt when closing or reloading.
 * Render the returned `dialog` once in the page.
 */
import { useEffect } from 'react'
import { useBlocker } from 'react-router'
import { useConfirm } from '#app/components/ui/confirm-dialog.tsx'

export function useUnsavedChanges(isDirty: boolean) {
  const { confirm, dialog } = useConfirm()
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && currentLocation.pathname !== nextLocation.pathname,
  )

  useEffect(() => {
    if (blocker.state !== 'blocked') return
    void confirm('Leave without saving?', {
      detail: 'Your changes on this page have not been saved and will be lost.',
      confirmLabel: 'Leave',
      variant: 'danger',
    }).then((leave) => (leave ? blocker.proceed() : blocker.reset()))
  }, [blocker, confirm])

  useEffect(() => {
    if (!isDirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [isDirty])

  return dialog
}
