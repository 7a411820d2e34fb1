/** Redraws public/images/default.jpg (committed): `npx tsx server/cli/default-image.ts`. */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { DEFAULT_IMAGE } from '#common/constants.ts'
import { PUBLIC_DIR } from '#server/lib/paths.ts'
import { defaultImageSvg, renderJpeg } from './demo-images.ts'

const file = path.join(PUBLIC_DIR, DEFAULT_IMAGE)
const jpeg = await renderJpeg(defaultImageSvg())
await writeFile(file, jpeg)
console.log(`Wrote ${path.relative(process.cwd(), file)} (${Math.round(jpeg.length / 1024)} KB)`)
