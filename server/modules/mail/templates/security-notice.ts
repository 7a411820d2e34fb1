import { escapeMarkup } from '#common/escape-markup.ts'
import { mailLayout, paragraphs } from './layout.ts'

/** What an account-security notice reports. */
export type SecurityNoticeKind =
  | 'new-device'
  | 'two-factor-off'
  | 'recovery-code-used'
  | 'recovery-codes-regenerated'
  | 'passkey-added'

const WHAT: Record<SecurityNoticeKind, { subject: string; text: (device: string) => string }> = {
  'new-device': {
    subject: 'New sign-in to your account',
    text: (device) =>
      `Your account was just signed in to from a device it had not used before: ${device}.`,
  },
  'two-factor-off': {
    subject: 'Two-factor sign-in was turned off',
    text: (device) => `Two-factor sign-in was turned off for your account (from ${device}).`,
  },
  'recovery-code-used': {
    subject: 'A recovery code was used to sign in',
    text: (device) =>
      `A recovery code was used to sign in to your account (from ${device}). Each code works once: regenerate them on your profile if few are left.`,
  },
  'recovery-codes-regenerated': {
    subject: 'New recovery codes were made',
    text: (device) =>
      `New recovery codes were made for your account (from ${device}); the earlier ones no longer work.`,
  },
  'passkey-added': {
    subject: 'A passkey was added to your account',
    text: (device) => `A passkey was added to your account (from ${device}).`,
  },
}

/** The notice mailed to an admin when something changes the account's security. */
export function securityNoticeMail({
  kind,
  name,
  device,
  profileUrl,
}: {
  kind: SecurityNoticeKind
  name: string
  device: string
  profileUrl: string
}) {
  const { subject, text: what } = WHAT[kind]
  const body = `Hello ${name},

${what(device)}

If this was you, there is nothing to do. If it was not, change your password and end the sessions you do not recognise at once, on your profile:`
  const html = mailLayout(
    subject,
    `${paragraphs(body)}\n<p><a href="${escapeMarkup(profileUrl)}">${escapeMarkup(profileUrl)}</a></p>`,
  )
  return { subject, text: `${body}\n\n${profileUrl}`, html }
}
