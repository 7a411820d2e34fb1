const pad = (n: number) => String(n).padStart(2, '0')

/** A timestamp as MM-DD-YYYY in the viewer's time zone; an unreadable value is returned as it is. */
export function formatDate(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return `${pad(date.getMonth() + 1)}-${pad(date.getDate())}-${date.getFullYear()}`
}
