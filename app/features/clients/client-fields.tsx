import type { ConfirmOptions } from '#app/components/ui/confirm-dialog.tsx'
import { InputField, SelectField } from '#app/components/ui/field.tsx'
import { AddressFields } from '#app/components/ui/address-fields.tsx'
import { fieldPropsOf } from '#app/lib/field-props.ts'
import type { FieldErrors } from '#app/lib/form.ts'
import type { Client, ClientBody } from '#common/schemas/clients.ts'

/** The question deleting a client asks first, on the list and on the client's page. */
export const confirmClientDelete = (client: Pick<Client, 'name'>): [string, ConfirmOptions] => [
  `Delete ${client.name}?`,
  {
    detail: 'Their draft proposals go too. A client with a sent proposal stays.',
    confirmLabel: 'Delete',
    variant: 'danger',
  },
]

/** A client's details as the add and edit forms ask for them, filled from `client` when editing. */
export function ClientFields({ client, errors }: { client?: Client; errors?: FieldErrors }) {
  const field = fieldPropsOf<Exclude<keyof ClientBody, 'messageId'>>(client ?? {}, errors)
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <InputField label="Name" required {...field('name')} />
      <InputField label="E-mail" type="email" required {...field('email')} />
      <InputField label="Company" {...field('company')} />
      <InputField
        label="VAT ID"
        hint="For a business client, e.g. FR12345678901."
        {...field('vatId')}
      />
      <AddressFields field={field} countryHint="Two letters, e.g. DE." />
      <InputField
        label="Peppol ID"
        hint="Where e-invoices reach them: scheme and identifier, e.g. 0088:5798000000001. Needed for a UBL invoice to a client without a VAT ID."
        {...field('peppolId')}
      />
    </div>
  )
}

/** The client a proposal or an invoice is for, chosen from `clients` by company and name. */
export function ClientSelect({
  clients,
  defaultValue,
  error,
}: {
  clients: Client[]
  defaultValue: string
  error: string | undefined
}) {
  return (
    <SelectField
      label="Client"
      name="clientId"
      defaultValue={defaultValue}
      error={error}
      options={[
        { value: '', label: 'Choose a client' },
        ...clients.map((client) => ({
          value: client._id,
          label: client.company ? `${client.company} (${client.name})` : client.name,
        })),
      ]}
    />
  )
}
