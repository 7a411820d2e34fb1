/**
 * Toasts: bottom-center, one at a time. A brief one (a few words: "Website created successfully")
 * closes by itself after the specification's second; a longer one stays until it is dismissed or the
 * next one replaces it, so nothing longer than a glance goes before it is read. Hand-written rather
 * than a library because every public page carries it and the page-weight budget leaves no room
 * (docs/decisions/003).
 */
import { useEffect, useSyncExternalStore } from 'react'
import { useIsStaticPage } from './static-page.ts'
import { LineIcon } from '#app/components/ui/line-icon.tsx'

const TOAST_DURATION_MS = 1_200

/** A toast of at most this many words closes by itself; a longer one stays until dismissed. */
const TOAST_BRIEF_WORDS = 5

/** Whether `message` is read at a glance: a toast that closes by itself may carry it. */
export const isBriefMessage = (message: string) =>
  message.trim().split(/\s+/).length <= TOAST_BRIEF_WORDS

type ToastKind = 'success' | 'error' | 'info'
interface ToastState {
  id: number
  kind: ToastKind
  message: string
}

let current: ToastState | null = null
let nextId = 1
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

function show(kind: ToastKind, message: string) {
  current = { id: nextId++, kind, message }
  emit()
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  dismiss: () => {
    current = null
    emit()
  },
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const KIND_CLASSES: Record<ToastKind, string> = {
  success: 'bg-emerald-700 text-white',
  error: 'bg-red-700 text-white',
  info: 'bg-slate-800 text-white',
}

export function Toaster() {
  const active = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  )
  const isBrief = active ? isBriefMessage(active.message) : true
  useEffect(() => {
    if (!active) return
    if (!isBrief) {
      // A lasting toast also goes with Escape, as a dialog would.
      const onKeyDown = (event: KeyboardEvent) => {
        if (event.key === 'Escape' && current?.id === active.id) toast.dismiss()
      }
      document.addEventListener('keydown', onKeyDown)
      return () => document.removeEventListener('keydown', onKeyDown)
    }
    const timer = setTimeout(() => {
      if (current?.id === active.id) toast.dismiss()
    }, TOAST_DURATION_MS)
    return () => clearTimeout(timer)
  }, [active, isBrief])

  const isStatic = useIsStaticPage()
  return (
    <div
      aria-live="polite"
      role="status"
      data-toasts={TOAST_DURATION_MS}
      data-toast-words={TOAST_BRIEF_WORDS}
      className="pointer-events-none fixed inset-x-0 bottom-6 z-50 flex justify-center px-4"
    >
      {active ? (
        <ToastView
          key={active.id}
          kind={active.kind}
          message={active.message}
          onDismiss={isBrief ? undefined : toast.dismiss}
        />
      ) : null}
      {/* A page without React shows its toasts from these (submitFormsInPlace, page-behaviour.ts). */}
      {isStatic ? (
        <>
          <template data-toast="success">
            <ToastView kind="success" message="" onDismiss={() => {}} />
          </template>
          <template data-toast="error">
            <ToastView kind="error" message="" onDismiss={() => {}} />
          </template>
        </>
      ) : null}
    </div>
  )
}

function ToastView({
  kind,
  message,
  onDismiss,
}: {
  kind: ToastKind
  message: string
  /** A lasting toast's close button. */
  onDismiss?: () => void
}) {
  return (
    <div
      // Clicks pass through to the page beneath, but for the close button: a lasting toast never
      // stands in the way of what it covers.
      className={`pointer-events-none flex max-w-md items-start gap-3 rounded-lg py-3 pr-3 pl-5 text-sm font-medium shadow-lg ${KIND_CLASSES[kind]}`}
    >
      <span data-toast-text className="min-w-0 flex-1 py-0.5 wrap-anywhere">
        {message}
      </span>
      {onDismiss ? (
        // Named by its label alone, so the toast's text is its message and nothing else.
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          data-toast-dismiss
          className="pointer-events-auto -my-1 shrink-0 rounded-md p-1.5 text-white/90 hover:bg-white/15 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
        >
          <LineIcon d="M5 5l10 10M15 5L5 15" strokeWidth={2} />
        </button>
      ) : null}
    </div>
  )
}
