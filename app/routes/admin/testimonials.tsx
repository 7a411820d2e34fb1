import { useNavigation, useSubmit } from 'react-router'
import {
  TESTIMONIAL_REQUEST_TTL_DAYS,
  TestimonialRequestBodySchema,
  TestimonialUpdateBodySchema,
} from '#common/schemas/testimonials.ts'
import { EditedList } from '#app/components/ui/edited-list.tsx'
import { ErrorState } from '#app/components/ui/error-state.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import { useConfirmedSubmit } from '#app/components/ui/confirm-dialog.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { TestimonialRequestForm } from '#app/features/testimonials/request-form.tsx'
import { TestimonialRequestList } from '#app/features/testimonials/request-list.tsx'
import { TestimonialEditForm } from '#app/features/testimonials/testimonial-edit-form.tsx'
import { TestimonialItem } from '#app/features/testimonials/testimonial-item.tsx'
import {
  deleteTestimonial,
  listTestimonialRequests,
  listTestimonialsForAdmin,
  reorderTestimonials,
  resendTestimonialRequest,
  requestTestimonial,
  updateTestimonial,
} from '#app/features/testimonials/testimonials.api.ts'
import { loadAsAdmin, withSignIn } from '#app/lib/guards.ts'
import { imageFileProblem, uploadImage } from '#app/lib/upload-image.ts'
import { adminPost, runSignedIn } from '#app/lib/form.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { moveListRow, submitListForm, useListForms } from '#app/lib/use-list-forms.ts'
import type { Route } from './+types/testimonials'

const REQUEST_FORM = 'request'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Admin: Testimonials', matches) },
]

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadAsAdmin(request, async () => {
    const [list, { requests }] = await Promise.all([
      listTestimonialsForAdmin(),
      listTestimonialRequests(),
    ])
    return { ...list, requests }
  })
}
clientLoader.hydrate = true as const

export async function clientAction({ request }: Route.ClientActionArgs) {
  const { formData, intent, id } = await adminPost(request)
  if (intent === 'delete')
    return runSignedIn(request, () => deleteTestimonial(id), 'Testimonial deleted successfully')
  if (intent === 'approve' || intent === 'hide')
    return runSignedIn(
      request,
      () => updateTestimonial(id, { approved: intent === 'approve' }),
      intent === 'approve' ? 'Testimonial approved' : 'Testimonial hidden',
    )
  if (intent === 'resend')
    return runSignedIn(
      request,
      () => resendTestimonialRequest(id),
      `A new link was sent to ${String(formData.get('email') ?? 'the client')}`,
    )
  if (intent === 'move')
    return moveListRow(
      request,
      formData,
      async () => (await listTestimonialsForAdmin()).testimonials,
      reorderTestimonials,
    )
  if (intent === 'update')
    return submitListForm(
      id,
      formData,
      TestimonialUpdateBodySchema,
      (body) => withSignIn(request, () => updateTestimonial(id, body)),
      'Testimonial updated successfully',
    )
  return submitListForm(
    REQUEST_FORM,
    formData,
    TestimonialRequestBodySchema,
    (body) => withSignIn(request, () => requestTestimonial(body)),
    ({ request: sent }) => `Testimonial request sent to ${sent.email}`,
  )
}

/** The owner's new photo for a testimonial: checked here first, then uploaded as every image is. */
async function uploadPhoto(file: File): Promise<string> {
  const problem = imageFileProblem(file)
  if (problem) throw new Error(problem)
  return uploadImage(file, () => undefined)
}

export function HydrateFallback() {
  return <Spinner />
}

export default function TestimonialsAdminPage({ loaderData, actionData }: Route.ComponentProps) {
  const { testimonials, websites, requests } = loaderData
  const navigation = useNavigation()
  const submit = useSubmit()
  const isSubmitting = navigation.state === 'submitting'
  const { confirmDelete, dialog: deleteDialog } = useConfirmedSubmit()
  const forms = useListForms(actionData, REQUEST_FORM)
  const websiteNames = new Map(websites.map((website) => [website._id, website.name]))
  const pending = testimonials.filter((t) => t.status === 'pending').length

  return (
    <div className="max-w-3xl">
      <PageHeader
        title="Testimonials"
        subtitle={`${testimonials.length} ${testimonials.length === 1 ? 'testimonial' : 'testimonials'}, ${pending} pending. Approved ones show on the home page (and on their project's page) in this order.`}
      />
      <EditedList
        label="Testimonials"
        items={testimonials}
        empty="No testimonials yet. Ask a client for one below."
      >
        {(testimonial, index) => (
          <TestimonialItem
            key={testimonial._id}
            testimonial={testimonial}
            websiteName={
              testimonial.websiteId ? websiteNames.get(testimonial.websiteId) : undefined
            }
            index={index}
            count={testimonials.length}
            isEditing={forms.editingId === testimonial._id}
            isBusy={isSubmitting}
            onApprove={(approved) =>
              void submit(
                { intent: approved ? 'approve' : 'hide', id: testimonial._id },
                { method: 'post' },
              )
            }
            onEdit={() => forms.edit(testimonial._id)}
            onMove={(direction) => forms.move(testimonial._id, direction)}
            onDelete={() =>
              void confirmDelete(
                testimonial._id,
                `The testimonial from ${testimonial.name} will be deleted. This cannot be undone.`,
              )
            }
          >
            <TestimonialEditForm
              testimonial={testimonial}
              websites={websites}
              errors={forms.errorsOf(testimonial._id)}
              isSubmitting={isSubmitting}
              uploadPhoto={uploadPhoto}
              onEdit={() => forms.markDirty(testimonial._id)}
              onCancel={() => forms.cancel(testimonial._id)}
            />
          </TestimonialItem>
        )}
      </EditedList>
      <Panel
        title="Request a testimonial"
        subtitle={`The client gets an e-mail with a link to a short form; the link works once, for ${TESTIMONIAL_REQUEST_TTL_DAYS} days. What they send waits here for your approval.`}
        isRoomy
      >
        <TestimonialRequestForm
          key={forms.listFormKey}
          websites={websites}
          errors={forms.errorsOf(REQUEST_FORM)}
          isSubmitting={isSubmitting}
          onEdit={() => forms.markDirty(REQUEST_FORM)}
        />
      </Panel>
      <div className="mt-8">
        <Panel
          title="Requests sent"
          subtitle="Who you asked, and whether their testimonial arrived. Resend mails a new link; the old one stops working."
        >
          <TestimonialRequestList
            requests={requests}
            isBusy={isSubmitting}
            onResend={(sent) =>
              void submit({ intent: 'resend', id: sent._id, email: sent.email }, { method: 'post' })
            }
          />
        </Panel>
      </div>
      {deleteDialog}
      {forms.leaveDialog}
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorState
      title="Testimonials"
      error={error}
      back={{ to: '/admin/dashboard', label: 'Back to the dashboard' }}
    />
  )
}
