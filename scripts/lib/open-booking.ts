/**
 * Booking a call is off on a fresh install, so /book only says so. The measuring scripts turn it on
 * first (as the owner would, through the settings), so what they measure is the page visitors use:
 * the calendar and the times.
 */

/** Signs in as `admin` and turns booking on with the settings' own hours, zone and lengths. */
export async function openBooking(
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
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const current = await fetch(`${serverUrl}/api/settings`, { headers })
  if (!current.ok) throw new Error(`reading the settings: HTTP ${current.status}`)
  const settings = (await current.json()) as { booking: Record<string, unknown> }
  const saved = await fetch(`${serverUrl}/api/settings`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ ...settings, booking: { ...settings.booking, enabled: true } }),
  })
  if (!saved.ok) throw new Error(`turning booking on: HTTP ${saved.status} ${await saved.text()}`)
}
