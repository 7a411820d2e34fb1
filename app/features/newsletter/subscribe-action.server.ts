/**
 * The server half of the sign-up form (SubscribeForm): the page's action calls it with the path
 * the form was on, which is stored as the subscription's source.
 */
import type { PageContext } from '#app/context.ts'
import { answerPublicForm, postedFields } from '#app/lib/public-form.server.ts'
import { SubscribeBodySchema } from '#common/schemas/subscribers.ts'
import { SUBSCRIBE_INTENT, type SubscribeResult } from './subscribe-form.tsx'

const NOT_SUBSCRIBED = 'Not subscribed'

export async function subscribeFromPage(form: FormData, context: PageContext, source: string) {
  const { subscribers } = context.services
  const { email } = postedFields(form, ['email'])
  return answerPublicForm({
    count: () => subscribers.countSubscribeAttempt(context.clientIp),
    schema: SubscribeBodySchema,
    values: { email, source },
    submit: (body) => subscribers.subscribe(body),
    accepted: (): SubscribeResult => ({
      intent: SUBSCRIBE_INTENT,
      ok: true,
      message: subscribers.answer,
    }),
    refused: ({ message, fieldErrors }): SubscribeResult => ({
      intent: SUBSCRIBE_INTENT,
      ok: false,
      message: `${NOT_SUBSCRIBED}: ${message}`,
      fieldErrors,
      email,
    }),
  })
}
