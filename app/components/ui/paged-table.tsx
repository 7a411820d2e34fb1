import type { ReactNode } from 'react'
import { cn } from '#app/lib/cn.ts'
import { formatTotal } from '#common/format-total.ts'
import { Alert } from './alert.tsx'
import { Button, ButtonLink } from './button.tsx'
import { PageHeader } from './page-header.tsx'
import { Pagination } from './pagination.tsx'
import { ActionsTh, DataTable, RowsBody, Td, Th, THead, Tr } from './table.tsx'

/** A column of an admin list: its header, which is also the cell's label on phones, and its cell. */
export interface Column<T> {
  header: string
  cell: (item: T) => ReactNode
  className?: string
  /** On phones, the label goes above the value instead of beside it: long texts, images. */
  labelAbove?: boolean
  /** Lets a long header break between its words, where its column is narrower than its name. */
  canWrapHeader?: boolean
  /** The header is for screen readers only (a column of checkboxes needs no visible title). */
  headerHidden?: boolean
  /** Amounts: right-aligned in the table, in figures of one width, so their digits line up. */
  isNumeric?: boolean
}

/**
 * One page of an admin list: the title with the total, the action's error, a table of `rows`
 * under `columns` plus an actions column, and the page links. The table fits the screen: on
 * phones each row is a card (see DataTable).
 */
export function PagedTable<T extends { _id: string }>({
  title,
  total,
  isTotalCapped = false,
  subtitle,
  actions,
  toolbar,
  error,
  columns,
  rows,
  rowActions,
  empty,
  basePath,
  page,
  pages,
}: {
  title: string
  total: number
  /** The total is a lower bound (a search counted up to a cap): shown as "1000+". */
  isTotalCapped?: boolean
  subtitle: string
  actions?: ReactNode
  /** Shown between the header and the table: tabs, a search, bulk actions. */
  toolbar?: ReactNode
  error?: string | null
  columns: Column<T>[]
  rows: T[]
  rowActions: (item: T) => ReactNode
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
            <span className="font-semibold text-slate-600">{`(${formatTotal(total, isTotalCapped)})`}</span>
          </>
        }
        subtitle={subtitle}
        actions={actions}
      />
      {toolbar}
      {error ? (
        <Alert kind="error" className="mb-4">
          {error}
        </Alert>
      ) : null}
      <DataTable caption={`${title}, page ${page} of ${Math.max(pages, 1)}`} captionHidden>
        <THead>
          <tr>
            {columns.map((column) => (
              <Th
                key={column.header}
                canWrap={column.canWrapHeader}
                className={column.isNumeric ? 'text-right' : undefined}
              >
                {column.headerHidden ? (
                  <span className="sr-only">{column.header}</span>
                ) : (
                  column.header
                )}
              </Th>
            ))}
            <ActionsTh />
          </tr>
        </THead>
        <RowsBody items={rows} colSpan={columns.length + 1} empty={empty}>
          {(item) => (
            <Tr key={item._id}>
              {columns.map((column) => (
                <Td
                  key={column.header}
                  label={column.header}
                  labelAbove={column.labelAbove}
                  className={cn(
                    column.isNumeric && 'tabular-nums @3xl:text-right',
                    column.className,
                  )}
                >
                  {column.cell(item)}
                </Td>
              ))}
              <Td className="@max-3xl:mt-1 @max-3xl:border-t @max-3xl:border-slate-100 @max-3xl:pt-3 @3xl:w-px">
                {rowActions(item)}
              </Td>
            </Tr>
          )}
        </RowsBody>
      </DataTable>
      <Pagination basePath={basePath} pages={pages} page={page} label={`${title} pages`} />
    </>
  )
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

/** Edit and Delete, both named after the row, for a RowActions with other buttons. */
export function EditDeleteButtons({
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
    <>
      <ButtonLink to={editTo} variant="secondary" size="sm" aria-label={`Edit ${name}`}>
        Edit
      </ButtonLink>
      <DeleteButton label={`Delete ${name}`} isDeleting={isDeleting} onClick={onDelete} />
    </>
  )
}

/** The actions of a row that has an edit page: Edit and Delete. */
export function EditDeleteActions(props: Parameters<typeof EditDeleteButtons>[0]) {
  return (
    <RowActions>
      <EditDeleteButtons {...props} />
    </RowActions>
  )
}

/**
 * A row's buttons, side by side. On wide screens they never wrap (with `twoPerLine`, two per
 * line, for rows with four), and sit a little higher so that they line up with the first line of
 * the row's text.
 */
export function RowActions({
  children,
  twoPerLine = false,
}: {
  children: ReactNode
  twoPerLine?: boolean
}) {
  return (
    <div
      className={`flex flex-wrap gap-2 @3xl:-my-1.5 ${twoPerLine ? '@3xl:grid @3xl:grid-cols-[repeat(2,max-content)]' : '@3xl:flex-nowrap'}`}
    >
      {children}
    </div>
  )
}
