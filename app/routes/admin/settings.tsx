import { useState } from 'react'
import { useNavigation } from 'react-router'
import { ErrorState } from '#app/components/ui/error-state.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { settingsFromForm } from '#app/features/settings/settings-fields.ts'
import { SettingsForm } from '#app/features/settings/settings-form.tsx'
import { getSettings, updateSettings } from '#app/features/settings/settings.api.ts'
import { requireAdmin, withSignIn } from '#app/lib/guards.ts'
import { ImageUpload } from '#app/components/ui/image-upload.tsx'
import { isShareImageDrawn, shareImageOf } from '#common/share-image.ts'
import { messageOf } from '#app/lib/api-client.ts'
import { textFieldsOf } from '#app/lib/form-errors.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { toast } from '#app/lib/toast.tsx'
import { useUnsavedChanges } from '#app/lib/use-unsaved-changes.ts'
import type { Route } from './+types/settings'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Admin: Settings', matches) },
]

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAdmin(request)
  return withSignIn(request, () => getSettings())
}
clientLoader.hydrate = true as const

export async function clientAction({ request }: Route.ClientActionArgs) {
  requireAdmin(request)
  const result = settingsFromForm(textFieldsOf(await request.formData()))
  if (!result.ok) return { errors: result.errors }
  try {
    await withSignIn(request, () => updateSettings(result.data))
  } catch (error) {
    if (error instanceof Response) throw error
    return { formError: messageOf(error) }
  }
  toast.success('Settings saved successfully')
  return { saved: true }
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
        errors={actionData && 'errors' in actionData ? actionData.errors : undefined}
        formError={actionData && 'formError' in actionData ? actionData.formError : undefined}
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
            error={actionData && 'errors' in actionData ? actionData.errors?.shareImage : undefined}
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
