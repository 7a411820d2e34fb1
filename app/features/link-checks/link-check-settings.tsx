/**
 * The edit page's link-check section: the last result, the text the page must contain (so a
 * parking page answering 200 counts as broken), "Check now" and the last days' roll-up. The edit
 * page's loader reads it; it saves apart from the website's form, then revalidates the route.
 */
import { useState } from 'react'
import { useRevalidator } from 'react-router'
import {
  LINK_CHECK_KEYWORD_MAX,
  LinkCheckKeywordBodySchema,
  type LinkCheckDetails,
} from '#common/schemas/link-checks.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { InputField } from '#app/components/ui/field.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import { useFormSubmit } from '#app/lib/form.ts'
import type { Settled } from '#app/lib/settle.ts'
import { setLinkCheckKeyword } from './link-checks.api.ts'
import { checkLink, LinkHealthSummary } from './link-health.tsx'

const HISTORY_DAYS_SHOWN = 7
/** The columns of the history of checks, a day a row. */
const HISTORY_HEADERS = ['Day', 'Checks', 'Failed', 'Median', 'Slowest']

export function LinkCheckSettings({
  websiteId,
  check,
}: {
  websiteId: string
  check: Settled<LinkCheckDetails>
}) {
  const [isChecking, setIsChecking] = useState(false)
  const { revalidate: load } = useRevalidator()
  const details = check.ok ? check.value : null
  const keyword = useFormSubmit(
    LinkCheckKeywordBodySchema,
    async (body) => {
      await setLinkCheckKeyword(websiteId, body.keyword)
      await load()
      return body.keyword
    },
    (saved) => (saved ? 'Keyword saved' : 'Keyword removed'),
    { isEmptiedOnSave: false },
  )
  const error = keyword.errors?.form ?? (check.ok ? null : check.message)
  const isBusy = isChecking || keyword.isBusy

  async function checkNow() {
    setIsChecking(true)
    try {
      await checkLink(websiteId)
      await load()
    } finally {
      setIsChecking(false)
    }
  }

  return (
    <div className="mt-8">
      <Panel
        title="Live site check"
        subtitle="The published link is checked on a schedule; you get an e-mail when it fails twice in a row, when it works again, and when its certificate has under two weeks left."
      >
        {error ? (
          <Alert kind="error" className="mb-4">
            {error}
          </Alert>
        ) : null}
        {details === null ? null : (
          <div className="space-y-6">
            <div className="flex flex-wrap items-start justify-between gap-4">
              <LinkHealthSummary health={details.health} />
              <Button variant="secondary" onClick={() => void checkNow()} disabled={isBusy}>
                {isChecking ? 'Checking...' : 'Check now'}
              </Button>
            </div>
            <form onSubmit={keyword.onSubmit} noValidate className="flex flex-wrap items-end gap-3">
              <InputField
                label="Text the page must contain"
                name="keyword"
                defaultValue={details.keyword}
                maxLength={LINK_CHECK_KEYWORD_MAX}
                hint="Optional, e.g. the client's name: a parking page or an error page that answers 200 then counts as failing."
                className="min-w-0 flex-1 basis-64"
                error={keyword.errors?.keyword}
              />
              <Button type="submit" variant="secondary" disabled={isBusy}>
                {keyword.isBusy ? 'Saving...' : 'Save keyword'}
              </Button>
            </form>
            {details.days.length > 0 ? <History days={details.days} /> : null}
          </div>
        )}
      </Panel>
    </div>
  )
}

function History({ days }: { days: LinkCheckDetails['days'] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left text-sm font-medium text-slate-800">
          The last {Math.min(days.length, HISTORY_DAYS_SHOWN)} days with checks
        </caption>
        <thead className="text-xs text-slate-600">
          <tr>
            {HISTORY_HEADERS.map((header, i) => (
              <th
                key={header}
                scope="col"
                className={
                  i < HISTORY_HEADERS.length - 1 ? 'py-1 pr-4 font-medium' : 'py-1 font-medium'
                }
              >
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 text-slate-800">
          {days.slice(0, HISTORY_DAYS_SHOWN).map((day) => (
            <tr key={day.date}>
              <td className="py-1.5 pr-4 whitespace-nowrap">{day.date}</td>
              <td className="py-1.5 pr-4">{day.checks}</td>
              <td className={day.failures > 0 ? 'py-1.5 pr-4 text-red-800' : 'py-1.5 pr-4'}>
                {day.failures}
              </td>
              <td className="py-1.5 pr-4">{day.medianMs === null ? '–' : `${day.medianMs} ms`}</td>
              <td className="py-1.5">{day.worstMs === null ? '–' : `${day.worstMs} ms`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
