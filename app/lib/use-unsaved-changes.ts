/**
 * Warns before leaving a form with unsaved edits: an in-page confirmation when following a link
 * inside the app (React Router's blocker), the browser's own prompt when closing or reloading.
 * Render the returned `dialog` once in the page.
 *
 * `isLeaveAllowed` is asked at the moment of leaving (say, while the form's own submission and the
 * redirect after it are on their way); with `watchSearch`, a change of the query string (an editor
 * that picks its document there) counts as leaving too.
 */
import { useEffect, useRef } from 'react'
import { useBlocker } from 'react-router'
import { useConfirm } from '#app/components/ui/confirm-dialog.tsx'

export function useUnsavedChanges(
  isDirty: boolean,
  {
    isLeaveAllowed,
    watchSearch = false,
  }: { isLeaveAllowed?: () => boolean; watchSearch?: boolean } = {},
) {
  const { confirm, dialog } = useConfirm()
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty &&
      !isLeaveAllowed?.() &&
      (currentLocation.pathname !== nextLocation.pathname ||
        (watchSearch && currentLocation.search !== nextLocation.search)),
  )

  const isAsking = useRef(false)
  useEffect(() => {
    if (blocker.state !== 'blocked' || isAsking.current) return
    isAsking.current = true
    void confirm('Leave without saving?', {
      detail: 'Your changes have not been saved and will be lost.',
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

  return dialog
}
