import { data, href } from 'react-router'
import type { Route } from './+types/book'
import {
  BOOKING_FIELDS,
  BookingForm,
  type BookingFormFailure,
} from '#app/features/booking/booking-form.tsx'
import { CheckBadge } from '#app/components/ui/check-badge.tsx'
import { AboutCall, BookingFrame, CallTime } from '#app/features/booking/booking-parts.tsx'
import { BookingPanes } from '#app/features/booking/booking-panes.tsx'
import {
  DurationChoice,
  MonthCalendar,
  TimeList,
  ZoneChoice,
} from '#app/features/booking/booking-picker.tsx'
import { formatDuration, pickerHref, type PickerView } from '#app/features/booking/booking-view.ts'
import {
  getPublicBookingSettings,
  loadPicker,
  pickerParamsOf,
  tellRefusal,
} from '#app/features/booking/booking.server.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { answerPublicForm, formPageHeaders, postedFields } from '#app/lib/public-form.server.ts'
import { pageMeta } from '#app/lib/seo.ts'
import { VISITOR_PAGE_HEADER } from '#common/public-pages.ts'
import { isTimeZone } from '#common/schemas/booking-settings.ts'
import { BookingBodySchema } from '#common/schemas/booking.ts'
import { useSiteSettings } from '#app/lib/site-settings.ts'
import { pageContext } from '#app/context.ts'

const PATH = '/book'

export const meta: Route.MetaFunction = ({ matches }) => {
  const settings = matches.find((match) => match?.id === 'routes/public/public-layout')
    ?.loaderData as { settings?: { ownerName?: string } } | undefined
  const owner = settings?.settings?.ownerName ?? 'the owner'
  return pageMeta({
    title: 'Book a call',
    description: `Pick a time that suits you for a video call with ${owner}: choose the length, a day and a time shown in your own time zone, and an invitation follows by e-mail.`,
    path: href('/book'),
    matches,
  })
}

/**
 * A refused post's headers (a 429's Retry-After) reach the client; whether the page is made for each
 * visitor (the loader's VISITOR_PAGE_HEADER), the server.
 */
export const headers: Route.HeadersFunction = formPageHeaders

