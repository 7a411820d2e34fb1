/**
 * A document's PDF behind a client's link (a signed agreement, an invoice): the file as a download,
 * never cached nor indexed; a refusal (unknown link, too many attempts) as its status and text.
 */
import { refusalOf } from './public-form.server.ts'

export async function pdfDownload(
  make: () => Promise<{ pdf: Uint8Array; filename: string }>,
): Promise<Response> {
  try {
    const { pdf, filename } = await make()
    return new Response(new Uint8Array(pdf), {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': 'private, no-store',
        'x-robots-tag': 'noindex',
        'x-content-type-options': 'nosniff',
      },
    })
  } catch (error) {
    const { status, headers, message } = refusalOf(error)
    return new Response(message, {
      status,
      headers: {
        ...headers,
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'no-store',
      },
    })
  }
}
