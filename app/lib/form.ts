/**
 * The one way an admin or account form is read and sent. A field is named by its path in the
 * value the server takes (`social.github`, `bannerStacks.0`, `menu.2.label`), so no form keeps a
 * mapping of its own: `parseForm` spells the nested value from the names and reads each text as
 * the schema's type; `submitForm` checks it, sends it, puts a refusal on the field it names and
 * says "saved" with a toast.
 */
import { useState, type FormEvent } from 'react'
import type { z } from 'zod'
import { ApiError, messageOf } from './api-client.ts'
import type { FieldErrors, Validation } from './form-errors.ts'
import { toast } from './toast.tsx'

/** The parts of a Zod schema's definition the reading below looks at. */
interface SchemaDef {
  type: string
  shape?: Record<string, z.ZodType>
  element?: z.ZodType
  innerType?: z.ZodType
  in?: z.ZodType
}

const defOf = (schema: z.ZodType) => schema._zod.def as unknown as SchemaDef

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** `{ "0": a, "1": b }` (fields `x.0`, `x.1`) as `[a, b]`, in the indexes' order. */
const indexedItems = (value: Record<string, unknown>) =>
  Object.keys(value)
    .filter((key) => /^\d+$/.test(key))
    .sort((a, b) => Number(a) - Number(b))
    .map((key) => value[key])

/**
 * A list typed into one field: text items one a line (a textarea), numbers apart by commas or
 * spaces ("20, 45"), anything else as JSON (an editor's hidden field).
 */
function listOf(text: string, element: z.ZodType | undefined): unknown {
  const type = element ? defOf(element).type : 'unknown'
  if (type === 'string')
    return text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '')
  if (type === 'number') return text.split(/[\s,;]+/).filter((part) => part !== '')
  return parseJson(text)
}

/**
 * A field's text as the type its schema wants: a checkbox's "on" (or a hidden "true"/"false") as a
 * boolean and anything else (its absence) as false, a number's text as a number and empty as missing, an empty
 * nullable field as null. A value already of its type stays as it is, and one that cannot be read
 * is left for the schema to refuse with its own message.
 */
function coerce(schema: z.ZodType, value: unknown): unknown {
  const def = defOf(schema)
  switch (def.type) {
    case 'optional':
      return value === undefined ? undefined : coerce(def.innerType!, value)
    case 'default':
    case 'readonly':
      return coerce(def.innerType!, value)
    case 'nullable':
      return typeof value === 'string' && value.trim() === '' ? null : coerce(def.innerType!, value)
    case 'pipe':
      return coerce(def.in!, value)
    case 'boolean':
      return value === undefined || typeof value === 'string'
        ? value === 'on' || value === 'true'
        : value
    case 'number':
      if (typeof value !== 'string') return value
      return value.trim() === '' ? undefined : Number(value)
    case 'array': {
      const items =
        typeof value === 'string'
          ? listOf(value, def.element)
          : isRecord(value)
            ? indexedItems(value)
            : value
      return Array.isArray(items) ? items.map((item) => coerce(def.element!, item)) : items
    }
    case 'object': {
      const source = typeof value === 'string' ? parseJson(value) : (value ?? {})
      if (!isRecord(source)) return source
      return Object.fromEntries(
        Object.entries(def.shape ?? {}).map(([key, field]) => [key, coerce(field, source[key])]),
      )
    }
    default:
      return value
  }
}

/** The text fields of a submitted form as the nested value their names spell; a repeated name keeps its last value. */
function nestedValues(formData: FormData): Record<string, unknown> {
  const root: Record<string, unknown> = {}
  for (const [name, value] of formData) {
    if (typeof value !== 'string') continue
    const keys = name.split('.')
    let node = root
    for (const key of keys.slice(0, -1)) {
      const next = node[key]
      node = isRecord(next) ? next : (node[key] = {})
    }
    node[keys.at(-1)!] = value
  }
  return root
}

/**
 * The field an error at `path` belongs on: the submitted field whose name is the path or its
 * longest beginning ("inquiry.budgets" for "inquiry.budgets.2"), else the form as a whole.
 */
function fieldOf(path: string, names: readonly string[]): string {
  let field = 'form'
  for (const name of names) {
    if (
      (path === name || path.startsWith(`${name}.`)) &&
      (field === 'form' || name.length > field.length)
    )
      field = name
  }
  return field
}

const fieldNamesOf = (formData: FormData) => [...new Set(formData.keys())]

/** Reads a submitted form with `schema`: the value, or the first message of each field, keyed by the field's name. */
export function parseForm<S extends z.ZodType>(
  schema: S,
  formData: FormData,
): Validation<z.output<S>> {
  const result = schema.safeParse(coerce(schema, nestedValues(formData)))
  if (result.success) return { ok: true, data: result.data }
  const names = fieldNamesOf(formData)
  const errors: FieldErrors = {}
  for (const issue of result.error.issues)
    errors[fieldOf(issue.path.join('.'), names)] ??= issue.message
  return { ok: false, errors }
}

/**
 * The server's 400 that names a field ("social.github: GitHub link must be …", as the API's
 * validation answers) on that field; any other refusal on the form as a whole.
 */
function refusalErrors(error: unknown, names: readonly string[]): FieldErrors {
  const message = messageOf(error)
  const named =
    error instanceof ApiError && error.status === 400 && /^([\w.]+): (.+)$/s.exec(message)
  const field = named ? fieldOf(named[1]!, names) : 'form'
  return field === 'form' ? { form: message } : { [field]: named ? named[2] : message }
}

export type FormResult = { errors: FieldErrors } | { saved: true }

/** What the toast says once saved: fixed words, or the server's own (`{ message }` answers). */
type Saved<A> = string | ((answer: A) => string) | undefined

/**
 * Reads `formData` with `schema`, sends the value with `save`, and toasts `saved` once it is
 * stored (none for a step whose answer shows itself, such as confirming the password). A redirect to sign in (a Response) is thrown on for React Router.
 */
export async function submitForm<S extends z.ZodType, A>(
  formData: FormData,
  schema: S,
  save: (data: z.output<S>) => Promise<A>,
  saved: Saved<A>,
): Promise<FormResult> {
  const result = parseForm(schema, formData)
  if (!result.ok) return { errors: result.errors }
  let answer: A
  try {
    answer = await save(result.data)
  } catch (error) {
    if (error instanceof Response) throw error
    return { errors: refusalErrors(error, fieldNamesOf(formData)) }
  }
  const text = typeof saved === 'function' ? saved(answer) : saved
  if (text) toast.success(text)
  return { saved: true }
}

/** The field errors of an action's answer, if it has any. */
export const errorsOf = (result: object | undefined): FieldErrors | undefined =>
  result && 'errors' in result ? (result.errors as FieldErrors) : undefined

/**
 * `submitForm` for a section's form on a page of several (the account's security sections), which
 * has no clientAction of its own: run on submit, the form emptied once it succeeds.
 */
export function useFormSubmit<S extends z.ZodType, A>(
  schema: S,
  save: (data: z.output<S>) => Promise<A>,
  saved?: Saved<A>,
) {
  const [errors, setErrors] = useState<FieldErrors>()
  const [isBusy, setBusy] = useState(false)
  async function submit(form: HTMLFormElement) {
    setBusy(true)
    try {
      const result = await submitForm(new FormData(form), schema, save, saved)
      setErrors(errorsOf(result))
      if ('saved' in result) form.reset()
    } finally {
      setBusy(false)
    }
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    void submit(event.currentTarget)
  }
  return { errors, isBusy, onSubmit }
}
