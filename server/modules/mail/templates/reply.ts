import { replySubject } from '#common/reply-subject.ts'
import { mailLayout, paragraphs } from './layout.ts'

export function replyMail({ subject, replyContent }: { subject: string; replyContent: string }) {
  const fullSubject = replySubject(subject)
  return {
    subject: fullSubject,
    text: replyContent,
    html: mailLayout(fullSubject, paragraphs(replyContent)),
  }
}
