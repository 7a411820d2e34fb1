import type { ReactNode } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { EditedRowActions, type EditedRow } from '#app/components/ui/edited-list.tsx'
import type { AdminTestimonial } from '#common/schemas/testimonials.ts'
import { RatingLine, TestimonialPhoto } from './testimonial-figure.tsx'
import { TestimonialStatusBadges } from './testimonial-status.tsx'

/**
 * One testimonial of the admin's list: where it stands, the client's words and who wrote them,
 * with Approve or Hide, Edit, Move up, Move down and Delete; or, while it is edited, its form
 * (`children`).
 */
export function TestimonialItem({
  testimonial,
  websiteName,
  isEditing,
  onApprove,
  children,
  ...row
}: EditedRow & {
  testimonial: AdminTestimonial
  /** The portfolio entry it is about, if any. */
  websiteName: string | undefined
  isEditing: boolean
  onApprove: (approved: boolean) => void
  children: ReactNode
}) {
  const about = [testimonial.role, testimonial.company].filter(Boolean).join(', ')
  const who = `the testimonial from ${testimonial.name}`
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <TestimonialPhoto testimonial={testimonial} size={48} className="h-12 w-12" />
          <div className="min-w-0">
            <h2 className="font-semibold wrap-anywhere text-slate-900">
              {testimonial.name}
              {about ? <span className="font-normal text-slate-700">{`, ${about}`}</span> : null}
            </h2>
            <p className="text-sm wrap-anywhere text-slate-600">
              {testimonial.email || 'No e-mail'}
              {websiteName ? ` · About ${websiteName}` : ''}
            </p>
          </div>
        </div>
        <TestimonialStatusBadges testimonial={testimonial} />
      </div>
      {isEditing ? (
        <div className="mt-4">{children}</div>
      ) : (
        <>
          {testimonial.rating === null ? null : (
            <div className="mt-3">
              <RatingLine rating={testimonial.rating} />
            </div>
          )}
          <p className="mt-2 line-clamp-4 text-sm wrap-anywhere whitespace-pre-line text-slate-700">
            {testimonial.text}
          </p>
          <div className="mt-4">
            <EditedRowActions rowId={testimonial._id} name={who} {...row}>
              {testimonial.approved ? (
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Hide ${who}`}
                  disabled={row.isBusy}
                  onClick={() => onApprove(false)}
                >
                  Hide
                </Button>
              ) : (
                <Button
                  size="sm"
                  aria-label={`Approve ${who}`}
                  disabled={row.isBusy}
                  onClick={() => onApprove(true)}
                >
                  Approve
                </Button>
              )}
            </EditedRowActions>
          </div>
        </>
      )}
    </li>
  )
}
