import { useEffect, useState } from 'react'
import { useNavigation, useSubmit } from 'react-router'
import { FaqBodySchema, type Faq } from '#common/schemas/faq.ts'
import { Button } from '#app/components/ui/button.tsx'
import { ErrorState } from '#app/components/ui/error-state.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { RowActions, useConfirmedSubmit } from '#app/components/ui/paged-table.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { FaqForm } from '#app/features/faq/faq-form.tsx'
import {
  createFaq,
  deleteFaq,
  listFaqs,
  movedIds,
  reorderFaqs,
  updateFaq,
} from '#app/features/faq/faq.api.ts'
import { requireAdmin, withSignIn } from '#app/features/users/guards.ts'
import { messageOf } from '#app/lib/api-client.ts'
import { textFieldsOf, validate, type FieldErrors } from '#app/lib/form-errors.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { toast } from '#app/lib/toast.tsx'
import { useUnsavedChanges } from '#app/lib/use-unsaved-changes.ts'
import type { Route } from './+types/faq'

const NEW_FORM = 'new'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Admin: FAQ', matches) },
]

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAdmin(request)
  return withSignIn(request, () => listFaqs())
}
clientLoader.hydrate = true as const

type ActionResult =
  | { form: string; errors?: FieldErrors; formError?: string; done?: boolean }
  | { moved: { id: string; step: -1 | 1 } }
  | undefined

export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  requireAdmin(request)
  const values = textFieldsOf(await request.formData())
  const { intent, id = '' } = values
  const form = intent === 'update' ? id : NEW_FORM
  try {
    if (intent === 'delete') {
      await withSignIn(request, () => deleteFaq(id))
      toast.success('FAQ entry deleted successfully')
      return undefined
    }
    if (intent === 'move') {
      const step = values.step === 'up' ? -1 : 1
      const { faqs } = await withSignIn(request, () => listFaqs())
      await withSignIn(request, () => reorderFaqs(movedIds(faqs, id, step)))
      toast.success(step === -1 ? 'Moved up' : 'Moved down')
      return { moved: { id, step } }
    }
    const result = validate(FaqBodySchema, values)
    if (!result.ok) return { form, errors: result.errors }
    if (intent === 'update') {
      await withSignIn(request, () => updateFaq(id, result.data))
      toast.success('FAQ entry updated successfully')
    } else {
      await withSignIn(request, () => createFaq(result.data))
      toast.success('FAQ entry created successfully')
    }
    return { form, done: true }
  } catch (error) {
    if (error instanceof Response) throw error
    if (intent === 'delete' || intent === 'move') {
      toast.error(messageOf(error))
      return undefined
    }
    return { form, formError: messageOf(error) }
  }
}

export function HydrateFallback() {
  return <Spinner />
}

