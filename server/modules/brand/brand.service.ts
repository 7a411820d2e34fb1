/**
 * The site's icons made from the owner's logo (settings `logo`): the favicon, the touch icon and
 * the web manifest's icons, square PNGs with the logo centred on transparency
 * (common/brand-icons.ts names them).
 */
import { ICON_SIZES, iconPath, parseIconFile } from '#common/brand-icons.ts'
import type { SiteSettings } from '#common/schemas/settings.ts'
import { loadSharp } from '#server/lib/load-sharp.ts'
import type { UploadsService } from '#server/modules/uploads/uploads.service.ts'

export function createBrandService({
  settings,
  uploads,
}: {
  settings: { get: () => Promise<SiteSettings> }
  uploads: Pick<UploadsService, 'read'>
}) {
  return {
    /** /manifest.webmanifest: the business's name, its colour and its icons (the logo's when set). */
    async manifest() {
      const { businessName, accentColor, logo } = await settings.get()
      return {
        name: businessName,
        short_name: businessName.length <= 12 ? businessName : businessName.split(/\s+/)[0],
        start_url: '/',
        display: 'browser',
        background_color: '#ffffff',
        theme_color: accentColor,
        icons: logo
          ? ICON_SIZES.map((size) => ({
              src: iconPath(logo, size),
              sizes: `${size}x${size}`,
              type: 'image/png',
            }))
          : [
              { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
              { src: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png' },
            ],
      }
    },

    /**
     * The PNG named `file` (`<logo hash>-<size>.png`) made from the current logo; undefined when
     * the name is not one of the current logo's icons (no logo, an old logo, another size).
     */
    async icon(file: string): Promise<Buffer | undefined> {
      const wanted = parseIconFile(file)
      const { logo } = await settings.get()
      if (!wanted || !logo || iconPath(logo, wanted.size) !== `/brand/${file}`) return undefined
      // The 640 px variant is sharp enough for a 512 px icon and a fraction of the original's work.
      const source = await uploads.read(`${wanted.hash}-640.webp`).catch(() => undefined)
      if (!source) return undefined
      const sharp = await loadSharp()
      return sharp(source.data)
        .resize(wanted.size, wanted.size, {
          fit: 'contain',
          background: { r: 0, g: 0, b: 0, alpha: 0 },
        })
        .png()
        .toBuffer()
    },
  }
}

export type BrandService = ReturnType<typeof createBrandService>
