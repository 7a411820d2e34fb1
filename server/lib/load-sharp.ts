/**
 * sharp (libvips) loads with the first image the server makes (an upload, the demo content), not
 * with every start: its native library is a large share of an idle server's memory
 * (docs/decisions/009-embedded-database-memory.md). Every use of sharp goes through here.
 *
 * libvips keeps, by default, up to 50 MB of decoded images and operations in a cache and runs a
 * thread per core for each image, whose allocations stay resident after the image is done. The
 * server makes an image when the owner uploads one, never in a hurry: no cache and one thread.
 * With them, `npm run bench` (an image uploaded before the load) peaks at 230 MB under load.
 */
let configured = false

export async function loadSharp() {
  const { default: sharp } = await import('sharp')
  if (!configured) {
    sharp.cache(false)
    sharp.concurrency(1)
    configured = true
  }
  return sharp
}
