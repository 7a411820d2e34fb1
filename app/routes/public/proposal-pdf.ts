import type { Route } from './+types/proposal-pdf'
import { pdfDownload } from '#app/lib/pdf-download.server.ts'
import { pageContext } from '#app/context.ts'

/** The signed agreement's PDF behind a client's link (404 until it is signed), never cached. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, clientIp } = context.get(pageContext)
  const { proposals } = services
  return pdfDownload(async () => {
    await proposals.countAttempt(clientIp)
    return proposals.signedPdf(params.token)
  })
}
