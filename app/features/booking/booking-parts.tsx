/**
 * The pieces both booking pages show around the picker: the owner's card (portrait, name, the
 * meeting's length and place), the booked call's summary and the page's card frame.
 */
import type { ReactNode } from 'react'
import { dayOf, timeRange } from './booking-picker.tsx'
import { zoneLabel } from './booking-time.ts'
import { formatDuration } from './booking-view.ts'
import { Portrait } from '#app/components/layout/portrait.tsx'
import { cn } from '#app/lib/cn.ts'
import { useSiteSettings } from '#app/lib/site-settings.ts'

/** The page's white card on the tinted band, wide on a laptop, edge to edge on a phone. */
export function BookingFrame({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-white px-0 py-6 sm:px-6 sm:py-12">
      <div
        className={cn(
          // What the in-place swap focuses stays clear of the sticky header, without a ring.
          'mx-auto max-w-5xl overflow-hidden border-y border-slate-200 bg-white shadow-sm sm:rounded-2xl sm:border [&_[data-focus]]:scroll-mt-24 [&_[data-focus]]:outline-none',
          className,
        )}
      >
        {children}
      </div>
    </div>
  )
}

/** Who the call is with, how long it is and where: the left pane of the card. */
export function AboutCall({
  duration,
  location,
  heading,
  children,
}: {
  duration: number
  location: string
  /** The page's h1. */
  heading: string
  children?: ReactNode
}) {
  const { ownerName, ownerRole, businessName, portrait } = useSiteSettings()
  const initials = ownerName
    .split(/\s+/)
    .map((word) => word.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase()
  return (
    <div className="space-y-5 p-5 sm:p-7">
      <div className="flex items-center gap-3">
        {portrait ? (
          <Portrait size={56} isEager className="h-14 w-14 shrink-0 ring-2 ring-white" />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-accent text-lg font-semibold text-on-accent"
          >
            {initials}
          </span>
        )}
        <div className="min-w-0">
          <p className="font-semibold text-slate-900">{ownerName}</p>
          <p className="text-sm text-slate-600">
            {ownerRole} · {businessName}
          </p>
        </div>
      </div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{heading}</h1>
      <ul className="space-y-2.5 text-sm text-slate-700">
        <li className="flex items-center gap-2.5">
          <DetailIcon shape="clock" />
          <span>{formatDuration(duration)}</span>
        </li>
        {location ? (
          <li className="flex items-start gap-2.5">
            <DetailIcon shape={videoHost(location) ? 'video' : 'pin'} />
            <span className="min-w-0 break-words">
              {videoHost(location) ? `Video call · ${videoHost(location)}` : location}
            </span>
          </li>
        ) : null}
      </ul>
      {children}
    </div>
  )
}

/** The call's date and time in `zone`, with the zone named. */
export function CallTime({
  slot,
  zone,
  className,
}: {
  slot: { start: string; end: string }
  zone: string
  className?: string
}) {
  return (
    <div className={cn('flex items-start gap-2.5 text-sm text-slate-800', className)}>
      <DetailIcon shape="calendar" />
      <div>
        <p className="font-semibold text-slate-900">{dayOf(slot.start, zone)}</p>
        <p>{timeRange(slot, zone)}</p>
        <p className="text-slate-600">{zoneLabel(zone, slot.start)}</p>
      </div>
    </div>
  )
}

/** The host of a video-call link ("meet.example.com"), or null for an address. */
function videoHost(location: string): string | null {
  if (!/^https?:\/\//.test(location)) return null
  try {
    return new URL(location).host
  } catch {
    return null
  }
}

/** The details' line icons: outlines on a 20-unit grid. */
const DETAIL_SHAPES = {
  video: (
    <>
      <rect x="2.5" y="5" width="10.5" height="10" rx="2" />
      <path d="m13 9 4.5-2.5v7L13 11" strokeLinejoin="round" />
    </>
  ),
  clock: (
    <>
      <circle cx="10" cy="10" r="7.5" />
      <path d="M10 6v4l2.5 2.5" strokeLinecap="round" />
    </>
  ),
  pin: (
    <>
      <path d="M10 18s6-5.2 6-10a6 6 0 1 0-12 0c0 4.8 6 10 6 10Z" strokeLinejoin="round" />
      <circle cx="10" cy="8" r="2" />
    </>
  ),
  calendar: (
    <>
      <rect x="3" y="4.5" width="14" height="12.5" rx="2" />
      <path d="M3 8.5h14M7 2.5v4M13 2.5v4" strokeLinecap="round" />
    </>
  ),
}

/** A detail's line icon, in the detail's muted colour. */
function DetailIcon({ shape }: { shape: keyof typeof DETAIL_SHAPES }) {
  return (
    <svg
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      className="mt-0.5 h-4 w-4 shrink-0 text-slate-500"
      aria-hidden="true"
    >
      {DETAIL_SHAPES[shape]}
    </svg>
  )
}
