import type { Route } from './+types/proposal-pdf'
import { pdfDownload } from '#app/lib/pdf-download.server.ts'

/** The signed agreement's PDF behind a client's link (404 until it is signed), never cached. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { proposals } = context.services
  return pdfDownload(async () => {
    await proposals.countAttempt(context.clientIp)
    return proposals.signedPdf(params.token)
  })
}
