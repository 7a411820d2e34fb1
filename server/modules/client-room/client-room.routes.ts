/**
 * The client's room through the API: asking for a sign-in link (POST /api/client/sign-in, the
 * same answer for every address), and the owner ending a client's sessions
 * (DELETE /api/clients/{id}/sessions). The room itself is the /client page.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CLIENT_SIGN_IN_SENT, ClientSignInBodySchema } from '#common/schemas/client-room.ts'
import {
  ErrorResponseSchema,
  IdParamsSchema,
  MessageResponseSchema,
} from '#common/schemas/common.ts'
import { ADMIN_ERRORS } from '#server/lib/route-schemas.ts'
import type { ClientRoomService } from './client-room.service.ts'

export const clientRoomRoutes: FastifyPluginAsyncZod<{ clientRoom: ClientRoomService }> = async (
  app,
  { clientRoom },
) => {
  app.post(
    '/api/client/sign-in',
    {
      // Before the body is read or validated: every post counts against the limit.
      onRequest: async (request) => clientRoom.countSignInAttempt(request.ip),
      schema: {
        body: ClientSignInBodySchema,
        response: {
          202: MessageResponseSchema,
          400: ErrorResponseSchema,
          429: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await clientRoom.requestSignIn(request.body)
      return reply.code(202).send({ message: CLIENT_SIGN_IN_SENT })
    },
  )

  app.delete(
    '/api/clients/:id/sessions',
    {
      onRequest: app.requireAdmin,
      schema: {
        params: IdParamsSchema,
        response: {
          200: MessageResponseSchema.extend({ ended: z.number().int() }),
          ...ADMIN_ERRORS,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const { ended } = await clientRoom.endSessions(request.params.id)
      return {
        message: ended === 1 ? 'One session ended' : `${ended} sessions ended`,
        ended,
      }
    },
  )
}
