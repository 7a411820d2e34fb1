import { useNavigation } from 'react-router'
import type { Route } from './+types/billing'
import { Button } from '#app/components/ui/button.tsx'
import { InputField, TextareaField } from '#app/components/ui/field.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { FieldsForm } from '#app/components/ui/fields-form.tsx'
import { AddressFields } from '#app/components/ui/address-fields.tsx'
import { getSettings, updateSettingsFields } from '#app/features/settings/settings.api.ts'
import { fieldPropsOf } from '#app/lib/field-props.ts'
import { errorsOf, submitForm } from '#app/lib/form.ts'
import { loadAsAdmin, requireAdmin, withSignIn } from '#app/lib/guards.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { SiteSettingsSchema } from '#common/schemas/settings.ts'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Admin: Billing details', matches) },
]

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadAsAdmin(request, async () => ({ settings: await getSettings() }))
}
clientLoader.hydrate = true as const

/** The settings this form edits, its fields named `billing.…`. */
const BillingFormSchema = SiteSettingsSchema.pick({ billing: true })

export async function clientAction({ request }: Route.ClientActionArgs) {
  requireAdmin(request)
  return submitForm(
    await request.formData(),
    BillingFormSchema,
    (fields) => withSignIn(request, () => updateSettingsFields(fields)),
    'Billing details saved',
  )
}

export function HydrateFallback() {
  return <Spinner />
}

export default function BillingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { billing } = loaderData.settings
  const errors = errorsOf(actionData)
  const isSaving = useNavigation().state === 'submitting'
  // The reminder days read back as the list they were typed as.
  const field = fieldPropsOf(
    { ...billing, reminderDays: billing.reminderDays.join(', ') },
    errors,
    'billing',
  )
  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader
        title="Billing details"
        subtitle="Who your proposals and invoices come from, where clients pay, and what a new document starts with."
      />
      <FieldsForm errors={errors} className="space-y-6">
        <Panel title="Your business" subtitle="As it stands on every proposal and invoice." isRoomy>
          <div className="grid gap-5 sm:grid-cols-2">
            <InputField
              label="Legal name"
              hint="e.g. Sam Lee Web Studio GmbH"
              {...field('legalName')}
            />
            <InputField
              label="Billing e-mail"
              type="email"
              hint="Where clients write about payments."
              {...field('email')}
            />
            <AddressFields field={field} countryHint="Two letters, e.g. DE, FR, GB." />
            <InputField
              label="VAT ID"
              hint="With its country code, e.g. DE123456789."
              {...field('vatId')}
            />
            <InputField
              label="Registration"
              hint="Company register and number, if any."
              {...field('registration')}
            />
            <InputField
              label="Phone"
              type="tel"
              hint="On e-invoices; German clients' software asks for it."
              {...field('phone')}
            />
            <InputField
              label="Peppol ID"
              autoComplete="off"
              spellCheck={false}
              hint="Where e-invoices reach you, e.g. 0088:5798000000001. Your VAT ID serves without one."
              {...field('peppolId')}
            />
            <div className="sm:col-span-2">
              <TextareaField
                label="VAT exemption reason"
                rows={2}
                hint="Only if you charge no VAT, e.g. “Kleinunternehmer gemäß § 19 UStG” or “TVA non applicable, art. 293 B du CGI”. Every proposal and invoice then states these words and no VAT."
                {...field('vatExemptionReason')}
              />
            </div>
          </div>
        </Panel>
        <Panel
          title="Bank account"
          subtitle="Shown on invoices, with a QR code clients scan to pay."
          isRoomy
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <InputField
                label="IBAN"
                autoComplete="off"
                spellCheck={false}
                hint="Its check digits are checked when you save."
                {...field('iban')}
              />
            </div>
            <InputField label="BIC" autoComplete="off" {...field('bic')} />
            <InputField label="Bank name" {...field('bankName')} />
          </div>
        </Panel>
        <Panel title="Defaults for new documents" isRoomy>
          <div className="grid gap-5 sm:grid-cols-3">
            <InputField
              label="Currency"
              maxLength={3}
              hint="e.g. EUR, USD, GBP."
              {...field('currency')}
            />
            <InputField
              label="Default VAT rate (%)"
              type="number"
              min={0}
              max={100}
              step="0.01"
              {...field('defaultTaxRate')}
            />
            <InputField
              label="Payment terms (days)"
              type="number"
              min={0}
              max={365}
              {...field('paymentTermsDays')}
            />
            <InputField
              label="Invoice number prefix"
              hint="Before the year, e.g. INV-."
              {...field('invoicePrefix')}
            />
            <div className="sm:col-span-2">
              <InputField
                label="Reminders (days after the due date)"
                hint="Separated by commas, e.g. 3, 10."
                {...field('reminderDays')}
              />
            </div>
          </div>
        </Panel>
        <Button type="submit" disabled={isSaving}>
          {isSaving ? 'Saving...' : 'Save billing details'}
        </Button>
      </FieldsForm>
    </div>
  )
}