/** Closed, the page is the same for everyone; open, it shows the free times as they are now. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = context.get(pageContext)
  const settings = await getPublicBookingSettings(services)
  if (!settings.enabled || settings.durations.length === 0) return { isOpen: false as const }
  const url = new URL(request.url)
  const view = await loadPicker(services, settings, pickerParamsOf(url), services.now())
  return data(
    { isOpen: true as const, location: settings.location, view },
    { headers: { [VISITOR_PAGE_HEADER]: 'now' } },
  )
}

export type BookResult =
  | {
      ok: true
      booking: { start: string; end: string; manageUrl: string }
      zone: string
      name: string
      email: string
    }
  | BookingFormFailure

export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(pageContext)
  const { booking } = services
  const form = await request.formData()
  const values = postedFields(form, [...BOOKING_FIELDS, 'start', 'duration', 'timeZone'])
  const zone = isTimeZone(values.timeZone) ? values.timeZone : 'UTC'
  const client = {
    client: clientIp,
    userAgent: request.headers.get('user-agent') ?? undefined,
  }
  return answerPublicForm({
    count: () => booking.countAttempt(clientIp),
    schema: BookingBodySchema,
    values: {
      start: values.start,
      duration: Number(values.duration),
      name: values.name,
      email: values.email,
      timeZone: zone,
      ...(values.message ? { message: values.message } : {}),
      ...(values.projectType ? { projectType: values.projectType } : {}),
      ...(values.budget ? { budget: values.budget } : {}),
      ...(values.timeline ? { timeline: values.timeline } : {}),
    },
    submit: (body) => booking.book(body, client),
    accepted: (created): BookResult => ({
      ok: true,
      booking: created.booking,
      zone,
      name: values.name,
      email: values.email,
    }),
    refused: (refusal): BookResult => ({
      ok: false,
      ...tellRefusal(refusal),
      fieldErrors: refusal.fieldErrors,
      values,
    }),
  })
}

export default function BookPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main id="main-content" className="flex-1">
      {loaderData.isOpen ? (
        <Booking
          view={loaderData.view}
          location={loaderData.location}
          result={actionData as BookResult | undefined}
        />
      ) : (
        <NotOpen />
      )}
    </main>
  )
}

function Booking({
  view,
  location,
  result,
}: {
  view: PickerView
  location: string
  result: BookResult | undefined
}) {
  if (result?.ok)
    return (
      <BookingFrame>
        <div data-booking="" data-zone={view.zone} data-zone-chosen={String(view.isZoneChosen)}>
          <Confirmation result={result} location={location} duration={view.duration} />
        </div>
      </BookingFrame>
    )
  const failure = result && !result.ok ? result : undefined
  const timesHref = pickerHref(PATH, {
    duration: view.durations.length > 1 ? view.duration : undefined,
    timeZone: view.isZoneChosen ? view.zone : undefined,
    day: view.day ?? undefined,
  })
  // A time taken meanwhile sends the visitor back to the times, with the refusal above them.
  const chosen = failure?.isTaken ? null : view.chosen
  return (
    <BookingFrame>
      <BookingPanes
        zone={view.zone}
        isZoneChosen={view.isZoneChosen}
        columns={chosen ? 'two' : 'three'}
        about={
          <AboutCall heading="Book a call" duration={view.duration} location={location}>
            {chosen ? (
              <CallTime
                slot={chosen}
                zone={view.zone}
                className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200"
              />
            ) : (
              <>
                <p className="text-sm leading-6 text-slate-700">
                  Pick a day and a time that suit you. You get an invitation for your calendar by
                  e-mail, with a link to move or cancel the call.
                </p>
                <DurationChoice view={view} path={PATH} />
                <ZoneChoice view={view} path={PATH} />
              </>
            )}
          </AboutCall>
        }
      >
        {chosen ? (
          <div className="p-5 sm:p-7">
            <h2 className="mb-5 text-lg font-semibold text-slate-900" data-focus tabIndex={-1}>
              Your details
            </h2>
            <BookingForm
              start={chosen.start}
              duration={view.duration}
              zone={view.zone}
              failure={failure}
              backHref={timesHref}
            />
          </div>
        ) : (
          <>
            <div className="border-b border-slate-200 p-5 sm:p-7 lg:border-b-0">
              {failure?.isTaken ? (
                <div className="mb-4" data-focus tabIndex={-1}>
                  <Alert kind="error">{failure.message}</Alert>
                </div>
              ) : null}
              <MonthCalendar view={view} path={PATH} />
            </div>
            <div className="p-5 sm:p-7 lg:max-h-[34rem] lg:overflow-y-auto lg:border-l lg:border-slate-200 lg:px-4">
              <TimeList view={view} path={PATH} />
            </div>
          </>
        )}
      </BookingPanes>
    </BookingFrame>
  )
}

function Confirmation({
  result,
  location,
  duration,
}: {
  result: BookResult & { ok: true }
  location: string
  duration: number
}) {
  const { ownerName } = useSiteSettings()
  const firstName = result.name.trim().split(/\s+/)[0]
  return (
    <section
      aria-labelledby="booking-confirmed"
      data-confirmation
      data-focus
      tabIndex={-1}
      className="mx-auto max-w-xl space-y-6 px-5 py-10 focus:outline-none sm:px-7 sm:py-14"
    >
      <div className="flex flex-col items-center gap-4 text-center">
        <CheckBadge />
        <h1 id="booking-confirmed" className="text-2xl font-bold tracking-tight text-slate-900">
          Your call is booked{firstName ? `, ${firstName}` : ''}
        </h1>
        <p className="text-slate-700">
          An invitation is on its way to <strong className="font-semibold">{result.email}</strong>.
          Add it to your calendar; {ownerName} will be there.
        </p>
      </div>
      <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 text-sm">
        <div className="grid gap-1 px-4 py-3 sm:grid-cols-[7rem_1fr]">
          <dt className="font-medium text-slate-600">When</dt>
          <dd>
            <CallTime slot={result.booking} zone={result.zone} />
          </dd>
        </div>
        <div className="grid gap-1 px-4 py-3 sm:grid-cols-[7rem_1fr]">
          <dt className="font-medium text-slate-600">Length</dt>
          <dd className="text-slate-800">{formatDuration(duration)}</dd>
        </div>
        {location ? (
          <div className="grid gap-1 px-4 py-3 sm:grid-cols-[7rem_1fr]">
            <dt className="font-medium text-slate-600">Where</dt>
            <dd className="break-words text-slate-800">{location}</dd>
          </div>
        ) : null}
      </dl>
      <p className="text-center text-sm text-slate-700">
        Need to change something?{' '}
        <a
          href={result.booking.manageUrl}
          className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          Manage your booking
        </a>
      </p>
    </section>
  )
}

function NotOpen() {
  const { ownerName, responseTime } = useSiteSettings()
  return (
    <BookingFrame>
      <div className="mx-auto max-w-xl space-y-5 px-5 py-12 text-center sm:py-16">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Book a call</h1>
        <p className="text-slate-700">
          Booking a call is not open right now. Send {ownerName} a message instead: you get a reply{' '}
          {responseTime}.
        </p>
        <a
          href={href('/contact')}
          className="inline-flex items-center justify-center rounded-md bg-accent px-6 py-3 text-base font-semibold text-on-accent hover:bg-accent-strong"
        >
          Send a message
        </a>
      </div>
    </BookingFrame>
  )
}
