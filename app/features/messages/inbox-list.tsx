import { useId } from 'react'
import { Link } from 'react-router'
import type { Message } from '#common/schemas/messages.ts'
import { Button } from '#app/components/ui/button.tsx'
import { DeleteButton } from '#app/components/ui/paged-table.tsx'
import type { useRowSelection } from '#app/components/ui/row-selection.tsx'
import { cn } from '#app/lib/cn.ts'
import { formatDate } from '#app/lib/format-date.ts'
import { isUnread, StageBadge } from './messages-list.tsx'

/** Above the row's link, which covers the whole row: what else in the row can be clicked. */
const ABOVE_ROW_LINK = 'relative z-10'

/**
 * The inbox's message list, the left half of a mail client: one compact row a message (sender and
 * date, subject, the opening lines, the address, where it stands), the open one highlighted. It
 * stays a table, so screen readers announce each message's date, name, e-mail, subject, text and
 * status as cells under their headers. A row's subject is a link to the message (`hrefFor`): the
 * whole row answers a click, and the address keeps the open message across a reload or Back.
 */
export function InboxList({
  caption,
  messages,
  openId,
  selection,
  empty,
  hrefFor,
  onReply,
  onNotSpam,
  onDelete,
  isDeleting,
}: {
  caption: string
  messages: Message[]
  openId: string | undefined
  selection: ReturnType<typeof useRowSelection>
  empty: string
  hrefFor: (message: Message) => string
  onReply: (message: Message) => void
  onNotSpam: (message: Message) => void
  onDelete: (message: Message) => void
  isDeleting: (id: string) => boolean
}) {
  const captionId = useId()
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <table className="block w-full text-left text-sm">
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="sr-only">
          <tr>
            {['Select', 'Date', 'Name', 'E-mail', 'Subject', 'Message', 'Status', 'Actions'].map(
              (header) => (
                <th key={header} scope="col">
                  {header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-200">
          {messages.length === 0 ? (
            <tr className="block">
              <td colSpan={8} className="block px-4 py-12 text-center text-slate-600">
                {empty}
              </td>
            </tr>
          ) : (
            messages.map((message) => (
              <InboxRow
                key={message._id}
                message={message}
                isOpen={message._id === openId}
                isSelected={selection.isSelected(message._id)}
                onToggle={() => selection.toggle(message._id)}
                href={hrefFor(message)}
                onReply={() => onReply(message)}
                onNotSpam={() => onNotSpam(message)}
                onDelete={() => onDelete(message)}
                isDeleting={isDeleting(message._id)}
              />
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}

function InboxRow({
  message,
  isOpen,
  isSelected,
  onToggle,
  href,
  onReply,
  onNotSpam,
  onDelete,
  isDeleting,
}: {
  message: Message
  isOpen: boolean
  isSelected: boolean
  onToggle: () => void
  href: string
  onReply: () => void
  onNotSpam: () => void
  onDelete: () => void
  isDeleting: boolean
}) {
  const unread = isUnread(message)
  // The cells' order is the headers' (for screen readers); the grid places them like a mail list.
  return (
    <tr
      aria-current={isOpen ? 'true' : undefined}
      className={cn(
        'relative grid grid-cols-[auto_minmax(0,1fr)_auto] gap-x-3 gap-y-1 border-l-4 py-3 pr-4 pl-3',
        isOpen
          ? 'border-l-brand-700 bg-brand-50'
          : 'border-l-transparent focus-within:bg-slate-50 hover:bg-slate-50',
      )}
    >
      <td className={cn('col-start-1 row-start-1 pt-0.5', ABOVE_ROW_LINK)}>
        <input
          type="checkbox"
          aria-label={`Select the message from ${message.fullName}`}
          checked={isSelected}
          onChange={onToggle}
          className="h-4 w-4 rounded border-slate-400"
        />
      </td>
      <td className="col-start-3 row-start-1 pt-0.5 text-xs whitespace-nowrap text-slate-600 tabular-nums">
        <time dateTime={message.createdAt}>{formatDate(message.createdAt)}</time>
      </td>
      <td
        className={cn(
          'col-start-2 row-start-1 flex min-w-0 items-center gap-2 text-slate-900',
          unread ? 'font-bold' : 'font-medium',
        )}
      >
        {unread ? (
          <span aria-hidden="true" className="h-2 w-2 shrink-0 rounded-full bg-accent" />
        ) : null}
        <span className="truncate">{message.fullName}</span>
      </td>
      <td className="col-span-2 col-start-2 row-start-4 min-w-0">
        <a
          href={`mailto:${message.email}`}
          title={message.email}
          className={cn(
            'inline-block max-w-full truncate align-top text-xs text-slate-600 underline-offset-2 hover:text-brand-800 hover:underline',
            ABOVE_ROW_LINK,
          )}
        >
          {message.email}
        </a>
      </td>
      <td className="col-span-2 col-start-2 row-start-2 min-w-0">
        <Link
          to={href}
          aria-current={isOpen ? 'true' : undefined}
          className={cn(
            'block truncate text-slate-900 after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand-700 focus-visible:after:ring-inset',
            unread ? 'font-semibold' : 'font-medium',
          )}
        >
          {message.subject}
        </Link>
      </td>
      <td className="col-span-2 col-start-2 row-start-3">
        <p className="line-clamp-2 text-sm wrap-anywhere text-slate-600">{message.message}</p>
      </td>
      <td className="col-start-2 row-start-5 flex flex-wrap items-center gap-x-2 gap-y-1 pt-1 text-xs">
        <StageBadge stage={message.stage} />
        {unread ? (
          <span className="rounded-full bg-accent px-2 py-0.5 font-semibold text-on-accent">
            Unread
          </span>
        ) : (
          <span className="text-slate-600">Read</span>
        )}
        {message.notes.length > 0 ? (
          <span className="whitespace-nowrap text-slate-600">
            {message.notes.length} note{message.notes.length === 1 ? '' : 's'}
          </span>
        ) : null}
        {message.repliedAt ? (
          <span className="whitespace-nowrap text-emerald-800">
            Replied {formatDate(message.repliedAt)}
            {message.replies.length > 1 ? ` (${message.replies.length} replies)` : ''}
          </span>
        ) : null}
      </td>
      <td className={cn('col-start-3 row-start-5 flex items-end gap-2', ABOVE_ROW_LINK)}>
        {message.spam ? (
          <Button
            size="sm"
            aria-label={`Not spam: the message from ${message.fullName}`}
            onClick={onNotSpam}
          >
            Not spam
          </Button>
        ) : (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Reply to ${message.fullName}`}
            onClick={onReply}
          >
            Reply
          </Button>
        )}
        <DeleteButton
          label={`Delete the message from ${message.fullName}`}
          isDeleting={isDeleting}
          onClick={onDelete}
        />
      </td>
    </tr>
  )
}
