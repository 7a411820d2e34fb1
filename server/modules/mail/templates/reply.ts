import { mailLayout, paragraphs } from './layout.ts'

/** "Re: " is added once: a subject that already starts with it (the reply panel's) is kept. */
export const replySubject = (subject: string) =>
  (/^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`).replace(/[\r\n]+/g, ' ')

export function replyMail({ subject, replyContent }: { subject: string; replyContent: string }) {
  const fullSubject = replySubject(subject)
  return {
    subject: fullSubject,
    text: replyContent,
    html: mailLayout(fullSubject, paragraphs(replyContent)),
  }
}
