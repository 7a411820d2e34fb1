import { z } from 'zod'
import {
  PASSWORDS_DO_NOT_MATCH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULE_HINT,
  TEXT_LIMITS,
} from '../constants.ts'
import { EmailSchema, IdSchema, pageOf, requiredText } from './common.ts'

/**
 * The password policy's rules that the browser can check too. Its last rule, "not a common breached
 * password", needs a list far too large for the browser: the server applies it wherever a password
 * is set (`hashNewPassword` in server/lib/passwords.ts).
 */
export const PasswordSchema = z
  .string({ error: 'Password is required' })
  .min(1, { error: 'Password is required' })
  .max(200, { error: 'Password is too long' })
  .refine(
    (p) =>
      p.length >= PASSWORD_MIN_LENGTH &&
      /[a-z]/.test(p) &&
      /[A-Z]/.test(p) &&
      /\d/.test(p) &&
      /[^A-Za-z0-9]/.test(p),
    { error: `Password must have ${PASSWORD_RULE_HINT.toLowerCase()}` },
  )

const NameSchema = requiredText('Name', TEXT_LIMITS.name)

export const SignInBodySchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(200),
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

export const SignUpFormSchema = SignUpBodySchema.extend({
  confirmPassword: z.string().min(1, confirmation),
}).refine(passwordsMatch, mismatch)

export const ForgetPasswordBodySchema = z.object({ email: EmailSchema })
export type ForgetPasswordBody = z.infer<typeof ForgetPasswordBodySchema>

export const ResetPasswordBodySchema = z.object({
  password: PasswordSchema,
  token: z
    .string({ error: 'Token is required' })
    .trim()
    .min(1, { error: 'Token is required' })
    .max(200),
})
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>

export const ResetPasswordFormSchema = z
  .object({ password: PasswordSchema, confirmPassword: z.string().min(1, confirmation) })
  .refine(passwordsMatch, mismatch)

/** An empty password in a profile update means "keep the current one". */
const OptionalPasswordSchema = z
  .union([z.literal(''), PasswordSchema])
  .optional()
  .transform((p) => (p ? p : undefined))

/** The password the user signs in with now, needed to change the e-mail or the password; empty means none. */
const CurrentPasswordSchema = z
  .string({ error: 'Current password must be text' })
  .max(200, { error: 'Password is too long' })
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
    confirmPassword: z.string().optional(),
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
