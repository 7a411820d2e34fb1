/**
 * A fresh install is nobody's site yet: booking is off, and there is no logo, portrait or font of
 * the owner's. The measuring scripts (page weight, Lighthouse) first do what an owner does on day
 * one, through the same API, so what they measure is a site in use: /book with its calendar, the
 * owner's logo in every header, their portrait on the home and about pages, and a font pair served
 * by the site itself.
 */
import sharp from 'sharp'

/** A pair of downloaded fonts (not the system pair), so their weight and loading are measured. */
const FONT_PAIR = 'fraunces-inter'

/** A picture as the owner would upload it: a photograph-sized image with some detail. */
async function picture(width: number, height: number, hue: string): Promise<Blob> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${hue}"/><stop offset="1" stop-color="#f8fafc"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height / 2.6}" r="${width / 5}" fill="#0f172a" opacity="0.55"/>
  </svg>`
  const png = await sharp(Buffer.from(svg)).png().toBuffer()
  return new Blob([new Uint8Array(png)], { type: 'image/png' })
}

export async function makeItTheOwners(
  serverUrl: string,
  admin: { email: string; password: string },
): Promise<void> {
  const signIn = await fetch(`${serverUrl}/api/users/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  })
  if (!signIn.ok) throw new Error(`admin sign-in failed: HTTP ${signIn.status}`)
  const { token } = (await signIn.json()) as { token: string }
  const authorization = `Bearer ${token}`

  async function upload(image: Blob, name: string): Promise<string> {
    const body = new FormData()
    body.append('image', image, name)
    const res = await fetch(`${serverUrl}/api/upload`, {
      method: 'POST',
      headers: { authorization },
      body,
    })
    if (!res.ok) throw new Error(`uploading ${name}: HTTP ${res.status} ${await res.text()}`)
    return (await res.json()) as string
  }
  const [logo, portrait] = await Promise.all([
    upload(await picture(512, 512, '#1d4ed8'), 'logo.png'),
    upload(await picture(900, 1100, '#b45309'), 'portrait.png'),
  ])

  const headers = { authorization, 'content-type': 'application/json' }
  const current = await fetch(`${serverUrl}/api/settings`, { headers })
  if (!current.ok) throw new Error(`reading the settings: HTTP ${current.status}`)
  const settings = (await current.json()) as { booking: Record<string, unknown> }
  const saved = await fetch(`${serverUrl}/api/settings`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({
      ...settings,
      logo,
      portrait,
      fontPair: FONT_PAIR,
      booking: { ...settings.booking, enabled: true },
    }),
  })
  if (!saved.ok)
    throw new Error(`saving the owner's settings: HTTP ${saved.status} ${await saved.text()}`)
}
