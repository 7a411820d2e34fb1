import type { ReactNode } from 'react'
import { useNavigation, useSubmit } from 'react-router'
import { Alert } from './alert.tsx'
import { Button, ButtonLink } from './button.tsx'
import { useConfirm, type ConfirmOptions } from './confirm-dialog.tsx'
import { PageHeader } from './page-header.tsx'
import { Pagination } from './pagination.tsx'
import { DataTable, EmptyRow, Td, Th } from './table.tsx'

/**
 * One page of an admin list: the title with the total, the action's error, a table of `rows`
 * under `columns` plus an actions column, and the page links.
 */
export function PagedTable<T>({
  title,
  total,
  subtitle,
  actions,
  error,
  columns,
  rows,
  row,
  empty,
  basePath,
  page,
  pages,
}: {
  title: string
  total: number
  subtitle: string
  actions?: ReactNode
  error?: string | null
  columns: string[]
  rows: T[]
  row: (item: T) => ReactNode
  empty: ReactNode
  basePath: string
  page: number
  pages: number
}) {
  return (
    <>
      <PageHeader
        title={
          <>
            {`${title} `}
            <span className="font-semibold text-slate-600">({total})</span>
          </>
        }
        subtitle={subtitle}
        actions={actions}
      />
      {error ? (
        <Alert kind="error" className="mb-4">
          {error}
        </Alert>
      ) : null}
      <DataTable caption={`${title}, page ${page} of ${Math.max(pages, 1)}`} captionHidden>
        <thead>
          <tr>
            {columns.map((column) => (
              <Th key={column}>{column}</Th>
            ))}
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 ? (
            <EmptyRow colSpan={columns.length + 1}>{empty}</EmptyRow>
          ) : (
            rows.map(row)
          )}
        </tbody>
      </DataTable>
      <Pagination basePath={basePath} pages={pages} page={page} label={`${title} pages`} />
    </>
  )
}

/**
 * Posts `{ intent, ... }` to the route's clientAction once the in-page dialog is confirmed, and
 * tells which intent (and row id) is on its way. Render `dialog` once in the page.
 */
export function useConfirmedSubmit() {
  const submit = useSubmit()
  const navigation = useNavigation()
  const { confirm, dialog } = useConfirm()
  const pendingIntent = navigation.formData?.get('intent')
  const pendingId = navigation.formData?.get('id')

  async function confirmSubmit(
    question: string,
    options: ConfirmOptions,
    data: { intent: string; id?: string },
  ) {
    if (await confirm(question, options)) await submit(data, { method: 'post' })
  }

  return {
    dialog,
    pendingIntent,
    confirmSubmit,
    isDeleting: (id: string) => pendingIntent === 'delete' && pendingId === id,
    confirmDelete: (id: string, detail: string) =>
      confirmSubmit(
        'Are you sure to delete?',
        { detail, confirmLabel: 'Delete', variant: 'danger' },
        { intent: 'delete', id },
      ),
  }
}

/** A row's Delete button; it reads Deleting... while its delete is on the way. */
export function DeleteButton({
  label,
  isDeleting,
  onClick,
}: {
  label: string
  isDeleting: boolean
  onClick: () => void
}) {
  return (
    <Button variant="danger" size="sm" aria-label={label} disabled={isDeleting} onClick={onClick}>
      {isDeleting ? 'Deleting...' : 'Delete'}
    </Button>
  )
}

/** The actions cell of a row that has an edit page: Edit and Delete, both named after the row. */
export function EditDeleteCell({
  name,
  editTo,
  isDeleting,
  onDelete,
}: {
  name: string
  editTo: string
  isDeleting: boolean
  onDelete: () => void
}) {
  return (
    <Td>
      <div className="flex gap-2">
        <ButtonLink to={editTo} variant="secondary" size="sm" aria-label={`Edit ${name}`}>
          Edit
        </ButtonLink>
        <DeleteButton label={`Delete ${name}`} isDeleting={isDeleting} onClick={onDelete} />
      </div>
    </Td>
  )
}
