import { useId, useState } from 'react'
import { useNavigation } from 'react-router'
import type { Route } from './+types/booking'
import type { BusyCalendarState } from '#common/schemas/booking.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ErrorState } from '#app/components/ui/error-state.tsx'
import { useConfirmedSubmit } from '#app/components/ui/confirm-dialog.tsx'
import { CheckboxField, InputField } from '#app/components/ui/field.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { TimeZoneField } from '#app/components/ui/time-zone-field.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { FieldsForm } from '#app/components/ui/fields-form.tsx'
import { timeZoneNames, zoneName } from '#app/features/booking/booking-time.ts'
import {
  cancelBookingAsOwner,
  getBookingFeed,
  getBusyCalendarState,
  listUpcomingBookings,
  rotateBookingFeed,
} from '#app/features/booking/booking.api.ts'
import { UpcomingBookings } from '#app/features/booking/upcoming-bookings.tsx'
import { WeeklyHoursEditor } from '#app/features/booking/weekly-hours-editor.tsx'
import { getSettings, updateSettingsFields } from '#app/features/settings/settings.api.ts'
import { loadAsAdmin, requireAdmin, withSignIn } from '#app/lib/guards.ts'
import { messageOf } from '#app/lib/api-client.ts'
import { fieldPropsOf } from '#app/lib/field-props.ts'
import { errorsOf, intentOf, runSignedIn, submitForm } from '#app/lib/form.ts'
import { SiteSettingsSchema } from '#common/schemas/settings.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { toast } from '#app/lib/toast.tsx'
import { useUnsavedChanges } from '#app/lib/use-unsaved-changes.ts'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Admin: Booking', matches) },
]

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadAsAdmin(request, async () => {
    const [settings, upcoming, feed, busy] = await Promise.all([
      getSettings(),
      listUpcomingBookings(),
      getBookingFeed().catch((error: unknown) => ({ url: null, error: messageOf(error) })),
      getBusyCalendarState().catch(() => null),
    ])
    return { settings, bookings: upcoming.bookings, feed, busy }
  })
}
clientLoader.hydrate = true as const

/** The settings this form edits, its fields named `booking.…`. */
const BookingFormSchema = SiteSettingsSchema.pick({ booking: true })

export async function clientAction({ request }: Route.ClientActionArgs) {
  requireAdmin(request)
  const formData = await request.formData()
  const { intent, id } = intentOf(formData)
  if (intent === 'cancel')
    return runSignedIn(
      request,
      () => cancelBookingAsOwner(id),
      'Call cancelled; both of you get a cancellation',
    )
  if (intent === 'rotate')
    return runSignedIn(
      request,
      () => rotateBookingFeed(),
      'New feed address made; the old one no longer works',
    )
  return submitForm(
    formData,
    BookingFormSchema,
    (fields) => withSignIn(request, () => updateSettingsFields(fields)),
    'Booking settings saved successfully',
  )
}

export function HydrateFallback() {
  return <Spinner />
}

