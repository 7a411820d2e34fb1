import { replySubject } from '#common/reply-subject.ts'
import {
  mailLayout,
  paragraphs,
  quoteHtml,
  quoteText,
  type MailBrand,
  type QuotedMessage,
} from './layout.ts'

/** The owner's reply, in their branded layout; with the message it answers, that quoted under it. */
export function replyMail({
  subject,
  replyContent,
  original,
  brand,
}: {
  subject: string
  replyContent: string
  original?: QuotedMessage
  brand: MailBrand
}) {
  const fullSubject = replySubject(subject)
  return {
    subject: fullSubject,
    text: original ? `${replyContent}\n\n${quoteText(original)}` : replyContent,
    html: mailLayout(
      fullSubject,
      original ? `${paragraphs(replyContent)}\n${quoteHtml(original)}` : paragraphs(replyContent),
      { brand },
    ),
  }
}
