import type { Stats, StatsRange } from '#common/schemas/stats.ts'
import { apiRequest } from '#app/lib/api-client.ts'

export const getStats = (range: StatsRange) =>
  apiRequest<Stats>(`/api/stats?range=${encodeURIComponent(range)}`)
