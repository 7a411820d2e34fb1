import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { PASSWORDS_DO_NOT_MATCH } from '#common/constants.ts'
import {
  ForgetPasswordBodySchema,
  ProfileFormSchema,
  ResetPasswordFormSchema,
  SignInBodySchema,
  SignUpFormSchema,
  UserUpdateBodySchema,
} from '#common/schemas/users.ts'
import { WebsiteUpdateBodySchema } from '#common/schemas/websites.ts'
import { textFieldsOf, validate } from './form-errors.ts'

const GOOD_PASSWORD = 'Str0ng!pass'

const form = (fields: Record<string, string>) => {
  const data = new FormData()
  for (const [key, value] of Object.entries(fields)) data.append(key, value)
  return textFieldsOf(data)
}

describe('textFieldsOf', () => {
  it('keeps text fields, the first of repeated keys, and drops files', () => {
    const data = new FormData()
    data.append('name', 'Ada')
    data.append('name', 'Other')
    data.append('image', new Blob(['x']), 'x.png')
    expect(textFieldsOf(data)).toEqual({ name: 'Ada' })
  })
})

describe('sign-up form', () => {
  const valid = {
    name: 'Ada',
    email: 'Ada@Example.com',
    password: GOOD_PASSWORD,
    confirmPassword: GOOD_PASSWORD,
  }

  it('accepts matching passwords and normalises the e-mail', () => {
    const result = validate(SignUpFormSchema, form(valid))
    expect(result).toEqual({ ok: true, data: { ...valid, email: 'ada@example.com' } })
  })

  it('shows Passwords do not match under the confirmation', () => {
    const result = validate(SignUpFormSchema, form({ ...valid, confirmPassword: 'Str0ng!pasS' }))
    expect(result).toEqual({ ok: false, errors: { confirmPassword: PASSWORDS_DO_NOT_MATCH } })
  })

  it('names each missing or wrong field once', () => {
    const result = validate(
      SignUpFormSchema,
      form({ name: ' ', email: 'nope', password: 'short', confirmPassword: '' }),
    )
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.errors).toMatchObject({
      name: 'Name is required',
      email: 'Email is not a valid e-mail address',
      confirmPassword: 'Please confirm the password',
    })
    expect(result.errors.password).toMatch(/^Password must have at least 8 characters/)
  })
})

describe('sign-in form', () => {
  it('requires an e-mail and a password', () => {
    expect(validate(SignInBodySchema, form({ email: '', password: '' }))).toEqual({
      ok: false,
      errors: { email: 'Email is required', password: 'Password is required' },
    })
  })
})

describe('reset-password form', () => {
  it('shows Passwords do not match', () => {
    const result = validate(
      ResetPasswordFormSchema,
      form({ password: GOOD_PASSWORD, confirmPassword: 'different' }),
    )
    expect(result).toEqual({ ok: false, errors: { confirmPassword: PASSWORDS_DO_NOT_MATCH } })
  })
})

describe('profile form', () => {
  it('keeps the current password when both password fields are empty', () => {
    const result = validate(
      ProfileFormSchema,
      form({ name: 'Ada', email: 'ada@example.com', password: '', confirmPassword: '' }),
    )
    expect(result.ok && result.data.password).toBeUndefined()
    expect(result.ok).toBe(true)
  })

  it('shows Passwords do not match for a new password without its confirmation', () => {
    const result = validate(
      ProfileFormSchema,
      form({ name: 'Ada', email: 'ada@example.com', password: GOOD_PASSWORD, confirmPassword: '' }),
    )
    expect(result).toEqual({ ok: false, errors: { confirmPassword: PASSWORDS_DO_NOT_MATCH } })
  })

  it('enforces the password rule on a new password', () => {
    const result = validate(
      ProfileFormSchema,
      form({ name: 'Ada', email: 'ada@example.com', password: 'weak', confirmPassword: 'weak' }),
    )
    expect(result.ok).toBe(false)
    expect(!result.ok && result.errors.password).toMatch(/uppercase letter/)
  })
})

describe('forget-password form', () => {
  it('requires the e-mail', () => {
    expect(validate(ForgetPasswordBodySchema, form({ email: '' }))).toEqual({
      ok: false,
      errors: { email: 'Email is required' },
    })
  })
})

describe('user edit form', () => {
  it('takes the admin flag from the checkbox and checks the e-mail format', () => {
    const id = '0b3a4c2e-6f11-4a57-9d1e-2b8f0c7a9e10'
    expect(
      validate(UserUpdateBodySchema, {
        _id: id,
        name: 'Ada',
        email: 'ada@example.com',
        isAdmin: true,
      }),
    ).toEqual({
      ok: true,
      data: { _id: id, name: 'Ada', email: 'ada@example.com', isAdmin: true },
    })
    expect(validate(UserUpdateBodySchema, { name: '', email: 'ada@', isAdmin: false })).toEqual({
      ok: false,
      errors: { name: 'Name is required', email: 'Email is not a valid e-mail address' },
    })
  })
})

describe('website edit form', () => {
  const valid = {
    name: 'Bakery',
    slug: 'corner-bakery',
    image: '/images/default.jpg',
    language: 'React',
    languageDescription: 'MERN Stack',
    description: 'Orders online.',
    link: 'https://bakery.example',
  }

  it('accepts a complete entry', () => {
    expect(validate(WebsiteUpdateBodySchema, form(valid))).toEqual({ ok: true, data: valid })
  })

  it('requires every field and refuses a bad slug and a non-http link', () => {
    const result = validate(
      WebsiteUpdateBodySchema,
      form({
        ...valid,
        name: '',
        languageDescription: '',
        slug: 'Bad Slug',
        link: 'javascript:alert(1)',
      }),
    )
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(Object.keys(result.errors).sort()).toEqual([
      'languageDescription',
      'link',
      'name',
      'slug',
    ])
    expect(result.errors.link).toBe('Link must be an http:// or https:// address')
  })
})

describe('validate with nested content', () => {
  it('keys each error by its whole path, so a nested field shows its own message', () => {
    const Steps = z.object({
      steps: z.array(z.object({ body: z.string().min(1, 'Body is required') })),
    })
    const values = { steps: [{ body: 'ok' }, { body: '' }] }
    expect(validate(Steps, values, { isNested: true })).toEqual({
      ok: false,
      errors: { 'steps.1.body': 'Body is required' },
    })
    expect(validate(Steps, values)).toEqual({ ok: false, errors: { steps: 'Body is required' } })
  })
})
