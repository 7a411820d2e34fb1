import { useEffect, useRef } from 'react'
import { href, useFetcher } from 'react-router'
import type { Route } from './+types/terms-templates'
import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { FetcherDeleteButton } from '#app/components/ui/confirm-dialog.tsx'
import { InputField, TextareaField } from '#app/components/ui/field.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { FieldsForm } from '#app/components/ui/fields-form.tsx'
import {
  createTermsTemplate,
  deleteTermsTemplate,
  listTermsTemplates,
  updateTermsTemplate,
} from '#app/features/proposals/proposals.api.ts'
import { adminPost, answerMessage, errorsOf, runSignedIn, submitForm } from '#app/lib/form.ts'
import { loadAsAdmin, withSignIn } from '#app/lib/guards.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { TermsTemplateBodySchema, type TermsTemplate } from '#common/schemas/proposals.ts'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Admin: Terms templates', matches) },
]

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadAsAdmin(request, () => listTermsTemplates())
}
clientLoader.hydrate = true as const

export async function clientAction({ request }: Route.ClientActionArgs) {
  const { formData, intent, id } = await adminPost(request)
  if (intent === 'delete') {
    await runSignedIn(request, () => deleteTermsTemplate(id), answerMessage)
    return undefined
  }
  return submitForm(
    formData,
    TermsTemplateBodySchema,
    (body) =>
      withSignIn(request, () =>
        intent === 'update' ? updateTermsTemplate(id, body) : createTermsTemplate(body),
      ),
    intent === 'update' ? 'Terms template saved' : 'Terms template added',
  )
}

export function HydrateFallback() {
  return <Spinner />
}

/** One template's form (or, without `template`, the form that adds one), posting beside the page. */
function TemplateForm({ template }: { template?: TermsTemplate }) {
  const fetcher = useFetcher<typeof clientAction>()
  const errors = errorsOf(fetcher.data)
  const formRef = useRef<HTMLFormElement>(null)
  const isBusy = fetcher.state !== 'idle'
  const isAdded = !template && fetcher.state === 'idle' && fetcher.data && 'saved' in fetcher.data
  useEffect(() => {
    if (isAdded) formRef.current?.reset()
  }, [isAdded])
  return (
    <FieldsForm errors={errors} fetcher={fetcher} ref={formRef} className="space-y-5">
      <input type="hidden" name="intent" value={template ? 'update' : 'create'} />
      {template ? <input type="hidden" name="id" value={template._id} /> : null}
      <InputField
        label="Name"
        name="name"
        required
        defaultValue={template?.name}
        hint="Only you see it, e.g. “Website build, fixed price”."
        error={errors?.name}
      />
      <TextareaField
        label="Terms"
        name="body"
        rows={template ? 10 : 8}
        required
        defaultValue={template?.body}
        hint="Markdown: ## for a heading, - for a list. A proposal starts its terms from this text."
        error={errors?.body}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button type="submit" disabled={isBusy}>
          {template ? 'Save template' : 'Add template'}
        </Button>
        {template ? (
          <FetcherDeleteButton
            fetcher={fetcher}
            question={`Delete “${template.name}”?`}
            detail="Proposals that started from it keep their terms."
            data={{ intent: 'delete', id: template._id }}
          >
            Delete template
          </FetcherDeleteButton>
        ) : null}
      </div>
    </FieldsForm>
  )
}

export default function TermsTemplatesPage({ loaderData }: Route.ComponentProps) {
  const { templates } = loaderData
  return (
    <div className="max-w-3xl space-y-6">
      <PageHeader
        title="Terms templates"
        subtitle="The terms you agree with most clients, ready to start a proposal's terms from."
        actions={
          <ButtonLink to={href('/admin/proposals')} variant="secondary">
            Back to proposals
          </ButtonLink>
        }
      />
      {templates.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-5 text-slate-700">
          No templates yet. Add your usual terms below; a new proposal can then start from them.
        </p>
      ) : (
        templates.map((template) => (
          <Panel key={`${template._id}-${template.updatedAt}`} title={template.name} isRoomy>
            <TemplateForm template={template} />
          </Panel>
        ))
      )}
      <Panel title="Add a template" isRoomy>
        <TemplateForm />
      </Panel>
    </div>
  )
}
