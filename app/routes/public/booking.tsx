import { data, href } from 'react-router'
import type { Route } from './+types/booking'
import { NotFoundContent } from '#app/components/layout/not-found-content.tsx'
import { Alert } from '#app/components/ui/alert.tsx'
import { AboutCall, BookingFrame, CallTime } from '#app/features/booking/booking-parts.tsx'
import { BookingPanes } from '#app/features/booking/booking-panes.tsx'
import {
  DurationChoice,
  MonthCalendar,
  TimeList,
  ZoneChoice,
} from '#app/features/booking/booking-picker.tsx'
import { timeZoneNames, zoneLabel } from '#app/features/booking/booking-time.ts'
import { pickerHref, type PickerView } from '#app/features/booking/booking-view.ts'
import {
  cancelBooking,
  findBooking,
  getPublicBookingSettings,
  loadPicker,
  pickerParamsOf,
  rescheduleBooking,
  tellRefusal,
  type ManagedBooking,
} from '#app/features/booking/booking.server.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { tokenPageHeaders } from '#app/lib/token-page.ts'
import { isTimeZone } from '#common/schemas/booking-settings.ts'
import { pageContext } from '#app/context.ts'

const NOT_FOUND = 404

// The address carries the booking's secret token: never in search results (and, as every page
// outside the public registry, never kept: private, no-store).
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Your booking', matches) },
  {
    name: 'description',
    content: 'See, move or cancel the call you booked.',
  },
  { name: 'robots', content: 'noindex' },
]

export const headers: Route.HeadersFunction = tokenPageHeaders

type Step = 'view' | 'cancel' | 'reschedule'

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services } = context.get(pageContext)
  const booking = await findBooking(services, params.token)
  if (!booking) return data({ found: false as const }, { status: NOT_FOUND })
  const url = new URL(request.url)
  const asked = url.searchParams.get('step')
  const isConfirmed = booking.status === 'confirmed'
  const step: Step = isConfirmed && (asked === 'cancel' || asked === 'reschedule') ? asked : 'view'
  const pickerParams = pickerParamsOf(url)
  const zone = pickerParams.timeZone ?? (isTimeZone(booking.timeZone) ? booking.timeZone : 'UTC')
  const zones = timeZoneNames()
  if (!zones.includes(zone)) zones.unshift(zone)
  let view: PickerView | null = null
  let location = booking.location
  if (step === 'reschedule') {
    const settings = await getPublicBookingSettings(services)
    location = settings.location || location
    view = await loadPicker(
      services,
      { ...settings, durations: [booking.duration] },
      { ...pickerParams, timeZone: zone, duration: booking.duration },
      services.now(),
      params.token,
    )
  }
  return {
    found: true as const,
    booking: { ...booking, location },
    zone,
    zones,
    now: services.now().toISOString(),
    step,
    view,
  }
}

export type ManageResult =
  { ok: true; done: 'cancelled' | 'rescheduled' } | { ok: false; isTaken: boolean; message: string }

