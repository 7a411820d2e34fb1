import { useMemo, useState } from 'react'
import { useNavigate, useNavigation, useSubmit } from 'react-router'
import { renderMarkdownFields } from '#common/markdown.ts'
import { PAGE_PATHS } from '#common/public-pages.ts'
import { fillSiteNamesIn } from '#common/site-names.ts'
import { useSiteSettings } from '#app/lib/site-settings.ts'
import {
  PAGE_CONTENT_SCHEMAS,
  PAGE_KEYS,
  PAGE_LABELS,
  isPageKey,
  type Page,
  type PageContent,
  type PageKey,
} from '#common/schemas/pages.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ErrorState } from '#app/components/ui/error-state.tsx'
import { EditorWithPreview, SaveBar } from '#app/components/ui/editor-shell.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { ContactForm } from '#app/features/messages/contact-form.tsx'
import { ContentEditor } from '#app/features/pages/content-editor.tsx'
import { PagePreview } from '#app/features/pages/page-preview.tsx'
import { getPage, updatePage } from '#app/features/pages/pages.api.ts'
import { requireAdmin, withSignIn } from '#app/lib/guards.ts'
import { uploadImage } from '#app/lib/upload-image.ts'
import { editorAlertOf, errorsOf, formDataOf, submitForm, type FormResult } from '#app/lib/form.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { toast } from '#app/lib/toast.tsx'
import { useUnsavedChanges } from '#app/lib/use-unsaved-changes.ts'
import type { Route } from './+types/pages'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Admin: Pages', matches) },
]

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAdmin(request)
  const requested = new URL(request.url).searchParams.get('key') ?? 'home'
  const key: PageKey = isPageKey(requested) ? requested : 'home'
  return withSignIn(request, () => getPage(key))
}
clientLoader.hydrate = true as const

/**
 * Saves one page's texts, each field named by its path in the page's content ("steps.1.body"), as
 * the editor sends them: checked with the server's own schema for the page first.
 */
export async function clientAction({ request }: Route.ClientActionArgs) {
  requireAdmin(request)
  const formData = await request.formData()
  const key = String(formData.get(PAGE_KEY_FIELD))
  if (!isPageKey(key)) return { errors: { form: 'Choose one of the pages' } }
  const result = await submitForm(
    formData,
    PAGE_CONTENT_SCHEMAS[key],
    (content) => withSignIn(request, () => updatePage(key, content as PageContent<typeof key>)),
    'Page saved',
  )
  if ('errors' in result) toast.error('Page not saved')
  return result
}

export function HydrateFallback() {
  return <Spinner />
}

type Content = Record<string, unknown>

const contentOf = ({ key: _key, ...content }: Page): Content => content

/** The field that says which page the editor's fields are for (no page's content has a `key`). */
const PAGE_KEY_FIELD = 'key'

export default function PagesPage({ loaderData, actionData }: Route.ComponentProps) {
  return <PageEditor key={loaderData.key} page={loaderData} answer={actionData} />
}

function PageEditor({ page, answer }: { page: Page; answer: FormResult<Page> | undefined }) {
  const navigate = useNavigate()
  const submit = useSubmit()
  const isSaving = useNavigation().state === 'submitting'
  const [saved, setSaved] = useState<Content>(() => contentOf(page))
  const [draft, setDraft] = useState<Content>(saved)
  // A new answer from the action: a save stores what it answered, a refusal shows its errors.
  const [seenAnswer, setSeenAnswer] = useState(answer)
  if (answer !== seenAnswer) {
    setSeenAnswer(answer)
    if (answer && 'saved' in answer) {
      const content = contentOf(answer.answer)
      setSaved(content)
      setDraft(content)
    }
  }
  const errors = errorsOf(answer) ?? {}
  const formError = editorAlertOf(errors)
  const isDirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(saved), [draft, saved])
  const settings = useSiteSettings()
  // As the public page renders it: the owner's names filled in, then the Markdown.
  const preview = useMemo(
    () => renderMarkdownFields(fillSiteNamesIn({ ...draft, key: page.key }, settings)) as Page,
    [draft, page.key, settings],
  )

  const dialog = useUnsavedChanges(isDirty && !isSaving, { watchSearch: true })

  const save = () => {
    const fields = formDataOf(draft)
    fields.set(PAGE_KEY_FIELD, page.key)
    void submit(fields, { method: 'post' })
  }

  return (
    <div>
      <PageHeader
        title="Pages"
        subtitle="Edit the texts of the public pages. The preview shows the page as it will look once saved. {ownerName}, {businessName}, {location} and {foundingYear} show your settings’ values."
      />
      <div className="mb-6 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="page-key" className="mb-1 block text-sm font-medium text-slate-800">
            Page
          </label>
          <select
            id="page-key"
            value={page.key}
            onChange={(event) => void navigate(`?key=${event.target.value}`)}
            className="block rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900"
          >
            {PAGE_KEYS.map((key) => (
              <option key={key} value={key}>
                {PAGE_LABELS[key]}
              </option>
            ))}
          </select>
        </div>
        <a
          href={PAGE_PATHS[page.key]}
          target="_blank"
          rel="noreferrer"
          className="py-2 text-sm font-semibold text-brand-700 underline underline-offset-4"
        >
          View the public page
        </a>
      </div>

      <EditorWithPreview
        fit="wide"
        form={
          <form
            aria-label={`Edit the ${PAGE_LABELS[page.key]} page`}
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              save()
            }}
            className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
          >
            {formError ? <Alert kind="error">{formError}</Alert> : null}
            <ContentEditor
              value={draft as never}
              errors={errors}
              onChange={(next) => setDraft(next)}
              upload={(file) => uploadImage(file, () => undefined)}
            />
            <SaveBar isDirty={isDirty}>
              <Button type="submit" disabled={isSaving || !isDirty}>
                {isSaving ? 'Saving...' : 'Save page'}
              </Button>
              <Button variant="secondary" disabled={!isDirty} onClick={() => setDraft(saved)}>
                Discard changes
              </Button>
            </SaveBar>
          </form>
        }
        preview={<PagePreview page={preview} contactForm={<ContactForm formToken="" />} />}
      />
      {dialog}
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorState
      title="Pages"
      error={error}
      back={{ to: '/admin/dashboard', label: 'Back to the dashboard' }}
    />
  )
}
