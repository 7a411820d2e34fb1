import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { answerPublicForm, refusalOf } from './public-form.server.ts'

/** A service's HttpError as the pages' bundle sees it: an Error with the class's fields. */
const serviceError = (statusCode: number, message: string, fields: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), { statusCode, headers: {}, ...fields })

const Schema = z.object({ email: z.email({ error: 'Email is not a valid e-mail address' }) })

/** The form as a page answers it: the refusal itself, or what was accepted. */
const form = (over: Partial<Parameters<typeof answerPublicForm>[0]> = {}) => ({
  count: async () => undefined,
  schema: Schema,
  values: { email: 'robin@example.com' },
  submit: async () => 'stored',
  accepted: (result: unknown) => ({ ok: true, result }),
  refused: (refusal: unknown) => ({ ok: false, refusal }),
  ...over,
})

describe('refusalOf', () => {
  it('puts the message of a refused field on that field, and keeps the code', () => {
    expect(
      refusalOf(serviceError(400, 'Budget must be one of the listed options', { field: 'budget' })),
    ).toEqual({
      status: 400,
      headers: {},
      message: 'Budget must be one of the listed options',
      fieldErrors: { budget: 'Budget must be one of the listed options' },
      code: undefined,
    })
    expect(refusalOf(serviceError(409, 'That time is not free', { code: 'slot_taken' }))).toEqual(
      expect.objectContaining({ status: 409, code: 'slot_taken', fieldErrors: {} }),
    )
  })

  it('answers a failure with a generic message and logs it', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    try {
      const failure = new Error('connection refused at 10.0.0.5')
      expect(refusalOf(failure)).toEqual({
        status: 500,
        headers: {},
        message: 'please try again in a moment',
        fieldErrors: {},
      })
      expect(log).toHaveBeenCalledWith(failure)
    } finally {
      log.mockRestore()
    }
  })
})

describe('answerPublicForm', () => {
  it('answers a refused count with its status and Retry-After, and submits nothing', async () => {
    const submit = vi.fn(async () => 'stored')
    const tooMany = serviceError(429, 'Too many requests, please try again in 3 minutes', {
      headers: { 'retry-after': '180' },
    })
    const answer = await answerPublicForm(
      form({
        count: () => Promise.reject(tooMany),
        submit,
      }),
    )
    expect(answer.init).toEqual({ status: 429, headers: { 'retry-after': '180' } })
    expect(answer.data).toMatchObject({ ok: false, refusal: { message: tooMany.message } })
    expect(submit).not.toHaveBeenCalled()
  })

  it('answers invalid fields with 400 and their messages, and submits nothing', async () => {
    const submit = vi.fn(async () => 'stored')
    const answer = await answerPublicForm(form({ values: { email: 'robin@' }, submit }))
    expect(answer.init).toEqual({ status: 400, headers: {} })
    expect(answer.data).toEqual({
      ok: false,
      refusal: {
        status: 400,
        headers: {},
        message: 'Email is not a valid e-mail address',
        fieldErrors: { email: 'Email is not a valid e-mail address' },
      },
    })
    expect(submit).not.toHaveBeenCalled()
  })

  it("answers what the service accepted, or its refusal's field", async () => {
    expect((await answerPublicForm(form())).data).toEqual({ ok: true, result: 'stored' })
    const refused = await answerPublicForm(
      form({
        submit: () => Promise.reject(serviceError(400, 'Only images', { field: 'photo' })),
      }),
    )
    expect(refused.init).toEqual({ status: 400, headers: {} })
    expect(refused.data).toMatchObject({ refusal: { fieldErrors: { photo: 'Only images' } } })
  })
})
