/** The admin dashboard: its figures in the shape of the API's summary call (see the contract). */
import type { Summary } from '#common/schemas/summary.ts'
import type { DashboardRepository } from './dashboard.repository.ts'

export function createDashboardService({ repo }: { repo: DashboardRepository }) {
  return {
    async summary(): Promise<Summary> {
      const figures = await repo.figures()
      return {
        users: [{ numUsers: figures.users }],
        websites: figures.groups.map((group) => ({ _id: group.name, totalWebsites: group.total })),
        messages: [{ numMessages: figures.messages }],
      }
    },
  }
}

export type DashboardService = ReturnType<typeof createDashboardService>
