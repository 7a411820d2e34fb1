import type { Summary } from '#common/schemas/summary.ts'
import { apiRequest } from '#app/lib/api-client.ts'

export const getSummary = () => apiRequest<Summary>('/api/summary/summary')
