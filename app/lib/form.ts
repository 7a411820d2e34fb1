/**
 * The one way an admin or account form is read and sent. A field is named by its path in the
 * value the server takes (`social.github`, `bannerStacks.0`, `menu.2.label`), so no form keeps a
 * mapping of its own: `parseForm` spells the nested value from the names and reads each text as
 * the schema's type; `submitForm` checks it, sends it, puts a refusal on the field it names and
 * says "saved" with a toast; `runIntent` does the same for a post of one button (delete, move,
 * send).
 */
import { useEffect, useState, type FormEvent, type RefObject } from 'react'
import type { z } from 'zod'
import { ApiError, messageOf } from './api-client.ts'
import { requireAdmin, withSignIn } from './guards.ts'
import { toast } from './toast.tsx'

/** A form's errors: the first message of each field, keyed by the field's name; `form` for the form as a whole. */
export type FieldErrors = Partial<Record<string, string>>

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors }

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
 * spaces ("20, 45"), anything else as JSON (an editor's hidden field). An empty field is an empty
 * list: a list's own field, sent empty beside its items' fields, so a list with none left is sent.
 */
function listOf(text: string, element: z.ZodType | undefined): unknown {
  if (text.trim() === '') return []
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

/**
 * The text fields of a submitted form as the nested value their names spell; a repeated name keeps
 * its last value, and a list's own empty field (`gallery`) gives way to its items' (`gallery.0.alt`).
 */
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
    const last = keys.at(-1)!
    if (!isRecord(node[last])) node[last] = value
  }
  return root
}

/**
 * The fields a value is sent as, each named by its path (`steps.1.body`), for a form whose editor
 * keeps its value in state: what `parseForm` reads back. An empty list is sent as its own empty
 * field, a missing value as an empty one.
 */
export function formDataOf(value: Record<string, unknown>): FormData {
  const formData = new FormData()
  const add = (item: unknown, path: string) => {
    if (Array.isArray(item)) {
      if (item.length === 0) formData.append(path, '')
      item.forEach((each, index) => add(each, `${path}.${index}`))
    } else if (isRecord(item)) {
      for (const [key, each] of Object.entries(item)) add(each, path ? `${path}.${key}` : key)
    } else formData.append(path, item == null ? '' : String(item as string | number | boolean))
  }
  add(value, '')
  return formData
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

/**
 * Checks a value already built (a public page's posted fields) with `schema`: the value, or the
 * first message of each field, keyed by the field `fieldFor` names for an issue's path (by
 * default the path's first key, else the form).
 */
export function parseValue<S extends z.ZodType>(
  schema: S,
  value: unknown,
  fieldFor: (path: readonly PropertyKey[]) => string = (path) => String(path[0] ?? 'form'),
): Validation<z.output<S>> {
  const result = schema.safeParse(value)
  if (result.success) return { ok: true, data: result.data }
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) errors[fieldFor(issue.path)] ??= issue.message
  return { ok: false, errors }
}

/** Reads a submitted form with `schema`: the value, or the first message of each field, keyed by the field's name. */
export function parseForm<S extends z.ZodType>(
  schema: S,
  formData: FormData,
): Validation<z.output<S>> {
  const names = fieldNamesOf(formData)
  return parseValue(schema, coerce(schema, nestedValues(formData)), (path) =>
    fieldOf(path.join('.'), names),
  )
}

/**
 * A refusal a form's save makes itself, or reads from the server's answer, about one field (a
 * password the server says is wrong): `submitForm` puts its message on that field.
 */
export class FieldRefusal extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message)
    this.name = 'FieldRefusal'
  }
}

/**
 * The server's 400 that names a field ("social.github: GitHub link must be …", as the API's
 * validation answers) on that field, as a save's FieldRefusal; any other refusal on the form as a
 * whole.
 */
function refusalErrors(error: unknown, names: readonly string[]): FieldErrors {
  if (error instanceof FieldRefusal) return { [error.field]: error.message }
  const message = messageOf(error)
  const named =
    error instanceof ApiError && error.status === 400 && /^([\w.]+): (.+)$/s.exec(message)
  const field = named ? fieldOf(named[1]!, names) : 'form'
  return field === 'form' ? { form: message } : { [field]: named ? named[2] : message }
}

/** A form's outcome: its errors, or saved with the server's answer (for the route to go on from). */
export type FormResult<A = unknown> = { errors: FieldErrors } | { saved: true; answer: A }

