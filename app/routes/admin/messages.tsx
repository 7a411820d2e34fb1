import { useState } from 'react'
import { Form, Link, useRevalidator, useSubmit } from 'react-router'
import {
  MessagesSearchSchema,
  type Message,
  type MessageFilter,
  type MessagesSearch,
} from '#common/schemas/messages.ts'
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
import {
  bulkUpdateMessages,
  deleteMessage,
  downloadMessagesCsv,
  listMessagesForAdmin,
  searchParamsOf,
  updateMessage,
} from '#app/features/messages/messages.api.ts'
import { ReplyPanel } from '#app/features/messages/reply-panel.tsx'
import { requireAdmin, withSignIn } from '#app/features/users/guards.ts'
import { messageOf } from '#app/lib/api-client.ts'
import { cn } from '#app/lib/cn.ts'
import { formatDate } from '#app/lib/format-date.ts'
import { deleteRow, loadListPage } from '#app/lib/paged-list.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { toast } from '#app/lib/toast.tsx'
import type { Route } from './+types/messages'

const BASE_PATH = '/admin/messages'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Admin: Messages', matches) },
]

const TABS: { label: string; filter?: MessageFilter }[] = [
  { label: 'All' },
  { label: 'Unread', filter: 'unread' },
  { label: 'Replied', filter: 'replied' },
  { label: 'Spam', filter: 'spam' },
]

/** The search and filter of a URL; anything malformed is left out. */
function searchOf(url: URL): MessagesSearch {
  const parsed = MessagesSearchSchema.safeParse({
    q: url.searchParams.get('q') ?? undefined,
    filter: url.searchParams.get('filter') ?? undefined,
  })
  return parsed.success ? parsed.data : {}
}

/** The list's URL for a search, with `?` or `&` ready for a page number. */
function listPath(search: MessagesSearch): string {
  const query = searchParamsOf(search).toString()
  return query ? `${BASE_PATH}?${query}` : BASE_PATH
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAdmin(request)
  const search = searchOf(new URL(request.url))
  const page = await withSignIn(request, () =>
    loadListPage(request, listPath(search), (n) => listMessagesForAdmin(n, search), 'messages'),
  )
  return { ...page, search }
}
clientLoader.hydrate = true as const

export async function clientAction({ request }: Route.ClientActionArgs) {
  requireAdmin(request)
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent === 'delete') return deleteRow(form, deleteMessage, 'Message deleted successfully')
  try {
    if (intent === 'bulk') {
      const action = String(form.get('action')) as 'read' | 'unread' | 'delete'
      const ids = String(form.get('ids')).split(',').filter(Boolean)
      toast.success((await bulkUpdateMessages({ ids, action })).message)
    } else if (intent === 'not-spam') {
      await updateMessage(String(form.get('id')), { spam: false })
      toast.success('Moved to the inbox')
    } else {
      return { error: 'Unknown action' }
    }
  } catch (error) {
    return { error: messageOf(error) }
  }
  return { error: null }
}

export function HydrateFallback() {
  return <Spinner />
}

const isUnread = (message: Message) => message.readAt === null

function columns(selected: Set<string>, toggle: (id: string) => void): Column<Message>[] {
  return [
    {
      header: 'Select',
      headerHidden: true,
      cell: (message) => (
        <input
          type="checkbox"
          aria-label={`Select the message from ${message.fullName}`}
          checked={selected.has(message._id)}
          onChange={() => toggle(message._id)}
          className="h-4 w-4 rounded border-slate-400"
        />
      ),
      className: 'lg:w-px',
    },
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
    {
      header: 'Status',
      cell: (message) => (
        <div className="space-y-1 text-xs">
          {isUnread(message) ? (
            <span className="inline-block rounded-full bg-brand-700 px-2 py-0.5 font-semibold text-white">
              Unread
            </span>
          ) : (
            <span className="text-slate-600">Read</span>
          )}
          {message.repliedAt ? (
            <p className="whitespace-nowrap text-emerald-800">
              Replied {formatDate(message.repliedAt)}
              {message.replies.length > 1 ? ` (${message.replies.length} replies)` : ''}
            </p>
          ) : null}
        </div>
      ),
    },
  ]
}

