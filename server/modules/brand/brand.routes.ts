/**
 * The site's identity files at the root, beside the pages: /manifest.webmanifest, the icons
 * made from the owner's logo (/brand/<logo hash>-<size>.png, kept for good: a new logo is a new
 * name) and the share image drawn from the settings (/brand/share.png?v=<version>, kept for good
 * under the current version: what it shows changes only with a new one).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { DRAWN_SHARE_IMAGE_PATH } from '#common/share-image.ts'
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

  // A static path: Fastify's router prefers it to /brand/:file below, whatever the order.
  app.get(
    DRAWN_SHARE_IMAGE_PATH,
    { schema: { querystring: z.object({ v: z.string().max(40).optional() }) } },
    async (request, reply) => {
      const { version, png } = await brand.shareImage()
      // An address without the current version (an old one a post still links, or none) gets the
      // current picture, which any cache must ask for again: only the current address is immutable.
      return reply
        .header('content-type', 'image/png')
        .header(
          'cache-control',
          request.query.v === version ? CACHE_POLICY.immutableAsset : CACHE_POLICY.publicRead,
        )
        .send(png)
    },
  )

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
