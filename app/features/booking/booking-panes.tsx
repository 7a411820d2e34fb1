import type { ReactNode } from 'react'

const PANE_COLUMNS = {
  /** What the call is, beside one pane: the visitor's details, a booked call's overview. */
  two: 'grid grid-cols-[minmax(0,1fr)] lg:grid-cols-[20rem_minmax(0,1fr)]',
  /** What the call is, the month and the day's times. */
  three: 'grid grid-cols-[minmax(0,1fr)] lg:grid-cols-[18rem_minmax(0,1fr)_13rem]',
}

/**
 * The booking card's panes, side by side on a laptop and stacked on a phone: `about` (the
 * AboutCall pane) first, then the step's own panes. It is the region the static pages' script
 * swaps in place (`data-booking`), with the zone it shows times in.
 */
export function BookingPanes({
  zone,
  isZoneChosen,
  columns,
  about,
  children,
}: {
  zone: string
  isZoneChosen: boolean
  columns: keyof typeof PANE_COLUMNS
  about: ReactNode
  children: ReactNode
}) {
  return (
    <div
      data-booking=""
      data-zone={zone}
      data-zone-chosen={String(isZoneChosen)}
      className={PANE_COLUMNS[columns]}
    >
      <div className="border-b border-slate-200 lg:border-r lg:border-b-0">{about}</div>
      {children}
    </div>
  )
}
