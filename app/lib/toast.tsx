/**
 * Toasts: bottom-center, one at a time, auto-closing. Hand-written rather than a library because
 * every public page carries it and the page-weight budget leaves no room (docs/decisions/003).
 */
import { useEffect, useSyncExternalStore } from 'react'
import { useIsStaticPage } from './static-page.ts'

const TOAST_DURATION_MS = 1_200

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
  useEffect(() => {
    if (!active) return
    const timer = setTimeout(() => {
      if (current?.id === active.id) toast.dismiss()
    }, TOAST_DURATION_MS)
    return () => clearTimeout(timer)
  }, [active])

  const isStatic = useIsStaticPage()
  return (
    <div
      aria-live="polite"
      role="status"
      data-toasts={TOAST_DURATION_MS}
      className="pointer-events-none fixed inset-x-0 bottom-6 z-50 flex justify-center px-4"
    >
      {active ? <ToastView key={active.id} kind={active.kind} message={active.message} /> : null}
      {/* A page without React shows its toasts from these (submitFormsInPlace, page-behaviour.ts). */}
      {isStatic ? (
        <>
          <template data-toast="success">
            <ToastView kind="success" message="" />
          </template>
          <template data-toast="error">
            <ToastView kind="error" message="" />
          </template>
        </>
      ) : null}
    </div>
  )
}

function ToastView({ kind, message }: { kind: ToastKind; message: string }) {
  return (
    <div
      className={`pointer-events-auto max-w-md rounded-lg px-5 py-3 text-sm font-medium shadow-lg ${KIND_CLASSES[kind]}`}
    >
      {message}
    </div>
  )
}
