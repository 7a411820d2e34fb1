import { useState } from 'react'
import { useNavigation } from 'react-router'
import { ErrorState } from '#app/components/ui/error-state.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { getSettings, updateSettingsFields } from '#app/features/settings/settings.api.ts'
import { timeZoneNames } from '#app/features/booking/booking-time.ts'
import { SetupChecklist } from '#app/features/setup/setup-checklist.tsx'
import { SetupForm, SetupFormSchema } from '#app/features/setup/setup-form.tsx'
import { getSettingsOptions, getSetup } from '#app/features/setup/setup.api.ts'
import { loadAsAdmin, requireAdmin, withSignIn } from '#app/lib/guards.ts'
import { ImageUpload } from '#app/components/ui/image-upload.tsx'
import { errorsOf, submitForm } from '#app/lib/form.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { useUnsavedChanges } from '#app/lib/use-unsaved-changes.ts'
import type { Route } from './+types/setup'

const TITLE = 'Set up your site'

export const meta: Route.MetaFunction = ({ matches }) => [{ title: pageTitle(TITLE, matches) }]

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const [settings, setup, options] = await loadAsAdmin(request, () =>
    Promise.all([getSettings(), getSetup(), getSettingsOptions()]),
  )
  return { settings, setup, options }
}
clientLoader.hydrate = true as const

export async function clientAction({ request }: Route.ClientActionArgs) {
  requireAdmin(request)
  return submitForm(
    await request.formData(),
    SetupFormSchema,
    // The form's fields over the current settings: the rest stay as they are.
    (fields) => withSignIn(request, () => updateSettingsFields(fields)),
    'Your site is updated',
  )
}

export function HydrateFallback() {
  return <Spinner />
}

export default function SetupPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, setup, options } = loaderData
  const isSubmitting = useNavigation().state === 'submitting'
  const [portrait, setPortrait] = useState(settings.portrait ?? '')
  const [logo, setLogo] = useState(settings.logo ?? '')
  const [uploads, setUploads] = useState(0)
  const [isDirty, setIsDirty] = useState(false)
  const dialog = useUnsavedChanges(isDirty)
  const markEdited = () => setIsDirty(true)
  const onBusyChange = (isBusy: boolean) => setUploads((n) => n + (isBusy ? 1 : -1))
  const [seenAction, setSeenAction] = useState(actionData)
  if (actionData !== seenAction) {
    setSeenAction(actionData)
    if (actionData && 'saved' in actionData) setIsDirty(false)
  }
  const errors = errorsOf(actionData)
  const [zones] = useState(timeZoneNames)
  const imageField = (name: 'portrait' | 'logo', value: string, set: (path: string) => void) => (
    <ImageUpload
      name={name}
      legend={`Your ${name}`}
      previewAlt={`Preview of your ${name}`}
      shape={name}
      value={value}
      onChange={(path) => {
        set(path)
        markEdited()
      }}
      onBusyChange={onBusyChange}
      error={errors?.[name]}
    />
  )

  return (
    <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_20rem] xl:items-start">
      <div className="min-w-0">
        <PageHeader
          title={TITLE}
          subtitle="Your name, face, brand, booking and words in place of the sample ones, in one go."
        />
        <SetupForm
          settings={settings}
          options={options}
          errors={errors}
          isSubmitting={isSubmitting}
          isBusy={uploads > 0}
          onEdit={markEdited}
          zones={zones}
          portraitField={imageField('portrait', portrait, setPortrait)}
          logoField={imageField('logo', logo, setLogo)}
        />
      </div>
      <div className="min-w-0 xl:sticky xl:top-20">
        <SetupChecklist setup={setup} isNarrow />
      </div>
      {dialog}
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorState
      title={TITLE}
      error={error}
      back={{ to: '/admin/dashboard', label: 'Back to the dashboard' }}
    />
  )
}
