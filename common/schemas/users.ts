import { z } from 'zod'
import {
  PASSWORDS_DO_NOT_MATCH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULE_HINT,
  TEXT_LIMITS,
} from '../constants.ts'
import { EmailSchema, IdSchema, pageOf, requiredText, text } from './common.ts'

const PASSWORD_MAX = 200

/** A password as typed: never trimmed, since its spaces are part of it. */
const PasswordTextSchema = text('Password', PASSWORD_MAX, { trim: false }).min(1, {
  error: 'Password is required',
})

/**
 * The password policy's rules that the browser can check too. Its last rule, "not a common breached
 * password", needs a list far too large for the browser: the server applies it wherever a password
 * is set (`hashNewPassword` in server/lib/passwords.ts).
 */
export const PasswordSchema = PasswordTextSchema.refine(
  (p) =>
    p.length >= PASSWORD_MIN_LENGTH &&
    /[a-z]/.test(p) &&
    /[A-Z]/.test(p) &&
    /\d/.test(p) &&
    /[^\da-z]/i.test(p),
  { error: `Password must have ${PASSWORD_RULE_HINT.toLowerCase()}` },
)

const NameSchema = requiredText('Name', TEXT_LIMITS.name)

export const SignInBodySchema = z.object({
  email: EmailSchema,
  password: PasswordTextSchema,
})
export type SignInBody = z.infer<typeof SignInBodySchema>

export const SignUpBodySchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  password: PasswordSchema,
})
export type SignUpBody = z.infer<typeof SignUpBodySchema>

const confirmation = { error: 'Please confirm the password' }
const passwordsMatch = <T extends { password?: string; confirmPassword?: string }>(v: T) =>
  (v.password ?? '') === (v.confirmPassword ?? '')
const mismatch = { error: PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'] }

const ConfirmPasswordSchema = text('Password confirmation', PASSWORD_MAX, { trim: false }).min(
  1,
  confirmation,
)

export const SignUpFormSchema = SignUpBodySchema.extend({
  confirmPassword: ConfirmPasswordSchema,
}).refine(passwordsMatch, mismatch)

export const ForgetPasswordBodySchema = z.object({ email: EmailSchema })
export type ForgetPasswordBody = z.infer<typeof ForgetPasswordBodySchema>

const TOKEN_MAX = 200

export const ResetPasswordBodySchema = z.object({
  password: PasswordSchema,
  token: requiredText('Token', TOKEN_MAX),
})
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>

export const ResetPasswordFormSchema = z
  .object({ password: PasswordSchema, confirmPassword: ConfirmPasswordSchema })
  .refine(passwordsMatch, mismatch)

/** An empty password in a profile update means "keep the current one". */
const OptionalPasswordSchema = z
  .union([z.literal(''), PasswordSchema])
  .optional()
  .transform((p) => (p ? p : undefined))

/** The password the user signs in with now, needed to change the e-mail or the password; empty means none. */
const CurrentPasswordSchema = text('Current password', PASSWORD_MAX, { trim: false })
  .optional()
  .transform((p) => (p ? p : undefined))

export const ProfileBodySchema = z.object({
  name: NameSchema,
  email: EmailSchema,
  password: OptionalPasswordSchema,
  currentPassword: CurrentPasswordSchema,
})
export type ProfileBody = z.infer<typeof ProfileBodySchema>

export const ProfileFormSchema = z
  .object({
    name: NameSchema,
    email: EmailSchema,
    password: OptionalPasswordSchema,
    confirmPassword: text('Password confirmation', PASSWORD_MAX, { trim: false }).optional(),
    currentPassword: CurrentPasswordSchema,
  })
  .refine(passwordsMatch, mismatch)

export const UserPublicSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
})
export type UserPublic = z.infer<typeof UserPublicSchema>

export const SessionSchema = UserPublicSchema.extend({ token: z.string() })
export type Session = z.infer<typeof SessionSchema>

export const UserUpdateBodySchema = z.object({
  _id: IdSchema.optional(),
  name: NameSchema,
  email: EmailSchema,
  isAdmin: z.boolean({ error: 'isAdmin must be true or false' }),
})
export type UserUpdateBody = z.infer<typeof UserUpdateBodySchema>

export const UsersPageSchema = pageOf('users', UserPublicSchema, 'totalUsers')
export type UsersPage = z.infer<typeof UsersPageSchema>
