import type { Summary } from '#common/schemas/summary.ts'

export interface SummaryCard {
  label: string
  value: number
  /** A line under the value, e.g. how many messages are unread. */
  detail?: string
}

export interface StackSlice {
  label: string
  count: number
}

/**
 * The dashboard's four numbers from the summary's MongoDB-style aggregate shape; the unread count
 * is the admin shell's (null when it could not be counted).
 */
export function summaryCards(
  summary: Pick<Summary, 'users' | 'websites' | 'messages'>,
  unreadMessages: number | null,
): SummaryCard[] {
  return [
    { label: 'Users', value: summary.users[0]?.numUsers ?? 0 },
    {
      label: 'Total Websites',
      value: stackSlices(summary).reduce((sum, slice) => sum + slice.count, 0),
    },
    { label: 'Website Stack', value: summary.websites.length },
    {
      label: 'Messages',
      value: summary.messages[0]?.numMessages ?? 0,
      ...(unreadMessages === null ? {} : { detail: `${unreadMessages} unread` }),
    },
  ]
}

/** Websites per language description, largest first, for the pie chart. */
export function stackSlices(summary: Pick<Summary, 'websites'>): StackSlice[] {
  return summary.websites
    .map((group) => ({ label: group._id.trim() || 'Not described', count: group.totalWebsites }))
    .filter((slice) => slice.count > 0)
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
}
