import type { ReactNode } from 'react'
import type { Faq } from '#common/schemas/faq.ts'
import { Button } from '#app/components/ui/button.tsx'
import { MoveButtons, type MoveDirection } from '#app/components/ui/move-buttons.tsx'
import { RowActions } from '#app/components/ui/paged-table.tsx'

/**
 * One entry of the admin's FAQ list: its number, question and answer with Edit, Move up, Move down
 * and Delete, or, while it is edited, the question and its form (`children`).
 */
export function FaqItem({
  faq,
  index,
  count,
  isEditing,
  isBusy,
  onEdit,
  onMove,
  onDelete,
  children,
}: {
  faq: Faq
  index: number
  count: number
  isEditing: boolean
  isBusy: boolean
  onEdit: () => void
  onMove: (direction: MoveDirection) => void
  onDelete: () => void
  children: ReactNode
}) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="mt-0.5 flex h-7 w-7 flex-none items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-800"
        >
          {index + 1}
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold wrap-anywhere text-slate-900">{faq.question}</h2>
          {isEditing ? null : (
            <p className="mt-1 line-clamp-3 text-sm wrap-anywhere whitespace-pre-line text-slate-700">
              {faq.answer}
            </p>
          )}
        </div>
      </div>
      {isEditing ? (
        <div className="mt-4">{children}</div>
      ) : (
        <div className="mt-4 sm:pl-10">
          <RowActions>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Edit ${faq.question}`}
              onClick={onEdit}
            >
              Edit
            </Button>
            <MoveButtons
              rowId={faq._id}
              label={(direction) => `Move ${direction}: ${faq.question}`}
              isFirst={index === 0}
              isLast={index === count - 1}
              isBusy={isBusy}
              onMove={onMove}
            />
            <Button
              variant="danger"
              size="sm"
              aria-label={`Delete ${faq.question}`}
              onClick={onDelete}
            >
              Delete
            </Button>
          </RowActions>
        </div>
      )}
    </li>
  )
}
