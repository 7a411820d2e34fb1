/**
 * Fetches one portfolio link through the outbound fetcher (server/lib/outbound-fetch.ts, which
 * keeps it to the public internet) and describes its health: the final status and address, the
 * time to the answer, the fewest days any hop's certificate has left, and whether the owner's
 * keyword is on the page. The body is read only to look for the keyword, and never past
 * PROBE_MAX_BYTES. Never throws: every failure becomes the result's `error`.
 */
import type { IncomingMessage } from 'node:http'
import {
  answeredText,
  fetchOutbound,
  OutboundError,
  type OutboundOptions,
} from '#server/lib/outbound-fetch.ts'

const PROBE_MAX_BYTES = 256 * 1024

export interface ProbeOptions extends OutboundOptions {
  /** Text that must appear on the final page (case-insensitive); empty: no keyword check. */
  keyword?: string
}

export interface ProbeResult {
  ok: boolean
  status: number | null
  finalUrl: string | null
  ms: number | null
  tlsDaysLeft: number | null
  error: string | null
}

/** Reads up to PROBE_MAX_BYTES of the body and says whether `keyword` occurs in it. */
async function bodyContains(response: IncomingMessage, keyword: string): Promise<boolean> {
  const needle = keyword.toLowerCase()
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of response as AsyncIterable<Buffer>) {
    chunks.push(chunk)
    size += chunk.length
    if (size >= PROBE_MAX_BYTES) break
  }
  response.destroy()
  const text = Buffer.concat(chunks).subarray(0, PROBE_MAX_BYTES).toString('utf8')
  return text.toLowerCase().includes(needle)
}

/** Checks `link` as a visitor's browser would reach it; see the file header. */
export async function probeLink(link: string, options: ProbeOptions): Promise<ProbeResult> {
  const started = performance.now()
  const result: ProbeResult = {
    ok: false,
    status: null,
    finalUrl: null,
    ms: null,
    tlsDaysLeft: null,
    error: null,
  }
  const noteTls = (days: number | null | undefined) => {
    if (days === null || days === undefined) return
    result.tlsDaysLeft = result.tlsDaysLeft === null ? days : Math.min(result.tlsDaysLeft, days)
  }
  const fetched = await fetchOutbound(
    link,
    options,
    async ({ url, response }) => {
      result.finalUrl = url.href
      result.ms = Math.round(performance.now() - started)
      if ((response.statusCode ?? 0) >= 400) {
        response.destroy()
        return answeredText(response)
      }
      const keyword = options.keyword?.trim()
      if (keyword && !(await bodyContains(response, keyword))) {
        return `The page does not contain "${keyword}"`
      }
      response.destroy()
      return null
    },
    ({ response, tlsDaysLeft }) => {
      result.status = response.statusCode ?? null
      noteTls(tlsDaysLeft)
    },
  )
  if (fetched.error !== undefined) {
    if (fetched.cause instanceof OutboundError) noteTls(fetched.cause.tlsDaysLeft)
    return { ...result, finalUrl: fetched.url, error: fetched.error }
  }
  return { ...result, ok: fetched.value === null, error: fetched.value }
}
