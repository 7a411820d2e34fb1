import { href, redirect, useNavigate, useSubmit } from 'react-router'
import { IdSchema } from '#common/schemas/common.ts'
import {
  MessageStageSchema,
  MessagesSearchSchema,
  NoteBodySchema,
  ReplyBodySchema,
  type Message,
  type MessagesSearch,
} from '#common/schemas/messages.ts'
import { formatTotal } from '#common/format-total.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ErrorState } from '#app/components/ui/error-state.tsx'
import { FilterTabs, SearchForm } from '#app/components/ui/list-toolbar.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { useConfirmedSubmit } from '#app/components/ui/confirm-dialog.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { SelectionBar, useRowSelection } from '#app/components/ui/row-selection.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { InboxList } from '#app/features/messages/inbox-list.tsx'
import {
  isUnread,
  MESSAGE_TABS,
  STAGE_LABELS,
  StageTabs,
} from '#app/features/messages/messages-list.tsx'
import {
  addNote,
  bulkUpdateMessages,
  deleteMessage,
  downloadMessagesCsv,
  listMessagesForAdmin,
  searchParamsOf,
  sendReply,
  updateMessage,
} from '#app/features/messages/messages.api.ts'
import { EmptyReadingPane, ReadingPane } from '#app/features/messages/reading-pane.tsx'
import { createClient, listClients } from '#app/features/clients/clients.api.ts'
import { requestTestimonial } from '#app/features/testimonials/testimonials.api.ts'
import { requireAdmin, withSignIn } from '#app/lib/guards.ts'
import { messageOf } from '#app/lib/api-client.ts'
import { adminPost, submitForm } from '#app/lib/form.ts'
import { cn } from '#app/lib/cn.ts'
import { deleteRow, loadListPage, requestedPage } from '#app/lib/paged-list.ts'
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

/**
 * The inbox's address: a search, a page of it, and the message open in the reading pane (`open`),
 * so a reload or Back shows the same message.
 */
function inboxPath(search: MessagesSearch, page: number, open?: string): string {
  const params = searchParamsOf(search)
  if (page > 1) params.set('page', String(page))
  if (open) params.set('open', open)
  const query = params.toString()
  return query ? `${BASE_PATH}?${query}` : BASE_PATH
}

/** The open message's id in a URL; a malformed one is none. */
function openIdOf(url: URL): string | undefined {
  const parsed = IdSchema.safeParse(url.searchParams.get('open'))
  return parsed.success ? parsed.data : undefined
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  requireAdmin(request)
  const url = new URL(request.url)
  const search = searchOf(url)
  const openId = openIdOf(url)
  const page = await withSignIn(request, async () => {
    const loaded = await loadListPage(
      request,
      listPath(search),
      (n) => listMessagesForAdmin(n, search),
      'messages',
    )
    // Opening a message reads it: marked read before the page shows it.
    const open = loaded.messages.find((message) => message._id === openId)
    if (!open || !isUnread(open)) return loaded
    const read = await updateMessage(open._id, { read: true })
    return {
      ...loaded,
      messages: loaded.messages.map((message) => (message._id === read._id ? read : message)),
    }
  })
  return { ...page, search, openId }
}
clientLoader.hydrate = true as const

