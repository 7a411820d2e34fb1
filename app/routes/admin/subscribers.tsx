import { formatDate } from '#app/lib/format-date.ts'
import { Badges, type BadgeItem } from '#app/components/ui/badges.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { useConfirmedSubmit } from '#app/components/ui/confirm-dialog.tsx'
import { DeleteButton } from '#app/components/ui/paged-table.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { ActionsTh, DataTable, RowsBody, Td, Th, THead, Tr } from '#app/components/ui/table.tsx'
import {
  deleteSubscriber,
  downloadSubscribers,
  listSubscribers,
} from '#app/features/newsletter/newsletter.api.ts'
import { loadAsAdmin } from '#app/lib/guards.ts'
import { messageOf } from '#app/lib/api-client.ts'
import { adminPost, runSignedIn } from '#app/lib/form.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { toast } from '#app/lib/toast.tsx'
import {
  SUBSCRIBER_PENDING_DAYS,
  type Subscriber,
  type SubscriberList,
} from '#common/schemas/subscribers.ts'
import type { Route } from './+types/subscribers'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Admin: Subscribers', matches) },
]

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadAsAdmin(request, () => listSubscribers())
}
clientLoader.hydrate = true as const

export async function clientAction({ request }: Route.ClientActionArgs) {
  const { intent, id } = await adminPost(request)
  if (intent !== 'delete') return undefined
  return runSignedIn(request, () => deleteSubscriber(id), 'Subscriber deleted successfully')
}

export function HydrateFallback() {
  return <Spinner />
}

const STATUS_BADGES: Record<Subscriber['status'], BadgeItem> = {
  pending: { label: 'Pending', tone: 'waiting' },
  confirmed: { label: 'Confirmed', tone: 'live' },
  unsubscribed: { label: 'Unsubscribed', tone: 'neutral' },
}

function Counts({ counts }: { counts: SubscriberList['counts'] }) {
  const items = [
    { label: 'Confirmed', value: counts.confirmed },
    { label: 'Pending', value: counts.pending },
    { label: 'Unsubscribed', value: counts.unsubscribed },
  ]
  return (
    <dl className="mb-6 grid grid-cols-3 gap-2 sm:gap-3">
      {items.map((item) => (
        <div
          key={item.label}
          className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
        >
          <dt className="truncate text-xs text-slate-600 sm:text-sm">{item.label}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900">{item.value}</dd>
        </div>
      ))}
    </dl>
  )
}

export default function SubscribersAdminPage({ loaderData }: Route.ComponentProps) {
  const { subscribers, total, counts } = loaderData
  const { confirmDelete, isDeleting, dialog } = useConfirmedSubmit()
  const exportCsv = () =>
    downloadSubscribers().catch((error: unknown) => toast.error(messageOf(error)))

  return (
    <div className="max-w-5xl">
      <PageHeader
        title="Subscribers"
        subtitle={`${total} ${total === 1 ? 'subscriber' : 'subscribers'}. New posts go to confirmed ones from the post's edit screen; pending ones that do not confirm within ${SUBSCRIBER_PENDING_DAYS} days are removed.`}
        actions={
          <Button
            variant="secondary"
            className="whitespace-nowrap"
            onClick={() => void exportCsv()}
          >
            Export CSV
          </Button>
        }
      />
      <Counts counts={counts} />
      <DataTable caption="Newsletter subscribers" captionHidden>
        <THead>
          <tr>
            <Th>Email</Th>
            <Th>Status</Th>
            <Th>Asked</Th>
            <Th>Confirmed</Th>
            <Th>Source</Th>
            <ActionsTh />
          </tr>
        </THead>
        <RowsBody
          items={subscribers}
          colSpan={6}
          empty="No subscribers yet. Visitors subscribe with the form on the journal and on each post."
        >
          {(subscriber) => (
            <Tr key={subscriber._id}>
              <Td className="font-medium break-all text-slate-900">{subscriber.email}</Td>
              <Td label="Status">
                <Badges items={[STATUS_BADGES[subscriber.status]]} />
              </Td>
              <Td label="Asked">{formatDate(subscriber.createdAt)}</Td>
              <Td label="Confirmed">
                {subscriber.confirmedAt ? formatDate(subscriber.confirmedAt) : '–'}
              </Td>
              <Td label="Source" className="break-all text-slate-600">
                {subscriber.source}
              </Td>
              <Td className="@3xl:text-right">
                <DeleteButton
                  label={`Delete ${subscriber.email}`}
                  isDeleting={isDeleting(subscriber._id)}
                  onClick={() => void confirmDelete(subscriber._id, subscriber.email)}
                />
              </Td>
            </Tr>
          )}
        </RowsBody>
      </DataTable>
      {dialog}
    </div>
  )
}
