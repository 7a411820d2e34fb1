/**
 * The server half of the sign-up form (SubscribeForm): the page's action calls it with the path
 * the form was on, which is stored as the subscription's source.
 */
import { data, type AppLoadContext } from 'react-router'
import { validate } from '#app/lib/form-errors.ts'
import { postedFields, serviceFailure } from '#app/lib/public-form-post.ts'
import { SubscribeBodySchema } from '#common/schemas/subscribers.ts'
import { SUBSCRIBE_INTENT, type SubscribeResult } from './subscribe-form.tsx'

const NOT_SUBSCRIBED = 'Not subscribed'

export async function subscribeFromPage(form: FormData, context: AppLoadContext, source: string) {
  const { subscribers } = context.services
  const { email } = postedFields(form, ['email'])
  try {
    await subscribers.countSubscribeAttempt(context.clientIp)
    const parsed = validate(SubscribeBodySchema, { email, source })
    if (!parsed.ok) {
      const message = `${NOT_SUBSCRIBED}: ${Object.values(parsed.errors)[0] ?? 'check the address'}`
      return data<SubscribeResult>(
        { intent: SUBSCRIBE_INTENT, ok: false, message, email },
        { status: 400 },
      )
    }
    await subscribers.subscribe(parsed.data)
    return data<SubscribeResult>({
      intent: SUBSCRIBE_INTENT,
      ok: true,
      message: subscribers.answer,
    })
  } catch (error) {
    const { status, headers, detail } = serviceFailure(error)
    return data<SubscribeResult>(
      { intent: SUBSCRIBE_INTENT, ok: false, message: `${NOT_SUBSCRIBED}: ${detail}`, email },
      { status, headers },
    )
  }
}
