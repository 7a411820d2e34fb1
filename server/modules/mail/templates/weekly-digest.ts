import { escapeMarkup } from '#common/escape-markup.ts'
import { mailButton, mailLayout, type MailBrand } from './layout.ts'

export interface DigestWeek {
  visitors: number
  messages: number
  /** Visitors who sent a message / visitors, 0..1. */
  rate: number
  sources: { source: string; visitors: number }[]
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`

function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? 'no change' : 'new'
  const delta = Math.round(((now - before) / before) * 100)
  return delta === 0 ? 'no change' : `${delta > 0 ? '+' : ''}${delta} %`
}

/** The owner's weekly summary: last week against the week before. */
export function weeklyDigestMail(m: {
  weekStart: string
  week: DigestWeek
  previous: DigestWeek
  dashboardUrl: string
  brand: MailBrand
}) {
  const subject = `Your site's week from ${m.weekStart}: ${m.week.visitors} visitors, ${m.week.messages} messages`
  const lines: [string, string, string][] = [
    ['Visitors', String(m.week.visitors), change(m.week.visitors, m.previous.visitors)],
    ['Messages', String(m.week.messages), change(m.week.messages, m.previous.messages)],
    ['Conversion rate', percent(m.week.rate), `${percent(m.previous.rate)} the week before`],
  ]
  const sources = m.week.sources.length
    ? m.week.sources.map((s) => `${s.source}: ${s.visitors}`)
    : ['No visitors this week']
  const text = `The week from ${m.weekStart}, against the week before:

${lines.map(([label, value, delta]) => `${label}: ${value} (${delta})`).join('\n')}

Top sources:
${sources.join('\n')}

The dashboard: ${m.dashboardUrl}`
  const html = mailLayout(
    subject,
    `<p>The week from ${escapeMarkup(m.weekStart)}, against the week before:</p>
<table style="border-collapse:collapse">${lines
      .map(
        ([label, value, delta]) =>
          `<tr><th style="text-align:left;padding:4px 12px 4px 0">${escapeMarkup(label)}</th><td style="padding:4px 12px 4px 0">${escapeMarkup(value)}</td><td style="color:#6b7280">${escapeMarkup(delta)}</td></tr>`,
      )
      .join('')}</table>
<p><strong>Top sources</strong></p>
<ul>${sources.map((s) => `<li>${escapeMarkup(s)}</li>`).join('')}</ul>
${mailButton(m.dashboardUrl, 'Open the dashboard', m.brand)}`,
    { brand: m.brand },
  )
  return { subject, text, html }
}
