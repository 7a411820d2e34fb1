import { useRef, useState } from 'react'

/**
 * What a form shows beside itself as it is filled in (an editor's preview or totals): `previewOf`
 * reads the form after each edit the form reports through `edited`.
 */
export function useFormPreview<T>(
  previewOf: (form: HTMLFormElement | null) => T | undefined,
  initial?: () => T | undefined,
) {
  const formRef = useRef<HTMLFormElement>(null)
  const [preview, setPreview] = useState<T | undefined>(initial)
  // After the edit is drawn (a row added or removed, a template's text), the form holds it.
  const edited = () => requestAnimationFrame(() => setPreview(previewOf(formRef.current)))
  return { formRef, preview, edited }
}
