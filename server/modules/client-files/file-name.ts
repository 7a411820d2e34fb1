/**
 * A client file's name as shown and as sent back in Content-Disposition (RFC 6266 with RFC 8187's
 * `filename*` for UTF-8), and the content type kept from the upload. Uploaded names come from
 * anyone's browser: a path, control or direction characters, a quote that would end the header's
 * value.
 */
const NAME_MAX = 200
const FALLBACK_NAME = 'file'
const CONTENT_TYPE_MAX = 100
const CONTENT_TYPE = /^[a-z0-9][\w.+-]*\/[a-z0-9][\w.+-]*$/i
const UNSHOWN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu

/** The upload's name without its folders and unprintable characters, at most NAME_MAX characters. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[/\\]/).at(-1) ?? ''
  const name = base.replace(UNSHOWN, '').replace(/\s+/g, ' ').trim()
  if (name === '' || name === '.' || name === '..') return FALLBACK_NAME
  const chars = [...name]
  if (chars.length <= NAME_MAX) return name
  const dot = name.lastIndexOf('.')
  const extension = dot > 0 ? [...name.slice(dot)] : []
  const kept = extension.length < 20 ? extension : []
  return [...chars.slice(0, NAME_MAX - kept.length), ...kept].join('')
}

/** `type/subtype` as the browser sent it, lower-case, or application/octet-stream. */
export function storableContentType(raw: string | undefined): string {
  const type = (raw ?? '').split(';')[0]!.trim().toLowerCase()
  return type.length <= CONTENT_TYPE_MAX && CONTENT_TYPE.test(type)
    ? type
    : 'application/octet-stream'
}

/** RFC 8187's value-chars: what encodeURIComponent leaves, less the characters it allows and 8187 does not. */
const encodeValueChars = (value: string) =>
  encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  )

/** A download's Content-Disposition: always an attachment, the name in ASCII and in UTF-8. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeValueChars(name)}`
}

/**
 * Every header a client file's download is sent with, from the admin's API and from the client's
 * room alike: bytes, as an attachment, never sniffed, run or kept by a cache.
 */
export function downloadHeaders(name: string, size: number): Record<string, string> {
  return {
    'content-type': 'application/octet-stream',
    'content-disposition': attachmentDisposition(name),
    'content-length': String(size),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': 'no-store',
  }
}
