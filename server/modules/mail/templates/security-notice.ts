import { SECOND_FACTOR_GUESSES_MAX, SECOND_FACTOR_WINDOW_MS } from '#common/constants.ts'
import { escapeMarkup } from '#common/escape-markup.ts'
import { mailButton, mailLayout, mailLinkText, paragraphs, type MailBrand } from './layout.ts'

/** What an account-security notice reports. */
export type SecurityNoticeKind =
  | 'new-device'
  | 'two-factor-on'
  | 'two-factor-off'
  | 'two-factor-locked'
  | 'recovery-code-used'
  | 'recovery-codes-regenerated'
  | 'passkey-added'

const WHAT: Record<SecurityNoticeKind, { subject: string; text: (device: string) => string }> = {
  'new-device': {
    subject: 'New sign-in to your account',
    text: (device) =>
      `Your account was just signed in to from a device it had not used before: ${device}.`,
  },
  'two-factor-on': {
    subject: 'Two-factor sign-in was turned on',
    text: (device) =>
      `Two-factor sign-in was turned on for your account (from ${device}): signing in now asks for a code from the authenticator app that was set up.`,
  },
  'two-factor-locked': {
    subject: 'Too many wrong sign-in codes for your account',
    text: (device) =>
      `Someone who knew your password entered ${SECOND_FACTOR_GUESSES_MAX} wrong two-factor or recovery codes for your account (the last from ${device}). Signing in with a code is closed for ${SECOND_FACTOR_WINDOW_MS / 60_000} minutes from the first of them. Your password is known to them: change it.`,
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

/** The notice mailed to an account when something changes or threatens its security. */
export function securityNoticeMail({
  kind,
  name,
  device,
  profileUrl,
  brand,
}: {
  kind: SecurityNoticeKind
  name: string
  device: string
  profileUrl: string
  brand: MailBrand
}) {
  const { subject, text: what } = WHAT[kind]
  const body = `Hello ${name},

${what(device)}

If this was you, there is nothing to do. If it was not, change your password and end the sessions you do not recognise at once, on your profile:`
  const html = mailLayout(
    subject,
    `${paragraphs(body)}
${mailButton(profileUrl, 'Open your profile', brand)}
${mailLinkText(profileUrl)}
<p>${escapeMarkup(brand.businessName)}</p>`,
    { brand, preheader: what(device) },
  )
  return { subject, text: `${body}\n\n${profileUrl}\n\n${brand.businessName}`, html }
}
