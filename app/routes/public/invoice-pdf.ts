import type { Route } from './+types/invoice-pdf'
import { pdfDownload } from '#app/lib/pdf-download.server.ts'
import { pageContext } from '#app/context.ts'

/** An issued invoice's PDF behind a client's link, never cached. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, clientIp } = context.get(pageContext)
  const { invoices } = services
  return pdfDownload(async () => {
    await invoices.countView(clientIp)
    return invoices.pdfForClient(params.token)
  })
}
