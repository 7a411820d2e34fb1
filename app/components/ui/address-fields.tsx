import { InputField, TextareaField } from './field.tsx'

/** A field's name, the value it starts from and its refusal, as `fieldPropsOf` gives them. */
type FieldProps = { name: string; defaultValue?: string | number; error?: string }

/**
 * Where a proposal's or an invoice's party is: the postal address across the form's two columns,
 * then its country as the two letters e-invoices name it by. The client's details and the owner's
 * billing details both ask for it.
 */
export function AddressFields({
  field,
  countryHint,
}: {
  field: (name: 'address' | 'country') => FieldProps
  countryHint: string
}) {
  return (
    <>
      <div className="sm:col-span-2">
        <TextareaField label="Address" rows={3} {...field('address')} />
      </div>
      <InputField label="Country" maxLength={2} hint={countryHint} {...field('country')} />
    </>
  )
}