export async function action({ params, request, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(pageContext)
  const form = await request.formData()
  const intent = form.get('intent')
  const result =
    intent === 'cancel'
      ? await cancelBooking(services, params.token, clientIp)
      : await rescheduleBooking(services, params.token, String(form.get('start') ?? ''), clientIp)
  if (result.ok)
    return data<ManageResult>({
      ok: true,
      done: intent === 'cancel' ? 'cancelled' : 'rescheduled',
    })
  return data<ManageResult>(
    { ok: false, ...tellRefusal(result) },
    { status: result.status, headers: result.headers },
  )
}

export default function BookingPage({ loaderData, actionData, params }: Route.ComponentProps) {
  if (!loaderData.found)
    return (
      <NotFoundContent
        eyebrow="Booking"
        title="Booking not found"
        text="This link does not lead to a booking. Check the address in your invitation, or book a new call."
      />
    )
  const { booking, zone, step, view } = loaderData
  const result = actionData as ManageResult | undefined
  const path = `/booking/${params.token}`
  const keepZone = { timeZone: zone }
  // After a post, the page shows the booking as it is now (the loader ran again), with the outcome.
  const shownStep: Step = result?.ok ? 'view' : step
  const isCancelled = booking.status === 'cancelled'
  return (
    <main id="main-content" className="flex-1">
      <BookingFrame>
        <BookingPanes
          zone={zone}
          isZoneChosen
          columns={shownStep === 'reschedule' && view ? 'three' : 'two'}
          about={
            <AboutCall
              heading={isCancelled ? 'Your call is cancelled' : 'Your booked call'}
              duration={booking.duration}
              location={booking.location}
            >
              <StatusBadge status={booking.status} />
              <CallTime
                slot={booking}
                zone={zone}
                className={
                  isCancelled
                    ? 'rounded-lg bg-slate-50 p-3 line-through ring-1 ring-slate-200'
                    : 'rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200'
                }
              />
              {shownStep === 'reschedule' && view ? (
                <ZoneChoice view={view} path={path} keep={{ step: 'reschedule' }} />
              ) : null}
            </AboutCall>
          }
        >
          {shownStep === 'reschedule' && view ? (
            <Reschedule
              view={view}
              path={path}
              failure={result && !result.ok ? result : undefined}
            />
          ) : (
            <div className="space-y-6 p-5 sm:p-7" data-focus tabIndex={-1}>
              {result?.ok ? (
                <Alert kind="success">
                  {result.done === 'cancelled'
                    ? 'Your call is cancelled. A cancellation is on its way to your inbox.'
                    : 'Your call is moved. An updated invitation is on its way to your inbox.'}
                </Alert>
              ) : null}
              {result && !result.ok ? <Alert kind="error">{result.message}</Alert> : null}
              {isCancelled ? (
                <Cancelled />
              ) : shownStep === 'cancel' ? (
                <ConfirmCancel path={path} zone={zone} />
              ) : (
                <Overview
                  booking={booking}
                  path={path}
                  zone={zone}
                  zones={loaderData.zones}
                  now={loaderData.now}
                  keep={keepZone}
                />
              )}
            </div>
          )}
        </BookingPanes>
      </BookingFrame>
    </main>
  )
}

function StatusBadge({ status }: { status: ManagedBooking['status'] }) {
  return status === 'confirmed' ? (
    <p className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-sm font-semibold text-emerald-800 ring-1 ring-emerald-200">
      <span aria-hidden="true" className="h-2 w-2 rounded-full bg-emerald-600" />
      Confirmed
    </p>
  ) : (
    <p className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-700 ring-1 ring-slate-300">
      <span aria-hidden="true" className="h-2 w-2 rounded-full bg-slate-500" />
      Cancelled
    </p>
  )
}

/** The booking's actions, and the zone its time is shown in. */
function Overview({
  booking,
  path,
  zone,
  zones,
  now,
  keep,
}: {
  booking: ManagedBooking
  path: string
  zone: string
  zones: string[]
  now: string
  keep: Record<string, string>
}) {
  return (
    <>
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Hello {booking.name}</h2>
        <p className="mt-2 text-slate-700">
          Your call with {booking.ownerName} is booked. If the time no longer suits you, pick
          another one or cancel; an updated invitation follows by e-mail either way.
        </p>
      </div>
      {booking.isChangeable ? (
        <div className="flex flex-col gap-3 sm:flex-row">
          <a
            href={pickerHref(path, {}, { step: 'reschedule', ...keep })}
            data-booking-nav
            className="inline-flex items-center justify-center rounded-md bg-accent px-5 py-2.5 text-sm font-semibold text-on-accent hover:bg-accent-strong"
          >
            Reschedule
          </a>
          <a
            href={pickerHref(path, {}, { step: 'cancel', ...keep })}
            data-booking-nav
            className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            Cancel booking
          </a>
        </div>
      ) : (
        <p className="text-slate-700">
          This call has begun or is over, so it can no longer be moved or cancelled here.
        </p>
      )}
      <form
        method="get"
        action={path}
        className="max-w-sm space-y-1.5 border-t border-slate-200 pt-5"
      >
        <label htmlFor="booking-zone" className="block text-sm font-medium text-slate-800">
          Show the time in
        </label>
        <div className="flex flex-wrap gap-2">
          <select
            id="booking-zone"
            name="timeZone"
            defaultValue={zone}
            data-booking-zone
            className="block min-w-48 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
          >
            {zones.map((name) => (
              <option key={name} value={name}>
                {zoneLabel(name, now)}
              </option>
            ))}
          </select>
          <button
            type="submit"
            data-without-js
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            Apply
          </button>
        </div>
      </form>
    </>
  )
}

function ConfirmCancel({ path, zone }: { path: string; zone: string }) {
  return (
    <form method="post" action={pickerHref(path, {}, { timeZone: zone })} className="space-y-5">
      <input type="hidden" name="intent" value="cancel" />
      <div>
        <h2 className="text-lg font-semibold text-slate-900">Cancel this call?</h2>
        <p className="mt-2 text-slate-700">
          The time is given back and you both get a cancellation by e-mail. You can book a new call
          at any time.
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="submit"
          data-pending-label="Cancelling..."
          className="inline-flex items-center justify-center rounded-md bg-red-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-red-800"
        >
          Yes, cancel the call
        </button>
        <a
          href={pickerHref(path, {}, { timeZone: zone })}
          data-booking-nav
          className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          Keep the call
        </a>
      </div>
    </form>
  )
}

function Cancelled() {
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">This call is cancelled</h2>
      <p className="text-slate-700">Would another time work? Pick one on the booking page.</p>
      <a
        href={href('/book')}
        className="inline-flex items-center justify-center rounded-md bg-accent px-5 py-2.5 text-sm font-semibold text-on-accent hover:bg-accent-strong"
      >
        Book a new call
      </a>
    </div>
  )
}

