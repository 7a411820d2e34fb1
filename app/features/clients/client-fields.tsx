import type { ConfirmOptions } from '#app/components/ui/confirm-dialog.tsx'
import { InputField, SelectField, TextareaField } from '#app/components/ui/field.tsx'
import type { FieldErrors } from '#app/lib/form.ts'
import type { Client } from '#common/schemas/clients.ts'

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
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <InputField
        label="Name"
        name="name"
        required
        defaultValue={client?.name}
        error={errors?.name}
      />
      <InputField
        label="E-mail"
        name="email"
        type="email"
        required
        defaultValue={client?.email}
        error={errors?.email}
      />
      <InputField
        label="Company"
        name="company"
        defaultValue={client?.company}
        error={errors?.company}
      />
      <InputField
        label="VAT ID"
        name="vatId"
        hint="For a business client, e.g. FR12345678901."
        defaultValue={client?.vatId}
        error={errors?.vatId}
      />
      <div className="sm:col-span-2">
        <TextareaField
          label="Address"
          name="address"
          rows={3}
          defaultValue={client?.address}
          error={errors?.address}
        />
      </div>
      <InputField
        label="Country"
        name="country"
        maxLength={2}
        hint="Two letters, e.g. DE."
        defaultValue={client?.country}
        error={errors?.country}
      />
      <InputField
        label="Peppol ID"
        name="peppolId"
        hint="Where e-invoices reach them: scheme and identifier, e.g. 0088:5798000000001. Needed for a UBL invoice to a client without a VAT ID."
        defaultValue={client?.peppolId}
        error={errors?.peppolId}
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
