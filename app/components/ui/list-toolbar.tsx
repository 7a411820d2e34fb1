import { Form, Link } from 'react-router'
import { cn } from '#app/lib/cn.ts'
import { Button } from './button.tsx'

/** The tabs that filter a list, as links; the current one is marked for screen readers too. */
export function FilterTabs({
  label,
  tabs,
}: {
  label: string
  tabs: { label: string; to: string; isCurrent: boolean }[]
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-1 border-b border-slate-200">
        {tabs.map((tab) => (
          <li key={tab.label}>
            <Link
              to={tab.to}
              aria-current={tab.isCurrent ? 'page' : undefined}
              className={cn(
                '-mb-px block border-b-2 px-4 py-2 text-sm font-semibold',
                tab.isCurrent
                  ? 'border-brand-700 text-brand-800'
                  : 'border-transparent text-slate-700 hover:text-slate-900',
              )}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** A list's search box (`?q=`); `keep` carries the list's other query values, such as a filter. */
export function SearchForm({
  label,
  placeholder,
  query,
  keep = {},
}: {
  label: string
  placeholder: string
  query: string | undefined
  keep?: Record<string, string | undefined>
}) {
  return (
    <Form method="get" role="search" className="flex flex-col gap-2 sm:flex-row sm:items-end">
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <label className="flex-1 text-sm font-medium text-slate-800">
        {label}
        <input
          type="search"
          name="q"
          defaultValue={query ?? ''}
          placeholder={placeholder}
          className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
      </label>
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </Form>
  )
}
