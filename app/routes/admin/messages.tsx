import { useState } from 'react'
import { useRevalidator } from 'react-router'
import type { Message } from '#common/schemas/messages.ts'
import { Button } from '#app/components/ui/button.tsx'
import { ErrorState } from '#app/components/ui/error-state.tsx'
import {
  DeleteButton,
  PagedTable,
  RowActions,
  useConfirmedSubmit,
  type Column,
} from '#app/components/ui/paged-table.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { deleteMessage, listMessagesForAdmin } from '#app/features/messages/messages.api.ts'
import { ReplyPanel } from '#app/features/messages/reply-panel.tsx'
import { requireAdmin, withSignIn } from '#app/features/users/guards.ts'
import { formatDate } from '#app/lib/format-date.ts'
import { deleteRow, loadListPage } from '#app/lib/paged-list.ts'
import { pageTitle } from '#app/lib/seo.ts'
import type { Route } from './+types/messages'

const BASE_PATH = '/admin/messages'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Admin: Messages', matches) },
]

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAdmin(request)
  return withSignIn(request, () =>
    loadListPage(request, BASE_PATH, listMessagesForAdmin, 'messages'),
  )
}
clientLoader.hydrate = true as const

export async function clientAction({ request }: Route.ClientActionArgs) {
  requireAdmin(request)
  return deleteRow(await request.formData(), deleteMessage, 'Message deleted successfully')
}

export function HydrateFallback() {
  return <Spinner />
}

const COLUMNS: Column<Message>[] = [
  {
    header: 'Date',
    cell: (message) => <time dateTime={message.createdAt}>{formatDate(message.createdAt)}</time>,
    className: 'whitespace-nowrap',
  },
  {
    header: 'Name',
    cell: (message) => message.fullName,
    className: 'font-medium wrap-anywhere lg:min-w-[7rem]',
  },
  {
    header: 'E-mail',
    cell: (message) => (
      <a
        href={`mailto:${message.email}`}
        title={message.email}
        className="block wrap-anywhere text-brand-700 underline underline-offset-2 hover:text-brand-800 lg:max-w-[11rem] lg:truncate"
      >
        {message.email}
      </a>
    ),
  },
  {
    header: 'Subject',
    cell: (message) => <p className="line-clamp-3 wrap-anywhere">{message.subject}</p>,
    className: 'lg:min-w-[9rem]',
  },
  {
    header: 'Message',
    labelAbove: true,
    cell: (message) => (
      <textarea
        readOnly
        rows={3}
        value={message.message}
        aria-label={`Message from ${message.fullName}`}
        className="block w-full resize-y rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800"
      />
    ),
    className: 'lg:w-[30%] lg:min-w-[14rem]',
  },
]

export default function MessagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, totalMessages, page, pages } = loaderData
  const [replyingTo, setReplyingTo] = useState<Message | null>(null)
  const revalidator = useRevalidator()
  const { dialog, confirmDelete, isDeleting } = useConfirmedSubmit()

  return (
    <>
      <PagedTable
        title="Messages"
        total={totalMessages}
        subtitle="Contact form messages, newest first."
        error={actionData?.error}
        columns={COLUMNS}
        rows={messages}
        empty="No messages yet."
        basePath={BASE_PATH}
        page={page}
        pages={pages}
        rowActions={(message) => (
          <>
            <RowActions>
              <Button
                size="sm"
                aria-label={`Reply to ${message.fullName}`}
                onClick={() => setReplyingTo(message)}
              >
                Reply
              </Button>
              <DeleteButton
                label={`Delete the message from ${message.fullName}`}
                isDeleting={isDeleting(message._id)}
                onClick={() =>
                  void confirmDelete(
                    message._id,
                    `The message “${message.subject}” from ${message.fullName} will be deleted. This cannot be undone.`,
                  )
                }
              />
            </RowActions>
            {message.repliedAt ? (
              <p className="mt-2 text-xs whitespace-nowrap text-emerald-800">
                Replied {formatDate(message.repliedAt)}
              </p>
            ) : null}
          </>
        )}
      />
      {replyingTo ? (
        <ReplyPanel
          key={replyingTo._id}
          message={replyingTo}
          onClose={() => setReplyingTo(null)}
          onSent={() => void revalidator.revalidate()}
        />
      ) : null}
      {dialog}
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorState title="Messages" error={error} />
}
