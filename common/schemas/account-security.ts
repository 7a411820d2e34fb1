import { z } from 'zod'
import { SessionSchema } from './users.ts'

const CHALLENGE_MAX = 200
const PASSWORD_MAX = 200

/** A six-digit code from an authenticator app; spaces (as apps show them) are ignored. */
const TotpCodeSchema = z
  .string({ error: 'Enter the six-digit code' })
  .transform((code) => code.replaceAll(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: 'Enter the six-digit code from your app' }))

/** A recovery code as shown (xxxxx-xxxxx); case, spaces and the dash are forgiven. */
const RecoveryCodeSchema = z
  .string({ error: 'Enter a recovery code' })
  .max(40, { error: 'Enter a recovery code' })
  .transform((code) => code.replaceAll(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, { error: 'That is not a recovery code' }))

const PasswordTextSchema = z
  .string({ error: 'Enter your password' })
  .min(1, { error: 'Enter your password' })
  .max(PASSWORD_MAX)

export const TwoFactorRequiredSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
})

/** POST /api/users/signin: the session, or the second step when two-factor is on. */
export const SignInResultSchema = z.union([SessionSchema, TwoFactorRequiredSchema])
export type SignInResult = z.infer<typeof SignInResultSchema>

export const SignInSecondStepBodySchema = z
  .object({
    challenge: z.string().min(1).max(CHALLENGE_MAX),
    code: TotpCodeSchema.optional(),
    recoveryCode: RecoveryCodeSchema.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    error: 'Give either a code or a recovery code',
  })
export type SignInSecondStepBody = z.infer<typeof SignInSecondStepBodySchema>

export const TwoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code: an SVG image in a data URL, drawn by the server. */
  qrCode: z.string(),
})
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>

export const TwoFactorCodeBodySchema = z.object({ code: TotpCodeSchema })

export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) })
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>

/** Turning two-factor off: the password and a code from the app or a recovery code. */
export const TwoFactorDisableBodySchema = z
  .object({
    currentPassword: PasswordTextSchema,
    code: TotpCodeSchema.optional(),
    recoveryCode: RecoveryCodeSchema.optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    error: 'Give either a code or a recovery code',
  })
export type TwoFactorDisableBody = z.infer<typeof TwoFactorDisableBodySchema>

/** POST /api/users/reverify: the password, or a code, entered again. */
export const ReverifyBodySchema = z
  .object({ password: PasswordTextSchema.optional(), code: TotpCodeSchema.optional() })
  .refine((body) => (body.password === undefined) !== (body.code === undefined), {
    error: 'Give either your password or a code',
  })
export type ReverifyBody = z.infer<typeof ReverifyBodySchema>

export const AccountSecuritySchema = z.object({
  twoFactorEnabled: z.boolean(),
  recoveryCodesLeft: z.number(),
  /** Until when the dangerous acts need no new check (ISO), or null when they need one now. */
  verifiedUntil: z.string().nullable(),
})
export type AccountSecurity = z.infer<typeof AccountSecuritySchema>

const SignedInSessionSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  device: z.string(),
  place: z.string().nullable(),
  current: z.boolean(),
})
export type SignedInSession = z.infer<typeof SignedInSessionSchema>

export const SessionsListSchema = z.object({ sessions: z.array(SignedInSessionSchema) })
export type SessionsList = z.infer<typeof SessionsListSchema>

const SecurityEventSchema = z.object({
  _id: z.string(),
  type: z.string(),
  email: z.string(),
  device: z.string(),
  createdAt: z.string(),
})

export const SecurityLogSchema = z.object({ events: z.array(SecurityEventSchema) })
export type SecurityLog = z.infer<typeof SecurityLogSchema>

export const PasskeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
})
export type Passkey = z.infer<typeof PasskeySchema>

export const PasskeysListSchema = z.object({ passkeys: z.array(PasskeySchema) })

/** A WebAuthn credential as @simplewebauthn/browser returns it; the library checks the rest. */
const CredentialSchema = z.object({
  id: z.string().min(1).max(1400),
  rawId: z.string().min(1).max(1400),
  type: z.literal('public-key'),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
})

export const PasskeyAddBodySchema = z.object({
  name: z.string().trim().min(1, { error: 'Name the passkey' }).max(60),
  credential: CredentialSchema,
})
export type PasskeyAddBody = z.infer<typeof PasskeyAddBodySchema>

export const PasskeySignInBodySchema = z.object({ credential: CredentialSchema })
export type PasskeySignInBody = z.infer<typeof PasskeySignInBodySchema>

/** Options for navigator.credentials (WebAuthn JSON), made by @simplewebauthn/server. */
export const PasskeyOptionsSchema = z.record(z.string(), z.unknown())
