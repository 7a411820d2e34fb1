import { escapeMarkup } from '#common/escape-markup.ts'
import { mailButton, mailLayout, type MailBrand } from './layout.ts'

interface LinkMailInput {
  name: string
  link: string
  adminUrl: string
  brand: MailBrand
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ')

function linkMail(subject: string, lines: string[], { link, adminUrl, brand }: LinkMailInput) {
  const text = `${lines.join('\n\n')}\n\nLink: ${link}\nPortfolio admin: ${adminUrl}`
  const html = mailLayout(
    subject,
    `${lines.map((line) => `<p>${escapeMarkup(line)}</p>`).join('\n')}
<p style="word-break:break-all">Link: <a href="${escapeMarkup(link)}" style="color:${escapeMarkup(brand.accentColor)}">${escapeMarkup(link)}</a></p>
${mailButton(adminUrl, 'Open the portfolio admin', brand)}`,
    { brand, preheader: lines[0] },
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