export default function BookingSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings, bookings, feed, busy } = loaderData
  const booking = settings.booking
  const navigation = useNavigation()
  const isSaving =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save'
  const cancellingId =
    navigation.formData?.get('intent') === 'cancel'
      ? String(navigation.formData.get('id'))
      : undefined
  const { confirmSubmit, dialog: confirmDialog } = useConfirmedSubmit()
  const [isDirty, setIsDirty] = useState(false)
  const leaveDialog = useUnsavedChanges(isDirty)
  const markEdited = () => setIsDirty(true)
  const [seenAction, setSeenAction] = useState(actionData)
  if (actionData !== seenAction) {
    setSeenAction(actionData)
    if (actionData && 'saved' in actionData) setIsDirty(false)
  }
  const errors = errorsOf(actionData)
  const field = fieldPropsOf<
    | 'durations'
    | 'bufferMinutes'
    | 'minNoticeHours'
    | 'horizonDays'
    | 'location'
    | 'busyCalendarUrl'
  >(
    {
      ...booking,
      durations: booking.durations.join(', '),
      busyCalendarUrl: booking.busyCalendarUrl ?? '',
    },
    errors,
    'booking',
  )
  const numberField = (
    name: 'bufferMinutes' | 'minNoticeHours' | 'horizonDays',
    label: string,
    min: number,
  ) => <InputField label={label} type="number" min={min} required {...field(name)} />
  const zones = timeZoneNames()

  return (
    <div className="max-w-4xl space-y-6">
      <PageHeader
        title="Booking"
        subtitle="When visitors can book a call with you on /book, how long a call lasts and where it happens."
        actions={
          booking.enabled ? (
            <a
              href="/book"
              className="text-sm font-medium text-brand-700 underline underline-offset-2"
            >
              View the booking page
            </a>
          ) : null
        }
      />
      <Panel title="Upcoming calls" subtitle={`Times in ${zoneName(booking.timeZone)}.`}>
        <UpcomingBookings
          bookings={bookings}
          zone={booking.timeZone}
          cancellingId={cancellingId}
          onCancel={(call) =>
            void confirmSubmit(
              'Cancel this call?',
              {
                detail: `${call.name} gets a cancellation by e-mail and the time is free again.`,
                confirmLabel: 'Cancel the call',
                variant: 'danger',
              },
              { intent: 'cancel', id: call._id },
            )
          }
        />
      </Panel>
      <FieldsForm
        errors={errors}
        onChange={markEdited}
        className="space-y-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <input type="hidden" name="intent" value="save" />
        <CheckboxField
          label="Visitors can book a call"
          hint="Opens /book and offers it after a contact message. Off: /book says booking is not open."
          name="booking.enabled"
          defaultChecked={booking.enabled}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TimeZoneField
            name="booking.timeZone"
            zones={zones}
            defaultValue={booking.timeZone}
            hint="Type to search, e.g. Berlin or New York. Your weekly hours are in this zone."
            error={errors?.['booking.timeZone']}
          />
          <InputField
            label="Meeting lengths (minutes)"
            required
            hint="One or more, separated by commas, e.g. 20, 45. The first is offered first."
            {...field('durations')}
          />
        </div>
        <WeeklyHoursEditor initial={booking.weekly} errors={errors} onEdit={markEdited} />
        <div className="grid gap-5 sm:grid-cols-3">
          {numberField('bufferMinutes', 'Buffer between calls (minutes)', 0)}
          {numberField('minNoticeHours', 'Minimum notice (hours)', 0)}
          {numberField('horizonDays', 'Book up to (days ahead)', 1)}
        </div>
        <InputField
          label="Location"
          hint="A video-call link or an address; visitors see it and it goes in the invitations."
          {...field('location')}
        />
        <InputField
          label="Busy calendar address (optional)"
          type="url"
          inputMode="url"
          placeholder="https://"
          hint="Your calendar’s secret iCal address: its events block times. Fetched on save and every 15 minutes."
          {...field('busyCalendarUrl')}
        />
        {booking.busyCalendarUrl && busy ? (
          <BusyCalendarStatus busy={busy} zone={booking.timeZone} />
        ) : null}
        <div className="flex justify-end border-t border-slate-200 pt-5">
          <Button type="submit" size="lg" disabled={isSaving}>
            {isSaving ? 'Saving...' : 'Save booking settings'}
          </Button>
        </div>
      </FieldsForm>
      <Panel
        title="Calendar feed"
        subtitle="Subscribe to this secret address in your calendar app to see every booked call. Keep it private."
      >
        {feed.url ? (
          <FeedUrl
            url={feed.url}
            onRotate={() =>
              void confirmSubmit(
                'Make a new feed address?',
                {
                  detail:
                    'Calendars subscribed to the current address stop receiving your bookings until you subscribe them to the new one.',
                  confirmLabel: 'Make a new address',
                },
                { intent: 'rotate' },
              )
            }
          />
        ) : (
          <Alert kind="error">{'error' in feed ? feed.error : ''}</Alert>
        )}
      </Panel>
      {confirmDialog}
      {leaveDialog}
    </div>
  )
}

/**
 * When the busy times held were read and how many they are, or why the last read failed (with the
 * time of the next try, in the owner's zone, as are the times here).
 */
function BusyCalendarStatus({ busy, zone }: { busy: BusyCalendarState; zone: string }) {
  const when = busy.fetchedAt
    ? new Date(busy.fetchedAt).toLocaleString('en-US', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: zone,
      })
    : null
  if (busy.error)
    return (
      <Alert kind="error" className="-mt-3">
        The busy calendar could not be read: {busy.error}{' '}
        {when ? `The busy times read ${when} still apply.` : 'No busy times block slots yet.'}
      </Alert>
    )
  if (!when)
    return (
      <p className="-mt-3 text-sm text-slate-600">
        Not read yet: it is read in the background after a save, then every 15 minutes.
      </p>
    )
  return (
    <p className="-mt-3 text-sm text-emerald-800">
      Read {when}: {busy.events ?? 0} busy {busy.events === 1 ? 'time blocks' : 'times block'}{' '}
      slots.
    </p>
  )
}

function FeedUrl({ url, onRotate }: { url: string; onRotate: () => void }) {
  const id = useId()
  const [isCopied, setIsCopied] = useState(false)
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        Feed address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          readOnly
          value={url}
          onFocus={(event) => event.target.select()}
          className="block w-full min-w-0 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
        />
        <Button
          variant="secondary"
          onClick={() => {
            void navigator.clipboard.writeText(url).then(
              () => {
                setIsCopied(true)
                toast.success('Feed address copied')
              },
              () => toast.error('Could not copy: select the address and copy it'),
            )
          }}
        >
          {isCopied ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <button
        type="button"
        onClick={onRotate}
        className="mt-3 text-sm font-medium text-slate-700 underline underline-offset-2 hover:text-slate-900"
      >
        Make a new address
      </button>
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorState
      title="Booking"
      error={error}
      back={{ to: '/admin/dashboard', label: 'Back to the dashboard' }}
    />
  )
}
