import { useSubmit } from 'react-router'
import {
  MessagesSearchSchema,
  type Message,
  type MessagesSearch,
} from '#common/schemas/messages.ts'
import { Button } from '#app/components/ui/button.tsx'
import { ErrorState } from '#app/components/ui/error-state.tsx'
import { FilterTabs, SearchForm } from '#app/components/ui/list-toolbar.tsx'
import { PagedTable, useConfirmedSubmit } from '#app/components/ui/paged-table.tsx'
import { selectColumn, SelectionBar, useRowSelection } from '#app/components/ui/row-selection.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import {
  MESSAGE_COLUMNS,
  MESSAGE_TABS,
  MessageActions,
  StageTabs,
} from '#app/features/messages/messages-list.tsx'
import {
  bulkUpdateMessages,
  deleteMessage,
  downloadMessagesCsv,
  listMessagesForAdmin,
  searchParamsOf,
  updateMessage,
} from '#app/features/messages/messages.api.ts'
import { useReplyPanel } from '#app/features/messages/use-reply-panel.tsx'
import { requestTestimonial } from '#app/features/testimonials/testimonials.api.ts'
import { requireAdmin, withSignIn } from '#app/features/users/guards.ts'
import { messageOf } from '#app/lib/api-client.ts'
import { deleteRow, loadListPage } from '#app/lib/paged-list.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { toast } from '#app/lib/toast.tsx'
import type { Route } from './+types/messages'

const BASE_PATH = '/admin/messages'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Admin: Messages', matches) },
]

/** The search and filter of a URL; anything malformed is left out. */
function searchOf(url: URL): MessagesSearch {
  const parsed = MessagesSearchSchema.safeParse({
    q: url.searchParams.get('q') ?? undefined,
    filter: url.searchParams.get('filter') ?? undefined,
    stage: url.searchParams.get('stage') ?? undefined,
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

export default function MessagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, totalMessages, isTotalCapped, page, pages, search, stageCounts } = loaderData
  const selection = useRowSelection(messages)
  const replies = useReplyPanel(messages, (message) =>
    requestTestimonial({ name: message.fullName, email: message.email, messageId: message._id }),
  )
  const submit = useSubmit()
  const { dialog, confirmDelete, confirmSubmit, isDeleting } = useConfirmedSubmit()

  const exportCsv = () =>
    downloadMessagesCsv(search).catch((error: unknown) => toast.error(messageOf(error)))
  const bulk = (action: 'read' | 'unread') => (ids: string[]) =>
    void submit({ intent: 'bulk', action, ids: ids.join(',') }, { method: 'post' })

  const toolbar = (
    <div className="mb-4 space-y-3">
      {search.filter === 'spam' ? null : (
        <StageTabs
          counts={stageCounts}
          current={search.stage}
          pathFor={(stage) => listPath({ q: search.q, filter: search.filter, stage })}
        />
      )}
      <FilterTabs
        label="Message filters"
        tabs={MESSAGE_TABS.map((tab) => ({
          label: tab.label,
          to: listPath({ q: search.q, filter: tab.filter, stage: search.stage }),
          isCurrent: search.filter === tab.filter,
        }))}
      />
      <SearchForm
        label="Search messages"
        placeholder="Name, e-mail, subject or text"
        query={search.q}
        keep={{ filter: search.filter, stage: search.stage }}
      />
      <SelectionBar
        selection={selection}
        actions={[
          { label: 'Mark read', onClick: bulk('read') },
          { label: 'Mark unread', onClick: bulk('unread') },
          {
            label: 'Delete selected',
            variant: 'danger',
            onClick: (ids) =>
              void confirmSubmit(
                `Delete ${ids.length} message${ids.length === 1 ? '' : 's'}?`,
                { detail: 'This cannot be undone.', confirmLabel: 'Delete', variant: 'danger' },
                { intent: 'bulk', action: 'delete', ids: ids.join(',') },
              ),
          },
        ]}
      />
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
        columns={[
          selectColumn<Message>(
            selection,
            (message) => `Select the message from ${message.fullName}`,
          ),
          ...MESSAGE_COLUMNS,
        ]}
        rows={messages}
        empty={
          search.q || search.filter || search.stage ? 'No messages match.' : 'No messages yet.'
        }
        basePath={listPath(search)}
        page={page}
        pages={pages}
        rowActions={(message) => (
          <MessageActions
            message={message}
            isDeleting={isDeleting(message._id)}
            onReply={() => replies.open(message)}
            onNotSpam={() =>
              void submit({ intent: 'not-spam', id: message._id }, { method: 'post' })
            }
            onDelete={() =>
              void confirmDelete(
                message._id,
                `The message “${message.subject}” from ${message.fullName} will be deleted. This cannot be undone.`,
              )
            }
          />
        )}
      />
      {replies.panel}
      {dialog}
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorState title="Messages" error={error} />
}