/** What the toast says once done: fixed words, or words from the answer (the server's `message`). */
type Saved<A> = string | ((answer: A) => string | undefined) | undefined

function sayDone<A>(saved: Saved<A>, answer: A) {
  const text = typeof saved === 'function' ? saved(answer) : saved
  if (text) toast.success(text)
}

/**
 * Reads `formData` with `schema`, sends the value with `save`, and toasts `saved` once it is
 * stored (none for a step whose answer shows itself, such as confirming the password). A redirect
 * (a Response: to sign in, or on from the save) is thrown on for React Router.
 */
export async function submitForm<S extends z.ZodType, A>(
  formData: FormData,
  schema: S,
  save: (data: z.output<S>) => Promise<A>,
  saved: Saved<A>,
): Promise<FormResult<A>> {
  const result = parseForm(schema, formData)
  if (!result.ok) return { errors: result.errors }
  let answer: A
  try {
    answer = await save(result.data)
  } catch (error) {
    if (error instanceof Response) throw error
    return { errors: refusalErrors(error, fieldNamesOf(formData)) }
  }
  sayDone(saved, answer)
  return { saved: true, answer }
}

/**
 * A post of one button (delete, move, send, approve), which has no fields to show an error on:
 * runs it, toasts `done` once it has, and a refusal as an error toast. The answer, or undefined
 * once refused; a redirect (a Response) is thrown on for React Router.
 */
export async function runIntent<A>(run: () => Promise<A>, done: Saved<A>): Promise<A | undefined> {
  let answer: A
  try {
    answer = await run()
  } catch (error) {
    if (error instanceof Response) throw error
    toast.error(messageOf(error))
    return undefined
  }
  sayDone(done, answer)
  return answer
}

/**
 * `runIntent` for a post a clientAction answers: `send` goes out with `withSignIn`, so a sign-in
 * the server no longer accepts leads to the sign-in page.
 */
export const runSignedIn = <A>(request: Request, send: () => Promise<A>, done: Saved<A>) =>
  runIntent(() => withSignIn(request, send), done)

/** Which button of a list or page sent the post (`intent`), and the row it is for (`id`, or ''). */
export const intentOf = (formData: FormData) => ({
  intent: formData.get('intent'),
  id: String(formData.get('id') ?? ''),
})

/**
 * An admin screen's post, read once the session is checked: its fields, which button sent it and
 * the row it is for (`intentOf`).
 */
export async function adminPost(request: Request) {
  requireAdmin(request)
  const formData = await request.formData()
  return { formData, ...intentOf(formData) }
}

/** What the toast says once done, when the server's answer says it itself (its `message`). */
export const answerMessage = ({ message }: { message: string }) => message

/** The field errors of an action's answer, if it has any. */
export const errorsOf = (result: object | null | undefined): FieldErrors | undefined =>
  result && 'errors' in result ? (result.errors as FieldErrors) : undefined

/**
 * What an editor's alert says after a refusal, its fields perhaps out of sight beside the
 * preview: the form's own error, else that fields need correcting.
 */
export const editorAlertOf = (errors: FieldErrors | undefined): string | undefined =>
  errors?.form ??
  (errors && Object.keys(errors).length > 0 ? 'Please correct the highlighted fields.' : undefined)

/** After a refused submit, moves focus to the first invalid field so keyboard and screen-reader users land on it. */
export function useFocusFirstError(
  form: RefObject<HTMLFormElement | null>,
  errors: FieldErrors | undefined,
) {
  useEffect(() => {
    if (!errors || Object.keys(errors).length === 0) return
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [form, errors])
}

/**
 * `submitForm` for a section's form on a page of several (the account's security sections, the
 * website's link check), which has no clientAction of its own: run on submit, the form emptied
 * once it succeeds unless it edits a stored value (`isEmptiedOnSave: false`).
 */
export function useFormSubmit<S extends z.ZodType, A>(
  schema: S,
  save: (data: z.output<S>) => Promise<A>,
  saved?: Saved<A>,
  { isEmptiedOnSave = true }: { isEmptiedOnSave?: boolean } = {},
) {
  const [errors, setErrors] = useState<FieldErrors>()
  const [isBusy, setBusy] = useState(false)
  async function submit(form: HTMLFormElement) {
    setBusy(true)
    try {
      const result = await submitForm(new FormData(form), schema, save, saved)
      setErrors(errorsOf(result))
      if ('saved' in result && isEmptiedOnSave) form.reset()
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