/** Another time for the call: the picker, then a confirm step for the time chosen. */
function Reschedule({
  view,
  path,
  failure,
}: {
  view: PickerView
  path: string
  failure?: ManageResult & { ok: false }
}) {
  const keep = { step: 'reschedule' }
  if (view.chosen && !failure?.isTaken)
    return (
      <div className="space-y-5 p-5 sm:p-7 lg:col-span-2" data-focus tabIndex={-1}>
        <h2 className="text-lg font-semibold text-slate-900">Move the call to this time?</h2>
        <CallTime slot={view.chosen} zone={view.zone} />
        {failure ? <Alert kind="error">{failure.message}</Alert> : null}
        <form
          method="post"
          action={pickerHref(path, { timeZone: view.zone, day: view.day ?? undefined }, keep)}
          className="flex flex-col gap-3 sm:flex-row"
        >
          <input type="hidden" name="intent" value="reschedule" />
          <input type="hidden" name="start" value={view.chosen.start} />
          <button
            type="submit"
            data-pending-label="Moving..."
            className="inline-flex items-center justify-center rounded-md bg-accent px-5 py-2.5 text-sm font-semibold text-on-accent hover:bg-accent-strong"
          >
            Confirm new time
          </button>
          <a
            href={pickerHref(path, { timeZone: view.zone, day: view.day ?? undefined }, keep)}
            data-booking-nav
            className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-5 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            Pick another time
          </a>
        </form>
      </div>
    )
  return (
    <>
      <div className="border-b border-slate-200 p-5 sm:p-7 lg:border-b-0">
        <div data-focus tabIndex={-1} className="mb-4 focus:outline-none">
          <h2 className="text-lg font-semibold text-slate-900">Pick a new time</h2>
          <p className="mt-1 text-sm text-slate-600">
            Your current time stays booked until you confirm the new one.{' '}
            <a
              href={pickerHref(path, {}, { timeZone: view.zone })}
              data-booking-nav
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              Keep the current time
            </a>
          </p>
        </div>
        {failure?.isTaken ? (
          <div className="mb-4">
            <Alert kind="error">{failure.message}</Alert>
          </div>
        ) : null}
        <DurationChoice view={view} path={path} keep={keep} />
        <MonthCalendar view={view} path={path} keep={keep} />
      </div>
      <div className="p-5 sm:p-7 lg:max-h-[34rem] lg:overflow-y-auto lg:border-l lg:border-slate-200 lg:px-4">
        <TimeList view={view} path={path} keep={keep} />
      </div>
    </>
  )
}
