/**
 * The site's identity files at the root, beside the pages: /manifest.webmanifest and the icons
 * made from the owner's logo (/brand/<logo hash>-<size>.png, kept for good: a new logo is a new
 * name).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CACHE_POLICY } from '#server/lib/cache-policy.ts'
import type { BrandService } from './brand.service.ts'

export const brandRoutes: FastifyPluginAsyncZod<{ brand: BrandService }> = async (
  app,
  { brand },
) => {
  app.get('/manifest.webmanifest', async (_request, reply) => {
    reply
      .header('content-type', 'application/manifest+json; charset=utf-8')
      .header('cache-control', CACHE_POLICY.publicRead)
    return JSON.stringify(await brand.manifest())
  })

  app.get(
    '/brand/:file',
    { schema: { params: z.object({ file: z.string().max(80) }) } },
    async (request, reply) => {
      const png = await brand.icon(request.params.file)
      if (!png) {
        return reply
          .code(404)
          .header('cache-control', CACHE_POLICY.privateRead)
          .send({ message: 'Not found' })
      }
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', CACHE_POLICY.immutableAsset)
        .send(png)
    },
  )
}
