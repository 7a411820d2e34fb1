/**
 * sharp (libvips) loads with the first image the server makes (an upload, the demo content), not
 * with every start: its native library is a large share of an idle server's memory
 * (docs/decisions/009-embedded-database-memory.md). Every use of sharp goes through here.
 */
export async function loadSharp() {
  const { default: sharp } = await import('sharp')
  return sharp
}
