import { redirect, useNavigation } from 'react-router'
import { WebsiteUpdateBodySchema } from '#common/schemas/websites.ts'
import { ErrorState } from '#app/components/ui/error-state.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { getLinkCheck } from '#app/features/link-checks/link-checks.api.ts'
import { LinkCheckSettings } from '#app/features/link-checks/link-check-settings.tsx'
import { loadAsAdmin, withSignIn } from '#app/lib/guards.ts'
import { SAVE_INTENT, WebsiteForm } from '#app/features/websites/website-form.tsx'
import { getWebsite, updateWebsite } from '#app/features/websites/websites.api.ts'
import { adminPost, errorsOf, submitForm } from '#app/lib/form.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { settle } from '#app/lib/settle.ts'
import type { Route } from './+types/website-edit'

const LIST_PATH = '/admin/websites'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(`Edit ${loaderData?.website.name ?? 'Website'}`, matches) },
]

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const [website, linkCheck] = await loadAsAdmin(request, () =>
    Promise.all([getWebsite(params.id), settle(getLinkCheck(params.id))]),
  )
  return { website, linkCheck }
}
clientLoader.hydrate = true as const

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const { formData, intent } = await adminPost(request)
  const isPublishing = intent !== SAVE_INTENT.draft && intent !== SAVE_INTENT.unpublish
  const result = await submitForm(
    formData,
    WebsiteUpdateBodySchema,
    (body) =>
      withSignIn(request, () => updateWebsite(params.id, { ...body, published: isPublishing })),
    isPublishing
      ? 'Website updated successfully'
      : intent === SAVE_INTENT.unpublish
        ? 'Website unpublished'
        : 'Draft saved',
  )
  return 'saved' in result ? redirect(LIST_PATH) : result
}

export function HydrateFallback() {
  return <Spinner />
}

export default function WebsiteEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { website, linkCheck } = loaderData
  const navigation = useNavigation()
  const pendingIntent =
    navigation.state === 'submitting' ? String(navigation.formData?.get('intent')) : undefined
  return (
    <div className="max-w-3xl">
      <PageHeader
        title="Edit Website"
        subtitle={<span className="font-mono text-xs">ID {website._id}</span>}
      />
      <WebsiteForm
        key={website._id}
        website={website}
        errors={errorsOf(actionData)}
        pendingIntent={pendingIntent}
        cancelTo={LIST_PATH}
      />
      <LinkCheckSettings key={`check-${website._id}`} websiteId={website._id} check={linkCheck} />
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorState
      title="Edit Website"
      error={error}
      back={{ to: LIST_PATH, label: 'Back to websites' }}
    />
  )
}