function FaqItem({
  faq,
  index,
  count,
  isEditing,
  onEdit,
  onDelete,
  onMove,
  isBusy,
}: {
  faq: Faq
  index: number
  count: number
  isEditing: boolean
  onEdit: () => void
  onDelete: () => void
  onMove: (step: 'up' | 'down') => void
  isBusy: boolean
}) {
  return (
    <>
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="mt-0.5 flex h-7 w-7 flex-none items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-800"
        >
          {index + 1}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold wrap-anywhere text-slate-900">{faq.question}</h2>
          {isEditing ? null : (
            <p className="mt-1 line-clamp-3 text-sm wrap-anywhere whitespace-pre-line text-slate-700">
              {faq.answer}
            </p>
          )}
        </div>
      </div>
      {isEditing ? null : (
        <div className="mt-4 sm:pl-10">
          <RowActions>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Edit ${faq.question}`}
              onClick={onEdit}
            >
              Edit
            </Button>
            <Button
              id={`move-up-${faq._id}`}
              variant="secondary"
              size="sm"
              aria-label={`Move up: ${faq.question}`}
              disabled={index === 0 || isBusy}
              onClick={() => onMove('up')}
            >
              Move up
            </Button>
            <Button
              id={`move-down-${faq._id}`}
              variant="secondary"
              size="sm"
              aria-label={`Move down: ${faq.question}`}
              disabled={index === count - 1 || isBusy}
              onClick={() => onMove('down')}
            >
              Move down
            </Button>
            <Button
              variant="danger"
              size="sm"
              aria-label={`Delete ${faq.question}`}
              onClick={onDelete}
            >
              Delete
            </Button>
          </RowActions>
        </div>
      )}
    </>
  )
}

export default function FaqAdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { faqs } = loaderData
  const navigation = useNavigation()
  const submit = useSubmit()
  const isSubmitting = navigation.state === 'submitting'
  const { confirmDelete, dialog: deleteDialog } = useConfirmedSubmit()
  const [editingId, setEditingId] = useState<string | null>(null)
  const [dirtyForms, setDirtyForms] = useState<ReadonlySet<string>>(new Set())
  const [newFormKey, setNewFormKey] = useState(0)
  const leaveDialog = useUnsavedChanges(dirtyForms.size > 0)

  const markDirty = (form: string) => setDirtyForms((forms) => new Set(forms).add(form))
  const markClean = (form: string) =>
    setDirtyForms((forms) => {
      const next = new Set(forms)
      next.delete(form)
      return next
    })

  // A new answer from the action: a saved form has nothing unsaved left and closes (or empties).
  const [seenAction, setSeenAction] = useState(actionData)
  if (actionData !== seenAction) {
    setSeenAction(actionData)
    if (actionData && 'form' in actionData && actionData.done) {
      markClean(actionData.form)
      if (actionData.form === NEW_FORM) setNewFormKey((key) => key + 1)
      else setEditingId(null)
    }
  }

  useEffect(() => {
    if (!actionData || !('moved' in actionData)) return
    // Keep keyboard focus on the moved entry's button (or its other one at the list's end).
    const { id, step } = actionData.moved
    const same = document.getElementById(`move-${step === -1 ? 'up' : 'down'}-${id}`)
    const other = document.getElementById(`move-${step === -1 ? 'down' : 'up'}-${id}`)
    ;(same instanceof HTMLButtonElement && !same.disabled ? same : other)?.focus()
  }, [actionData])

  const formResult = (form: string) =>
    actionData && 'form' in actionData && actionData.form === form && !actionData.done
      ? actionData
      : undefined

  return (
    <div className="max-w-3xl">
      <PageHeader
        title="FAQ"
        subtitle={`${faqs.length} ${faqs.length === 1 ? 'question' : 'questions'} on the FAQ page, in this order. The first one shows open.`}
      />
      {faqs.length === 0 ? (
        <p className="mb-6 rounded-xl border border-slate-200 bg-white p-5 text-slate-700">
          No questions yet. Add the first one below.
        </p>
      ) : (
        <ol className="mb-8 space-y-3" aria-label="FAQ entries">
          {faqs.map((faq, index) => (
            <li
              key={faq._id}
              className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
            >
              <FaqItem
                faq={faq}
                index={index}
                count={faqs.length}
                isEditing={editingId === faq._id}
                isBusy={isSubmitting}
                onEdit={() => setEditingId(faq._id)}
                onMove={(step) =>
                  void submit({ intent: 'move', id: faq._id, step }, { method: 'post' })
                }
                onDelete={() =>
                  void confirmDelete(
                    faq._id,
                    `“${faq.question}” will be removed from the FAQ page.`,
                  )
                }
              />
              {editingId === faq._id ? (
                <div className="mt-4">
                  <FaqForm
                    faq={faq}
                    intent="update"
                    submitLabel="Save Question"
                    errors={formResult(faq._id)?.errors}
                    formError={formResult(faq._id)?.formError}
                    isSubmitting={isSubmitting}
                    onEdit={() => markDirty(faq._id)}
                    onCancel={() => {
                      markClean(faq._id)
                      setEditingId(null)
                    }}
                  />
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <section
        aria-labelledby="new-faq-title"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <h2 id="new-faq-title" className="mb-4 text-lg font-semibold text-slate-900">
          Add a question
        </h2>
        <FaqForm
          key={newFormKey}
          intent="create"
          submitLabel="Add Question"
          errors={formResult(NEW_FORM)?.errors}
          formError={formResult(NEW_FORM)?.formError}
          isSubmitting={isSubmitting}
          onEdit={() => markDirty(NEW_FORM)}
        />
      </section>
      {deleteDialog}
      {leaveDialog}
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorState
      title="FAQ"
      error={error}
      back={{ to: '/admin/dashboard', label: 'Back to the dashboard' }}
    />
  )
}
