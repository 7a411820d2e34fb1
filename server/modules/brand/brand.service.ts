/**
 * The site's icons made from the owner's logo (settings `logo`): the favicon, the touch icon and
 * the web manifest's icons, square PNGs with the logo centred on transparency
 * (common/brand-icons.ts names them); and the share image drawn from the settings while the owner
 * has uploaded none (common/share-image.ts, ./share-image.ts).
 */
import { ICON_SIZES, iconPath, parseIconFile, type IconSize } from '#common/brand-icons.ts'
import type { SiteSettings } from '#common/schemas/settings.ts'
import { shareImageInputs, shareImageVersion } from '#common/share-image.ts'
import { loadSharp } from '#server/lib/load-sharp.ts'
import type { UploadsService } from '#server/modules/uploads/uploads.service.ts'
import { drawShareImage } from './share-image.ts'

export function createBrandService({
  settings,
  uploads,
}: {
  /** `getShown`: the settings as pages show them, which the share image's version is made from. */
  settings: { get: () => Promise<SiteSettings>; getShown: () => Promise<SiteSettings> }
  uploads: Pick<UploadsService, 'read'>
}) {
  /**
   * The current logo's icons, each drawn once: a draw takes milliseconds of CPU and an icon's
   * address is public, so drawing on every request would let anyone keep the server busy by asking
   * again. Only the current logo's are kept (a new logo is a new hash), at most one per size. A
   * draw in progress is shared, and forgotten if it fails.
   */
  let drawn: { hash: string; icons: Map<IconSize, Promise<Buffer | undefined>> } | undefined

  async function draw(hash: string, size: IconSize): Promise<Buffer | undefined> {
    // The 640 px variant is sharp enough for a 512 px icon and a fraction of the original's work.
    const source = await uploads.read(`${hash}-640.webp`).catch(() => undefined)
    if (!source) return undefined
    const sharp = await loadSharp()
    return sharp(source.data)
      .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer()
  }

  /**
   * The share image of the current settings, drawn once, for the icons' reason: one kept, the
   * current version's (a change of what it shows is a new version), about 75 kB. A draw in
   * progress is shared, and forgotten if it fails.
   */
  let share: { version: string; png: Promise<Buffer> } | undefined

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
      if (drawn?.hash !== wanted.hash) drawn = { hash: wanted.hash, icons: new Map() }
      const { icons } = drawn
      let icon = icons.get(wanted.size)
      if (!icon) {
        icon = draw(wanted.hash, wanted.size)
        icons.set(wanted.size, icon)
        const forget = () => {
          if (icons.get(wanted.size) === icon) icons.delete(wanted.size)
        }
        void icon.then((png) => {
          if (!png) forget()
        }, forget)
      }
      return icon
    },

    /** The drawn share image of the current settings and its version (the `v` of its address). */
    async shareImage(): Promise<{ version: string; png: Buffer }> {
      const shown = await settings.getShown()
      const version = shareImageVersion(shown)
      if (share?.version !== version) {
        const png = drawShareImage(shareImageInputs(shown), (file) =>
          uploads.read(file).then(
            (image) => image.data,
            () => undefined,
          ),
        )
        const current = { version, png }
        share = current
        png.catch(() => {
          if (share === current) share = undefined
        })
      }
      return { version, png: await share.png }
    },
  }
}

export type BrandService = ReturnType<typeof createBrandService>