export async function clientAction({ request }: Route.ClientActionArgs) {
  const { formData: form, intent } = await adminPost(request)
  if (intent === 'delete') {
    const result = await deleteRow(form, deleteMessage, 'Message deleted successfully')
    // The open message went: the pane closes.
    const url = new URL(request.url)
    if (!result.error && openIdOf(url) === form.get('id'))
      throw redirect(inboxPath(searchOf(url), requestedPage(request)))
    return result
  }
  if (intent === 'make-client') {
    // The inquiry's sender as a client (or the client with that address), then its first proposal.
    const id = String(form.get('id'))
    const email = String(form.get('email')).toLowerCase()
    const clientId = await withSignIn(request, async () => {
      try {
        const body = { name: String(form.get('name')), email, messageId: id }
        return (await createClient(body)).client._id
      } catch (error) {
        // One client per address: the inquiry's sender may be one already.
        const existing = (await listClients()).clients.find((client) => client.email === email)
        if (existing) return existing._id
        throw error
      }
    }).catch((error: unknown) => {
      if (error instanceof Response) throw error
      toast.error(messageOf(error))
      return undefined
    })
    if (!clientId) return { error: null }
    toast.success('Client made from the inquiry')
    throw redirect(`${href('/admin/proposal/:id', { id: 'new' })}?client=${clientId}`)
  }
  if (intent === 'reply')
    return submitForm(
      form,
      ReplyBodySchema,
      (body) => withSignIn(request, () => sendReply(body)),
      'Reply sent successfully',
    )
  if (intent === 'note')
    return submitForm(
      form,
      NoteBodySchema,
      (body) => withSignIn(request, () => addNote(String(form.get('id')), body)),
      undefined,
    )
  try {
    if (intent === 'stage') {
      const stage = MessageStageSchema.parse(form.get('stage'))
      await updateMessage(String(form.get('id')), { stage })
      toast.success(`Moved to ${STAGE_LABELS[stage]}`)
    } else if (intent === 'bulk') {
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

const toastError = (error: unknown) => toast.error(messageOf(error))

/**
 * The inbox as a mail client: the list on the left and the open message's reading pane on the
 * right from a laptop's width up; on a phone the list, then the open message in its place with a
 * Back link. Which message is open lives in the address (`?open=`).
 */
export default function MessagesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, totalMessages, isTotalCapped, page, pages, search, stageCounts, openId } =
    loaderData
  const selection = useRowSelection(messages)
  const submit = useSubmit()
  const navigate = useNavigate()
  const { dialog, confirmDelete, confirmSubmit, isDeleting } = useConfirmedSubmit()
  const open = messages.find((message) => message._id === openId)
  const listHref = inboxPath(search, page)
  const closePane = () => void navigate(listHref)

  const exportCsv = () => downloadMessagesCsv(search).catch(toastError)
  const bulk = (action: 'read' | 'unread') => (ids: string[]) =>
    void submit({ intent: 'bulk', action, ids: ids.join(',') }, { method: 'post' })
  const notSpam = (message: Message) =>
    void submit({ intent: 'not-spam', id: message._id }, { method: 'post' })

  async function markUnread(message: Message) {
    await updateMessage(message._id, { read: false })
    toast.success('Marked unread')
    // Closed, or opening it would read it again.
    await navigate(listHref)
  }

  const stageTabs =
    search.filter === 'spam' ? null : (
      <div className={cn('mb-5', openId && 'max-lg:hidden')}>
        <StageTabs
          counts={stageCounts}
          current={search.stage}
          pathFor={(stage) => listPath({ q: search.q, filter: search.filter, stage })}
        />
      </div>
    )

  // The list's own tools sit above it, in its column: the pane beside starts as high as they do.
  const listTools = (
    <div className="mb-3 space-y-3">
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
      {actionData && 'error' in actionData && actionData.error ? (
        <Alert kind="error">{actionData.error}</Alert>
      ) : null}
    </div>
  )

  return (
    <>
      <PageHeader
        title={
          <>
            {'Messages '}
            <span className="font-semibold text-slate-600">{`(${formatTotal(totalMessages, isTotalCapped)})`}</span>
          </>
        }
        // On a phone reading a message, the message comes right after the title.
        subtitle={
          <span className={cn(openId && 'max-lg:hidden')}>
            {search.filter === 'spam'
              ? 'Caught by the spam checks; deleted after 30 days.'
              : 'Contact form messages, newest first.'}
          </span>
        }
        actions={
          <Button
            variant="secondary"
            className={cn(openId && 'max-lg:hidden')}
            onClick={() => void exportCsv()}
          >
            Export CSV
          </Button>
        }
      />
      {stageTabs}
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(19rem,27rem)_minmax(0,1fr)]">
        <div className={cn('min-w-0', openId && 'max-lg:hidden')}>
          {listTools}
          <InboxList
            caption={`Messages, page ${page} of ${Math.max(pages, 1)}`}
            messages={messages}
            openId={openId}
            selection={selection}
            empty={
              search.q || search.filter || search.stage ? 'No messages match.' : 'No messages yet.'
            }
            hrefFor={(message) => inboxPath(search, page, message._id)}
            onReply={(message) => void navigate(inboxPath(search, page, message._id))}
            onNotSpam={notSpam}
            onDelete={(message) =>
              void confirmDelete(
                message._id,
                `The message “${message.subject}” from ${message.fullName} will be deleted. This cannot be undone.`,
              )
            }
            isDeleting={isDeleting}
          />
          <Pagination
            basePath={listPath(search)}
            pages={pages}
            page={page}
            label="Messages pages"
          />
        </div>
        <div
          className={cn(
            'min-w-0 lg:sticky lg:top-4 lg:max-h-[calc(100dvh-2rem)] lg:overflow-y-auto',
            !openId && 'max-lg:hidden',
          )}
        >
          {open ? (
            <ReadingPane
              key={open._id}
              message={open}
              listHref={listHref}
              onClose={closePane}
              onSent={closePane}
              onMarkUnread={(message) => void markUnread(message).catch(toastError)}
              onNotSpam={(message) => {
                notSpam(message)
              }}
              onRequestTestimonial={(message) =>
                requestTestimonial({
                  name: message.fullName,
                  email: message.email,
                  messageId: message._id,
                })
              }
            />
          ) : (
            <EmptyReadingPane
              backHref={openId ? listHref : undefined}
              text={
                openId
                  ? 'That message is not in this list any more: it was deleted or moved.'
                  : 'Select a message to read it, reply and keep notes.'
              }
            />
          )}
        </div>
      </div>
      {dialog}
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorState title="Messages" error={error} />
}
