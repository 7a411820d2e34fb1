import { useState } from 'react'
import { href } from 'react-router'
import type { Route } from './+types/proposal-edit'
import { Alert } from '#app/components/ui/alert.tsx'
import { useConfirmedSubmit } from '#app/components/ui/confirm-dialog.tsx'
import { DraftForm } from '#app/components/ui/draft-actions.tsx'
import { InputField, SelectField, TextareaField } from '#app/components/ui/field.tsx'
import { LineItemsEditor } from '#app/components/ui/line-items-editor.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { ClientSelect } from '#app/features/clients/client-fields.tsx'
import { listClients } from '#app/features/clients/clients.api.ts'
import { ProposalSheet } from '#app/features/proposals/proposal-sheet.tsx'
import {
  createProposal,
  deleteProposal,
  getProposal,
  listTermsTemplates,
  sendProposal,
  updateProposal,
} from '#app/features/proposals/proposals.api.ts'
import { getSettings } from '#app/features/settings/settings.api.ts'
import { answerDraft, readDraft } from '#app/lib/draft-document.ts'
import { adminPost, errorsOf, parseForm } from '#app/lib/form.ts'
import { loadAsAdmin } from '#app/lib/guards.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { useFormPreview } from '#app/lib/use-form-preview.ts'
import { renderMarkdown } from '#common/markdown.ts'
import { proposalDocumentOf } from '#common/proposal-document.ts'
import type { Client } from '#common/schemas/clients.ts'
import { ProposalBodySchema, type ProposalDocument } from '#common/schemas/proposals.ts'
import type { SiteSettings } from '#common/schemas/settings.ts'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Admin: Proposal', matches) },
]

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  return loadAsAdmin(request, async () => {
    const [{ clients }, settings, { templates }, { found, clientId }] = await Promise.all([
      listClients(),
      getSettings(),
      listTermsTemplates(),
      readDraft(request, params.id, getProposal),
    ])
    return { clients, settings, templates, proposal: found?.proposal, clientId }
  })
}
clientLoader.hydrate = true as const

export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const { formData } = await adminPost(request)
  return answerDraft(request, params.id, formData, {
    schema: ProposalBodySchema,
    create: async (body) => (await createProposal(body)).proposal,
    update: async (id, body) => (await updateProposal(id, body)).proposal,
    remove: deleteProposal,
    finish: {
      intent: 'send',
      run: sendProposal,
      done: 'Proposal sent: your client has the link by e-mail',
    },
    saved: 'Proposal saved',
    deleted: 'Proposal deleted',
    listPath: href('/admin/proposals'),
    pathOf: (id) => href('/admin/proposal/:id', { id }),
  })
}

export function HydrateFallback() {
  return <Spinner />
}

/** Today as the preview dates it ("2026-12-01"); the server dates the sent document in the owner's zone. */
const today = () => new Date().toISOString().slice(0, 10)

/** "2026-12-31", thirty days from now. */
const inThirtyDays = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)

/** The document the client would get from the form as it stands (the preview). */
function previewOf(
  form: HTMLFormElement | null,
  settings: SiteSettings,
  clients: Client[],
): ProposalDocument | undefined {
  if (!form) return undefined
  const parsed = parseForm(ProposalBodySchema, new FormData(form))
  const client = parsed.ok && clients.find((c) => c._id === parsed.data.clientId)
  return client ? proposalDocumentOf(parsed.data, client, settings, today()) : undefined
}

