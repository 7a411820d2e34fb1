/**
 * POST /unsubscribe/:token: the one-click unsubscribe of RFC 8058, the address every newsletter
 * mail names in List-Unsubscribe. A mail provider posts `List-Unsubscribe=One-Click` from its own
 * servers, with no session and from no page of this site, so this route has no guard and no
 * same-origin check (React Router's action check would refuse such a post): the unguessable token
 * is the whole credential, and all it can do is unsubscribe. A GET of the address is the page
 * (app/routes/public/unsubscribe.tsx), whose button posts here too and is sent back to it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorResponseSchema, MessageResponseSchema } from '#common/schemas/common.ts'
import { SubscriberTokenBodySchema } from '#common/schemas/subscribers.ts'
import type { SubscribersService } from './subscribers.service.ts'

const SEE_OTHER = 303

export const unsubscribeRoutes: FastifyPluginAsyncZod<{
  subscribers: SubscribersService
}> = async (app, { subscribers }) => {
  // RFC 8058 lets the provider post the field form-encoded or as multipart/form-data; the body is
  // read (bounded) and left unused, since the address alone says what to do.
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
    done(null, body),
  )

  app.post(
    '/unsubscribe/:token',
    {
      schema: {
        params: SubscriberTokenBodySchema,
        // Whatever the body says: RFC 8058's field, the page's button, or nothing at all.
        body: z.unknown(),
        response: {
          200: MessageResponseSchema,
          400: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await subscribers.unsubscribe(request.params.token)
      // A person's browser (the page's button, with or without JavaScript) goes back to the page.
      if (request.headers.accept?.includes('text/html')) {
        return reply.redirect(`/unsubscribe/${encodeURIComponent(request.params.token)}`, SEE_OTHER)
      }
      return answer
    },
  )
}
