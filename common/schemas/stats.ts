import { z } from 'zod'

/** The ranges the visit statistics cover, in days back from today (UTC), today included. */
export const STATS_RANGES = { '7d': 7, '30d': 30, '365d': 365 } as const
export type StatsRange = keyof typeof STATS_RANGES

/**
 * How many rows each top list (pages, sources, campaigns, countries) has at most, "Other"
 * included: with more keys than that, the top STATS_TOP_LIMIT - 1 and one row named STATS_OTHER
 * summing the rest (a campaign's source, medium and campaign all say so).
 */
export const STATS_TOP_LIMIT = 20
export const STATS_OTHER = 'Other'

const DEVICES = ['mobile', 'tablet', 'desktop'] as const
const DeviceSchema = z.enum(DEVICES)
export type Device = z.infer<typeof DeviceSchema>

const CampaignSchema = z.object({
  source: z.string(),
  medium: z.string(),
  campaign: z.string(),
})

/** The counted visit a contact message was sent in, as the owner sees it on the message. */
export const MessageVisitSchema = z.object({
  landingPage: z.string(),
  /** The referrer's host, "Direct" when there was none. */
  source: z.string(),
  campaign: CampaignSchema.nullable(),
  /** Page views in the visit before the message was sent. */
  pagesSeen: z.number().int(),
  device: DeviceSchema,
})
export type MessageVisit = z.infer<typeof MessageVisitSchema>

export const StatsQuerySchema = z.object({
  range: z.enum(['7d', '30d', '365d'], { error: 'Range must be one of 7d, 30d or 365d' }),
})

const counts = { visitors: z.number().int(), pageviews: z.number().int() }

export const StatsSchema = z.object({
  range: StatsQuerySchema.shape.range,
  visitors: z.number().int(),
  pageviews: z.number().int(),
  /** One entry per day of the range, oldest first. */
  series: z.array(z.object({ date: z.string(), ...counts })),
  topPages: z.array(z.object({ path: z.string(), ...counts })),
  sources: z.array(z.object({ source: z.string(), visitors: z.number().int() })),
  campaigns: z.array(CampaignSchema.extend({ visitors: z.number().int() })),
  devices: z.array(z.object({ device: DeviceSchema, visitors: z.number().int() })),
  /** Only when a proxy in front says where visitors are (a country header). */
  countries: z.array(z.object({ country: z.string(), visitors: z.number().int() })),
  conversions: z.object({
    /** Contact messages sent in counted visits. */
    messages: z.number().int(),
    /** Visitors who sent a contact message / visitors, 0..1. */
    rate: z.number(),
  }),
})
export type Stats = z.infer<typeof StatsSchema>
