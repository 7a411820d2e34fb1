import type { ReactNode, RefObject } from 'react'
import { useNavigation } from 'react-router'
import type { FieldErrors } from '#app/lib/form.ts'
import { Button } from './button.tsx'
import {
  CONFIRM_DRAFT_DELETE,
  fieldsWithIntent,
  type ConfirmOptions,
  type useConfirmedSubmit,
} from './confirm-dialog.tsx'
import { FieldsForm } from './fields-form.tsx'

/** The step that fixes a draft for good (issue, send): its button, and the question it asks first. */
interface DraftFinish {
  intent: string
  label: string
  question: string
  options: ConfirmOptions
}

interface DraftActionsProps {
  finish: DraftFinish
  isSavePrimary: boolean
  isSaved: boolean
  confirmSubmit: ReturnType<typeof useConfirmedSubmit>['confirmSubmit']
}

/**
 * A draft document's form (a proposal, an invoice): `children` are its panels, and its buttons
 * end it: Save draft, the step that fixes it, which asks first and posts the form's fields with
 * its intent, and Delete draft once the draft is saved. `isSavePrimary` says which of the first two
 * is the page's main button. `formRef` and `onEdited` are those of the page's `useFormPreview`,
 * which reads the form after each edit. The page renders the `dialog` of the `useConfirmedSubmit`
 * it passes, outside this form.
 */
export function DraftForm({
  label,
  errors,
  formRef,
  onEdited,
  children,
  ...actions
}: DraftActionsProps & {
  /** The form's accessible name ("Invoice"). */
  label: string
  errors: FieldErrors | undefined
  formRef: RefObject<HTMLFormElement | null>
  onEdited: () => void
  children: ReactNode
}) {
  return (
    <FieldsForm
      errors={errors}
      ref={formRef}
      onChange={onEdited}
      className="space-y-6"
      aria-label={label}
    >
      {children}
      <DraftActions form={formRef} {...actions} />
    </FieldsForm>
  )
}

function DraftActions({
  form,
  finish,
  isSavePrimary,
  isSaved,
  confirmSubmit,
}: {
  form: RefObject<HTMLFormElement | null>
} & DraftActionsProps) {
  const navigation = useNavigation()
  const isBusy = navigation.state === 'submitting'
  return (
    <div className="flex flex-wrap gap-3">
      <Button
        type="submit"
        name="intent"
        value="save"
        variant={isSavePrimary ? 'primary' : 'secondary'}
        disabled={isBusy}
      >
        Save draft
      </Button>
      <Button
        type="button"
        variant={isSavePrimary ? 'secondary' : 'primary'}
        disabled={isBusy}
        onClick={() =>
          void confirmSubmit(
            finish.question,
            finish.options,
            fieldsWithIntent(form.current, finish.intent),
          )
        }
      >
        {finish.label}
      </Button>
      {isSaved ? (
        <Button
          type="button"
          variant="danger"
          disabled={isBusy}
          onClick={() => void confirmSubmit(...CONFIRM_DRAFT_DELETE, { intent: 'delete' })}
        >
          Delete draft
        </Button>
      ) : null}
    </div>
  )
}
