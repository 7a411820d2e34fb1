import { useState } from 'react'
import { useNavigation } from 'react-router'
import { FaqBodySchema } from '#common/schemas/faq.ts'
import { ErrorState } from '#app/components/ui/error-state.tsx'
import { moveRow, useMoveRow, type Moved } from '#app/components/ui/move-buttons.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import { useConfirmedSubmit } from '#app/components/ui/paged-table.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { FaqForm } from '#app/features/faq/faq-form.tsx'
import { FaqItem } from '#app/features/faq/faq-item.tsx'
import {
  createFaq,
  deleteFaq,
  listFaqs,
  reorderFaqs,
  updateFaq,
} from '#app/features/faq/faq.api.ts'
import { requireAdmin, withSignIn } from '#app/features/users/guards.ts'
import { messageOf } from '#app/lib/api-client.ts'
import { movedIds } from '#app/lib/moved-ids.ts'
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
  | { moved: Moved | null }
  | undefined

export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  requireAdmin(request)
  const formData = await request.formData()
  const values = textFieldsOf(formData)
  const { intent, id = '' } = values
  const form = intent === 'update' ? id : NEW_FORM
  try {
    if (intent === 'delete') {
      await withSignIn(request, () => deleteFaq(id))
      toast.success('FAQ entry deleted successfully')
      return undefined
    }
    if (intent === 'move') {
      return await moveRow(formData, ({ direction }) =>
        withSignIn(request, async () => {
          const { faqs } = await listFaqs()
          await reorderFaqs(movedIds(faqs, id, direction === 'up' ? -1 : 1))
        }),
      )
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

export default function FaqAdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { faqs } = loaderData
  const navigation = useNavigation()
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

  const { move } = useMoveRow(actionData && 'moved' in actionData ? actionData.moved : null)

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
            <FaqItem
              key={faq._id}
              faq={faq}
              index={index}
              count={faqs.length}
              isEditing={editingId === faq._id}
              isBusy={isSubmitting}
              onEdit={() => setEditingId(faq._id)}
              onMove={(direction) => move(faq._id, direction)}
              onDelete={() =>
                void confirmDelete(faq._id, `“${faq.question}” will be removed from the FAQ page.`)
              }
            >
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
            </FaqItem>
          ))}
        </ol>
      )}
      <Panel title="Add a question" isRoomy>
        <FaqForm
          key={newFormKey}
          intent="create"
          submitLabel="Add Question"
          errors={formResult(NEW_FORM)?.errors}
          formError={formResult(NEW_FORM)?.formError}
          isSubmitting={isSubmitting}
          onEdit={() => markDirty(NEW_FORM)}
        />
      </Panel>
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
