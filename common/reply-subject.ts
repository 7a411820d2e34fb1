const REPLY_PREFIX = /^re:\s*/i

/**
 * A reply's subject: "Re: " once, even when the original already was a reply (the reply panel
 * fills it in, and the server applies it again); a line break becomes a space, so a subject can
 * never add a mail header.
 */
export const replySubject = (subject: string) =>
  `Re: ${subject
    .trim()
    .replace(REPLY_PREFIX, '')
    .replace(/[\r\n]+/g, ' ')}`
