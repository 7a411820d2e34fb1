import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react'
import { useNavigation, useSubmit, type FetcherWithComponents } from 'react-router'
import { Button } from './button.tsx'

export interface ConfirmOptions {
  detail?: string
  confirmLabel?: string
  variant?: 'primary' | 'danger'
}

interface PendingConfirm extends ConfirmOptions {
  question: string
  resolve: (confirmed: boolean) => void
}

/**
 * An in-page replacement for window.confirm: `await confirm('Are you sure to delete?')`. Render
 * `dialog` once in the component. The native <dialog> keeps focus inside and closes on Escape.
 */
export function useConfirm(): {
  confirm: (question: string, options?: ConfirmOptions) => Promise<boolean>
  dialog: ReactNode
} {
  const [pending, setPending] = useState<PendingConfirm | null>(null)
  const confirm = useCallback(
    (question: string, options: ConfirmOptions = {}) =>
      new Promise<boolean>((resolve) => setPending({ ...options, question, resolve })),
    [],
  )
  const dialog = pending ? (
    <ConfirmDialog
      key={pending.question}
      {...pending}
      onDone={(confirmed) => {
        setPending(null)
        pending.resolve(confirmed)
      }}
    />
  ) : null
  return { confirm, dialog }
}

/**
 * Posts `{ intent, ... }` (or a form's fields with their `intent`) to the route's clientAction once
 * the in-page dialog is confirmed, and tells which intent (and row id) is on its way. Render
 * `dialog` once in the page.
 */
export function useConfirmedSubmit() {
  const submit = useSubmit()
  const navigation = useNavigation()
  const { confirm, dialog } = useConfirm()
  const pendingIntent = navigation.formData?.get('intent')
  const pendingId = navigation.formData?.get('id')

  async function confirmSubmit(
    question: string,
    options: ConfirmOptions,
    data: ({ intent: string } & Record<string, string>) | FormData,
  ) {
    if (await confirm(question, options)) await submit(data, { method: 'post' })
  }

  return {
    dialog,
    pendingIntent,
    confirmSubmit,
    isDeleting: (id: string) => pendingIntent === 'delete' && pendingId === id,
    confirmDelete: (id: string, detail: string) =>
      confirmSubmit(
        'Are you sure to delete?',
        { detail, confirmLabel: 'Delete', variant: 'danger' },
        { intent: 'delete', id },
      ),
  }
}

/**
 * The Delete of one entry beside a list (a file, a project, a terms template), posting `data` with
 * the entry's fetcher once `question` is confirmed (`detail` says what follows); it waits while
 * that fetcher is busy.
 */
export function FetcherDeleteButton({
  fetcher,
  question,
  detail,
  data,
  size,
  children,
}: {
  fetcher: Pick<FetcherWithComponents<unknown>, 'state' | 'submit'>
  question: string
  detail: string
  data: { intent: string; id: string }
  size?: ComponentProps<typeof Button>['size']
  children: ReactNode
}) {
  const { confirm, dialog } = useConfirm()
  return (
    <>
      <Button
        variant="ghost"
        size={size}
        disabled={fetcher.state !== 'idle'}
        onClick={async () => {
          if (await confirm(question, { detail, confirmLabel: 'Delete', variant: 'danger' }))
            await fetcher.submit(data, { method: 'post' })
        }}
      >
        {children}
      </Button>
      {dialog}
    </>
  )
}

/** What a draft's Delete asks first (a proposal's, an invoice's). */
export const CONFIRM_DRAFT_DELETE: [string, ConfirmOptions] = [
  'Delete this draft?',
  { confirmLabel: 'Delete', variant: 'danger' },
]

/** A form's fields, to post with `intent`: a button that asks first, then sends the form its way. */
export function fieldsWithIntent(form: HTMLFormElement | null, intent: string): FormData {
  const formData = new FormData(form ?? undefined)
  formData.set('intent', intent)
  return formData
}

function ConfirmDialog({
  question,
  detail,
  confirmLabel = 'OK',
  variant = 'primary',
  onDone,
}: ConfirmOptions & { question: string; onDone: (confirmed: boolean) => void }) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const detailId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={detail ? detailId : undefined}
      onClose={(event) => onDone(event.currentTarget.returnValue === 'confirm')}
      className="m-auto w-[calc(100%-2rem)] max-w-sm rounded-xl bg-white p-6 text-slate-800 shadow-xl backdrop:bg-black/50"
    >
      <form method="dialog">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {question}
        </h2>
        {detail ? (
          <p id={detailId} className="mt-2 text-sm text-slate-600">
            {detail}
          </p>
        ) : null}
        <div className="mt-6 flex justify-end gap-3">
          {/* eslint-disable-next-line jsx-a11y-x/no-autofocus -- the safe choice gets focus when the dialog opens */}
          <Button type="submit" value="cancel" variant="secondary" autoFocus>
            Cancel
          </Button>
          <Button type="submit" value="confirm" variant={variant}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </dialog>
  )
}