export default function ProposalEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { clients, settings, templates, proposal, clientId } = loaderData
  const isDraft = !proposal || proposal.status === 'draft'
  const errors = errorsOf(actionData ?? undefined)
  const { confirmSubmit, dialog } = useConfirmedSubmit()
  const [terms, setTerms] = useState(proposal?.terms ?? '')
  const { formRef, preview, edited } = useFormPreview(
    (form) => previewOf(form, settings, clients),
    () => {
      const client = proposal && clients.find((c) => c._id === proposal.clientId)
      return client ? proposalDocumentOf(proposal, client, settings, today()) : undefined
    },
  )

  if (!isDraft && proposal) {
    return (
      <div className="max-w-4xl space-y-6">
        <PageHeader
          title={proposal.title}
          subtitle={
            proposal.status === 'accepted' && proposal.signature
              ? `Signed by ${proposal.signature.name} on ${new Date(proposal.signature.signedAt).toUTCString()}.`
              : proposal.status === 'declined'
                ? `Declined${proposal.declineReason ? `: “${proposal.declineReason}”` : '.'}`
                : 'Sent: the client has the link. A sent proposal never changes; a new version is a new proposal.'
          }
          actions={
            proposal.status === 'accepted' ? (
              <a
                href={`/api/proposals/${proposal._id}/pdf`}
                className="text-sm font-medium text-brand-700 underline underline-offset-2"
              >
                Download the signed PDF
              </a>
            ) : proposal.url ? (
              <a
                href={proposal.url}
                className="text-sm font-medium text-brand-700 underline underline-offset-2"
              >
                Open the client’s page
              </a>
            ) : null
          }
        />
        {proposal.signature ? (
          <Alert kind="success">
            Document SHA-256:{' '}
            <span className="font-mono break-all">{proposal.signature.documentHash}</span>
          </Alert>
        ) : null}
      </div>
    )
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title={proposal ? 'Edit proposal' : 'New proposal'}
        subtitle="Your client sees it as in the preview, signs it by typing their name, and gets the signed PDF."
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <DraftForm
          label="Proposal"
          errors={errors}
          formRef={formRef}
          onEdited={edited}
          isSavePrimary
          isSaved={proposal !== undefined}
          confirmSubmit={confirmSubmit}
          finish={{
            intent: 'send',
            label: 'Send to the client',
            question: 'Send this proposal?',
            options: {
              detail:
                'Your client gets the link by e-mail. A sent proposal never changes: a new version is a new proposal.',
              confirmLabel: 'Send',
            },
          }}
        >
          <Panel title="Who and what" isRoomy>
            <div className="grid gap-5 sm:grid-cols-2">
              <ClientSelect
                clients={clients}
                defaultValue={proposal?.clientId ?? clientId ?? ''}
                error={errors?.clientId}
              />
              <InputField
                label="Title"
                name="title"
                defaultValue={proposal?.title}
                required
                error={errors?.title}
              />
              <div className="sm:col-span-2">
                <TextareaField
                  label="Summary (Markdown)"
                  name="summary"
                  rows={5}
                  defaultValue={proposal?.summary}
                  hint="The scope: what you will do and what the client gets."
                  error={errors?.summary}
                />
              </div>
            </div>
          </Panel>
          <Panel title="Items" isRoomy>
            <LineItemsEditor
              items={proposal?.items}
              onEdited={edited}
              defaultTaxRate={settings.billing.defaultTaxRate}
              errors={errors}
            />
          </Panel>
          <Panel title="Validity, deposit and terms" isRoomy>
            <div className="grid gap-5 sm:grid-cols-3">
              <InputField
                label="Valid until"
                name="validUntil"
                type="date"
                defaultValue={proposal?.validUntil ?? inThirtyDays()}
                error={errors?.validUntil}
              />
              <InputField
                label="Deposit (%)"
                name="depositPercent"
                inputMode="decimal"
                defaultValue={proposal?.depositPercent ?? '0'}
                error={errors?.depositPercent}
              />
              <InputField
                label="Currency"
                name="currency"
                maxLength={3}
                defaultValue={proposal?.currency ?? settings.billing.currency}
                error={errors?.currency}
              />
              {templates.length > 0 ? (
                <div className="sm:col-span-3">
                  <SelectField
                    label="Start the terms from a template"
                    name="template"
                    defaultValue=""
                    onChange={(event) => {
                      const chosen = templates.find((t) => t._id === event.target.value)
                      if (chosen) setTerms(chosen.body)
                      edited()
                    }}
                    options={[
                      { value: '', label: 'No template' },
                      ...templates.map((template) => ({
                        value: template._id,
                        label: template.name,
                      })),
                    ]}
                  />
                </div>
              ) : null}
              <div className="sm:col-span-3">
                <TextareaField
                  label="Terms (Markdown)"
                  name="terms"
                  rows={8}
                  value={terms}
                  onChange={(event) => setTerms(event.target.value)}
                  hint="Payment, changes, ownership, cancellation: what the client agrees to."
                  error={errors?.terms}
                />
              </div>
            </div>
          </Panel>
        </DraftForm>
        <section aria-label="Preview" className="space-y-3">
          <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
            Preview: what your client sees
          </h2>
          {preview ? (
            <ProposalSheet
              document={preview}
              summaryHtml={renderMarkdown(preview.summary)}
              termsHtml={renderMarkdown(preview.terms)}
            />
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 p-6 text-sm text-slate-600">
              Choose a client, give a title and fill in the items: the preview shows here.
            </p>
          )}
        </section>
      </div>
      {dialog}
    </div>
  )
}
