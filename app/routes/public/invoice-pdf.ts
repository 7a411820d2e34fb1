import type { Route } from './+types/invoice-pdf'
import { refusalOf } from '#app/lib/public-form.server.ts'

/** An issued invoice's PDF behind a client's link, never cached. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { invoices } = context.services
  try {
    await invoices.countView(context.clientIp)
    const { pdf, filename } = await invoices.pdfForClient(params.token)
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
