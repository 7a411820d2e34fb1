import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react'
import { cn } from '#app/lib/cn.ts'

// scroll-margin keeps a field the browser scrolls to (an invalid one) clear of the sticky header.
const CONTROL =
  'block w-full scroll-mt-24 rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-invalid:border-red-600'

interface FieldProps {
  label: string
  error?: string
  hint?: string
  className?: string
  id?: string
}

interface ControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

/**
 * The label, hint and error around one control, wired to it by id and aria-describedby. The
 * props it does not own go on to `control` with the wiring.
 */
function Field<P extends FieldProps>({
  props,
  control,
}: {
  props: P
  control: (wiring: ControlProps, rest: Omit<P, keyof FieldProps>) => ReactNode
}) {
  const { label, error, hint, className, id, ...rest } = props
  const autoId = useId()
  const inputId = id ?? autoId
  const describedBy =
    [hint && `${inputId}-hint`, error && `${inputId}-error`].filter(Boolean).join(' ') || undefined
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {control(
        { id: inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy },
        rest,
      )}
      {hint ? (
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** A labelled input with its hint and error wired to aria-describedby. */
export function InputField(props: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field
      props={props}
      control={(wiring, rest) => <input {...wiring} className={CONTROL} {...rest} />}
    />
  )
}

export function TextareaField(props: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field
      props={props}
      control={(wiring, rest) => (
        <textarea {...wiring} className={cn(CONTROL, 'min-h-32')} {...rest} />
      )}
    />
  )
}

/** A labelled choice of `options` (value and label), with its hint and error. */
export function SelectField({
  options,
  ...props
}: FieldProps &
  SelectHTMLAttributes<HTMLSelectElement> & { options: { value: string; label: string }[] }) {
  return (
    <Field
      props={props}
      control={(wiring, rest) => (
        <select {...wiring} className={CONTROL} {...rest}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  )
}

/** A checkbox with its label beside it and a hint under the label, wired to aria-describedby. */
export function CheckboxField({
  label,
  hint,
  className,
  ...props
}: { label: string; hint: string; className?: string } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'id'
>) {
  const id = useId()
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <input
        id={id}
        type="checkbox"
        aria-describedby={`${id}-hint`}
        className="mt-0.5 h-5 w-5 rounded border-slate-400 accent-brand-700"
        {...props}
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  )
}
