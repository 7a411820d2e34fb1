import type { ReactNode } from 'react'
import type { Faq } from '#common/schemas/faq.ts'
import { EditedRowActions, type EditedRow } from '#app/components/ui/edited-list.tsx'

/**
 * One entry of the admin's FAQ list: its number, question and answer with Edit, Move up, Move down
 * and Delete, or, while it is edited, the question and its form (`children`).
 */
export function FaqItem({
  faq,
  isEditing,
  children,
  ...row
}: EditedRow & {
  faq: Faq
  isEditing: boolean
  children: ReactNode
}) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="mt-0.5 flex h-7 w-7 flex-none items-center justify-center rounded-full bg-brand-50 text-sm font-semibold text-brand-800"
        >
          {row.index + 1}
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
          <EditedRowActions rowId={faq._id} name={faq.question} {...row} />
        </div>
      )}
    </li>
  )
}
