import { escapeMarkup } from '#common/escape-markup.ts'
import { mailLayout } from './layout.ts'

interface LinkMailInput {
  name: string
  link: string
  adminUrl: string
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ')

function linkMail(subject: string, lines: string[], { link, adminUrl }: LinkMailInput) {
  const text = `${lines.join('\n\n')}\n\nLink: ${link}\nPortfolio admin: ${adminUrl}`
  const html = mailLayout(
    subject,
    `${lines.map((line) => `<p>${escapeMarkup(line)}</p>`).join('\n')}
<p>Link: <a href="${escapeMarkup(link)}">${escapeMarkup(link)}</a></p>
<p><a href="${escapeMarkup(adminUrl)}">Open the portfolio admin</a></p>`,
  )
  return { subject: oneLine(subject), text, html }
}

export const linkDownMail = (input: LinkMailInput & { error: string; failures: number }) =>
  linkMail(
    `Portfolio link failing: ${input.name}`,
    [
      `The link of "${input.name}" failed ${input.failures} checks in a row.`,
      `Last result: ${input.error}`,
      'You will get one more e-mail when it works again.',
    ],
    input,
  )

export const linkRecoveredMail = (input: LinkMailInput & { ms: number | null }) =>
  linkMail(
    `Portfolio link working again: ${input.name}`,
    [
      `The link of "${input.name}" answers again${input.ms === null ? '' : ` (in ${input.ms} ms)`}.`,
    ],
    input,
  )

export const certificateExpiringMail = (input: LinkMailInput & { daysLeft: number }) =>
  linkMail(
    `Certificate expiring: ${input.name}`,
    [
      input.daysLeft < 0
        ? `The TLS certificate of "${input.name}" has expired.`
        : `The TLS certificate of "${input.name}" expires in ${input.daysLeft} ${input.daysLeft === 1 ? 'day' : 'days'}.`,
      'Visitors will see a security warning once it has expired. Renew it at the site’s host.',
    ],
    input,
  )
