import type { Route } from './+types/invoice-pdf'
import { pdfDownload } from '#app/lib/pdf-download.server.ts'

/** An issued invoice's PDF behind a client's link, never cached. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { invoices } = context.services
  return pdfDownload(async () => {
    await invoices.countView(context.clientIp)
    return invoices.pdfForClient(params.token)
  })
}
