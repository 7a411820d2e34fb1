import { useState } from 'react'
import { useNavigation } from 'react-router'
import { ErrorState } from '#app/components/ui/error-state.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { SettingsForm, SettingsFormSchema } from '#app/features/settings/settings-form.tsx'
import { getSettings, updateSettings } from '#app/features/settings/settings.api.ts'
import { loadAsAdmin, requireAdmin, withSignIn } from '#app/lib/guards.ts'
import { ImageUpload } from '#app/components/ui/image-upload.tsx'
import { isShareImageDrawn, shareImageOf } from '#common/share-image.ts'
import { errorsOf, submitForm } from '#app/lib/form.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { useUnsavedChanges } from '#app/lib/use-unsaved-changes.ts'
import type { Route } from './+types/settings'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Admin: Settings', matches) },
]

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadAsAdmin(request, () => getSettings())
}
clientLoader.hydrate = true as const

export async function clientAction({ request }: Route.ClientActionArgs) {
  requireAdmin(request)
  return submitForm(
    await request.formData(),
    SettingsFormSchema,
    (body) => withSignIn(request, () => updateSettings(body)),
    'Settings saved successfully',
  )
}

export function HydrateFallback() {
  return <Spinner />
}

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const isSubmitting = useNavigation().state === 'submitting'
  const [shareImage, setShareImage] = useState(loaderData.shareImage)
  const [isUploading, setIsUploading] = useState(false)
  const [isDirty, setIsDirty] = useState(false)
  const dialog = useUnsavedChanges(isDirty)
  const markEdited = () => setIsDirty(true)
  const errors = errorsOf(actionData)
  // A new answer from the action: a save leaves nothing unsaved.
  const [seenAction, setSeenAction] = useState(actionData)
  if (actionData !== seenAction) {
    setSeenAction(actionData)
    if (actionData && 'saved' in actionData) setIsDirty(false)
  }

  return (
    <div className="max-w-3xl">
      <PageHeader
        title="Settings"
        subtitle="The business name, the practice’s facts, contact details and links every page shows."
      />
      <SettingsForm
        settings={loaderData}
        errors={errors}
        isSubmitting={isSubmitting}
        isBusy={isUploading}
        onEdit={markEdited}
        shareImageField={
          <ImageUpload
            name="shareImage"
            legend="Share image"
            previewAlt="Preview of the share image"
            // The first-run path stands for the image drawn from the saved settings.
            previewSrc={isShareImageDrawn(shareImage) ? shareImageOf(loaderData).path : undefined}
            value={shareImage}
            onChange={(path) => {
              setShareImage(path)
              markEdited()
            }}
            onBusyChange={setIsUploading}
            error={errors?.shareImage}
          />
        }
      />
      {dialog}
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorState
      title="Settings"
      error={error}
      back={{ to: '/admin/dashboard', label: 'Back to the dashboard' }}
    />
  )
}