export default function MessagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, totalMessages, isTotalCapped, page, pages, search } = loaderData
  const [replyingTo, setReplyingTo] = useState<Message | null>(null)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [shownRows, setShownRows] = useState(messages)
  const revalidator = useRevalidator()
  const submit = useSubmit()
  const { dialog, confirmDelete, confirmSubmit, isDeleting } = useConfirmedSubmit()

  // A new page, search or revalidation starts with nothing selected.
  if (shownRows !== messages) {
    setShownRows(messages)
    setSelected(new Set())
  }
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  const isAllSelected = messages.length > 0 && messages.every((m) => selected.has(m._id))
  const ids = [...selected]

  async function open(message: Message) {
    setReplyingTo(message)
    if (!isUnread(message)) return
    try {
      await updateMessage(message._id, { read: true })
      await revalidator.revalidate()
    } catch (error) {
      toast.error(messageOf(error))
    }
  }

  async function markUnread(message: Message) {
    try {
      await updateMessage(message._id, { read: false })
      toast.success('Marked unread')
      await revalidator.revalidate()
    } catch (error) {
      toast.error(messageOf(error))
    }
  }

  async function exportCsv() {
    try {
      await downloadMessagesCsv(search)
    } catch (error) {
      toast.error(messageOf(error))
    }
  }

  const bulk = (action: 'read' | 'unread') =>
    void submit({ intent: 'bulk', action, ids: ids.join(',') }, { method: 'post' })

  const toolbar = (
    <div className="mb-4 space-y-3">
      <nav aria-label="Message filters">
        <ul className="flex flex-wrap gap-1 border-b border-slate-200">
          {TABS.map((tab) => {
            const isCurrent = search.filter === tab.filter
            return (
              <li key={tab.label}>
                <Link
                  to={listPath({ q: search.q, filter: tab.filter })}
                  aria-current={isCurrent ? 'page' : undefined}
                  className={cn(
                    '-mb-px block border-b-2 px-4 py-2 text-sm font-semibold',
                    isCurrent
                      ? 'border-brand-700 text-brand-800'
                      : 'border-transparent text-slate-700 hover:text-slate-900',
                  )}
                >
                  {tab.label}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>
      <Form method="get" role="search" className="flex flex-col gap-2 sm:flex-row sm:items-end">
        {search.filter ? <input type="hidden" name="filter" value={search.filter} /> : null}
        <label className="flex-1 text-sm font-medium text-slate-800">
          Search messages
          <input
            type="search"
            name="q"
            defaultValue={search.q ?? ''}
            placeholder="Name, e-mail, subject or text"
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
        </label>
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>
      <div className="flex flex-wrap items-center gap-2 rounded-lg border border-slate-200 bg-white p-2 text-sm">
        <label className="flex items-center gap-2 px-2 font-medium text-slate-800">
          <input
            type="checkbox"
            checked={isAllSelected}
            onChange={() =>
              setSelected(isAllSelected ? new Set() : new Set(messages.map((m) => m._id)))
            }
            className="h-4 w-4 rounded border-slate-400"
          />
          Select all on this page
        </label>
        <span className="px-2 text-slate-600" aria-live="polite">
          {ids.length} selected
        </span>
        <Button size="sm" variant="secondary" disabled={!ids.length} onClick={() => bulk('read')}>
          Mark read
        </Button>
        <Button size="sm" variant="secondary" disabled={!ids.length} onClick={() => bulk('unread')}>
          Mark unread
        </Button>
        <Button
          size="sm"
          variant="danger"
          disabled={!ids.length}
          onClick={() =>
            void confirmSubmit(
              `Delete ${ids.length} message${ids.length === 1 ? '' : 's'}?`,
              { detail: 'This cannot be undone.', confirmLabel: 'Delete', variant: 'danger' },
              { intent: 'bulk', action: 'delete', ids: ids.join(',') },
            )
          }
        >
          Delete selected
        </Button>
      </div>
    </div>
  )

  return (
    <>
      <PagedTable
        title="Messages"
        total={totalMessages}
        isTotalCapped={isTotalCapped}
        subtitle={
          search.filter === 'spam'
            ? 'Caught by the spam checks; deleted after 30 days.'
            : 'Contact form messages, newest first.'
        }
        actions={
          <Button variant="secondary" onClick={() => void exportCsv()}>
            Export CSV
          </Button>
        }
        toolbar={toolbar}
        error={actionData?.error}
        columns={columns(selected, toggle)}
        rows={messages}
        empty={search.q || search.filter ? 'No messages match.' : 'No messages yet.'}
        basePath={listPath(search)}
        page={page}
        pages={pages}
        rowActions={(message) => (
          <RowActions>
            {message.spam ? (
              <Button
                size="sm"
                aria-label={`Not spam: the message from ${message.fullName}`}
                onClick={() =>
                  void submit({ intent: 'not-spam', id: message._id }, { method: 'post' })
                }
              >
                Not spam
              </Button>
            ) : (
              <Button
                size="sm"
                aria-label={`Reply to ${message.fullName}`}
                onClick={() => void open(message)}
              >
                Reply
              </Button>
            )}
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
        )}
      />
      {replyingTo ? (
        <ReplyPanel
          key={replyingTo._id}
          message={messages.find((m) => m._id === replyingTo._id) ?? replyingTo}
          onClose={() => setReplyingTo(null)}
          onSent={() => void revalidator.revalidate()}
          onMarkUnread={(message) => void markUnread(message)}
        />
      ) : null}
      {dialog}
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorState title="Messages" error={error} />
}
