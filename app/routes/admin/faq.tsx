import { useNavigation } from 'react-router'
import { FaqBodySchema } from '#common/schemas/faq.ts'
import { EditedList } from '#app/components/ui/edited-list.tsx'
import { ErrorState } from '#app/components/ui/error-state.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import { useConfirmedSubmit } from '#app/components/ui/confirm-dialog.tsx'
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
import { loadAsAdmin, withSignIn } from '#app/lib/guards.ts'
import { adminPost, runSignedIn } from '#app/lib/form.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { moveListRow, submitListForm, useListForms } from '#app/lib/use-list-forms.ts'
import type { Route } from './+types/faq'

const NEW_FORM = 'new'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Admin: FAQ', matches) },
]

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadAsAdmin(request, () => listFaqs())
}
clientLoader.hydrate = true as const

export async function clientAction({ request }: Route.ClientActionArgs) {
  const { formData, intent, id } = await adminPost(request)
  if (intent === 'delete')
    return runSignedIn(request, () => deleteFaq(id), 'FAQ entry deleted successfully')
  if (intent === 'move')
    return moveListRow(request, formData, async () => (await listFaqs()).faqs, reorderFaqs)
  if (intent === 'update')
    return submitListForm(
      id,
      formData,
      FaqBodySchema,
      (body) => withSignIn(request, () => updateFaq(id, body)),
      'FAQ entry updated successfully',
    )
  return submitListForm(
    NEW_FORM,
    formData,
    FaqBodySchema,
    (body) => withSignIn(request, () => createFaq(body)),
    'FAQ entry created successfully',
  )
}

export function HydrateFallback() {
  return <Spinner />
}

export default function FaqAdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { faqs } = loaderData
  const navigation = useNavigation()
  const isSubmitting = navigation.state === 'submitting'
  const { confirmDelete, dialog: deleteDialog } = useConfirmedSubmit()
  const forms = useListForms(actionData, NEW_FORM)

  return (
    <div className="max-w-3xl">
      <PageHeader
        title="FAQ"
        subtitle={`${faqs.length} ${faqs.length === 1 ? 'question' : 'questions'} on the FAQ page, in this order. The first one shows open.`}
      />
      <EditedList
        label="FAQ entries"
        items={faqs}
        empty="No questions yet. Add the first one below."
      >
        {(faq, index) => (
          <FaqItem
            key={faq._id}
            faq={faq}
            index={index}
            count={faqs.length}
            isEditing={forms.editingId === faq._id}
            isBusy={isSubmitting}
            onEdit={() => forms.edit(faq._id)}
            onMove={(direction) => forms.move(faq._id, direction)}
            onDelete={() =>
              void confirmDelete(faq._id, `“${faq.question}” will be removed from the FAQ page.`)
            }
          >
            <FaqForm
              faq={faq}
              intent="update"
              submitLabel="Save Question"
              errors={forms.errorsOf(faq._id)}
              isSubmitting={isSubmitting}
              onEdit={() => forms.markDirty(faq._id)}
              onCancel={() => forms.cancel(faq._id)}
            />
          </FaqItem>
        )}
      </EditedList>
      <Panel title="Add a question" isRoomy>
        <FaqForm
          key={forms.listFormKey}
          intent="create"
          submitLabel="Add Question"
          errors={forms.errorsOf(NEW_FORM)}
          isSubmitting={isSubmitting}
          onEdit={() => forms.markDirty(NEW_FORM)}
        />
      </Panel>
      {deleteDialog}
      {forms.leaveDialog}
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
