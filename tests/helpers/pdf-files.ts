/**
 * A PDF as the tools outside the site read it (poppler-utils): the files embedded in it
 * (`pdfdetach`), its XMP metadata (`pdfinfo -meta`), its first page as an image (`pdftoppm`) and
 * the QR codes on an image (jsQR). Nothing here reads a PDF the way the code that wrote it does.
 */
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import jsQR from 'jsqr'
import sharp from 'sharp'

const run = promisify(execFile)

async function withPdf<T>(pdf: Buffer, use: (file: string, dir: string) => Promise<T>) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pdf-files-'))
  try {
    const file = path.join(dir, 'document.pdf')
    await writeFile(file, pdf)
    return await use(file, dir)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** The files embedded in `pdf`, by name. */
export const embeddedFiles = (pdf: Buffer) =>
  withPdf(pdf, async (file, dir) => {
    const out = path.join(dir, 'embedded')
    await mkdir(out)
    await run('pdfdetach', ['-saveall', '-o', out, file])
    const files = new Map<string, string>()
    for (const name of await readdir(out))
      files.set(name, await readFile(path.join(out, name), 'utf8'))
    return files
  })

/** The XMP metadata stream of `pdf`. */
export const xmpOf = (pdf: Buffer) =>
  withPdf(pdf, async (file) => (await run('pdfinfo', ['-meta', file])).stdout)

/** The text of the QR code on a PNG, JPEG or SVG image, or undefined when none is found. */
export async function readQrCode(image: Buffer, density = 72): Promise<string | undefined> {
  const { data, info } = await sharp(image, { density })
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const code = jsQR(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    info.width,
    info.height,
    { inversionAttempts: 'dontInvert' },
  )
  // jsQR may take a pattern of the page's text for a code that decodes to nothing.
  return code?.data || undefined
}

/** The first page of `pdf` as a PNG, `dpi` dots per inch. */
export const firstPagePng = (pdf: Buffer, dpi = 150) =>
  withPdf(pdf, async (file, dir) => {
    const prefix = path.join(dir, 'page')
    await run('pdftoppm', [
      '-png',
      '-r',
      String(dpi),
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      file,
      prefix,
    ])
    return readFile(`${prefix}.png`)
  })

/** The text of every page of `pdf`, as `pdftotext` reads it. */
export const textOf = (pdf: Buffer) =>
  withPdf(pdf, async (file) => (await run('pdftotext', ['-layout', file, '-'])).stdout)
