const UNITS = ['bytes', 'KB', 'MB', 'GB'] as const

/** A file size for people: 512 -> "512 bytes", 1536 -> "1.5 KB", 20_000_000 -> "19 MB". */
export function formatSize(bytes: number): string {
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10
  return `${shown} ${UNITS[unit]}`
}
