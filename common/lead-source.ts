/**
 * Where a contact message's sender came from, as the owner reads it wherever a message is shown:
 * the inbox's visit summary, the CSV export and the new-message notification.
 */
import type { MessageVisit } from './schemas/stats.ts'

/** The campaign tags given (source / medium / campaign), or null when the visit carried none. */
export function campaignLabel(campaign: MessageVisit['campaign']): string | null {
  if (!campaign) return null
  return [campaign.source, campaign.medium, campaign.campaign].filter(Boolean).join(' / ') || null
}

/** The visit's lead source: the referrer's host ("Direct" without one) and its campaign. */
export const leadSource = (visit: MessageVisit) => ({
  source: visit.source,
  campaign: campaignLabel(visit.campaign),
})
