/** The admin dashboard: its figures in the shape of the API's summary call (see the contract). */
import type { Summary } from '#common/schemas/summary.ts'
import type { InvoicesService } from '../invoices/invoices.service.ts'
import type { DashboardRepository } from './dashboard.repository.ts'

export function createDashboardService({
  repo,
  invoices,
}: {
  repo: DashboardRepository
  invoices: Pick<InvoicesService, 'figures'>
}) {
  return {
    async summary(): Promise<Summary> {
      const [figures, invoiced] = await Promise.all([repo.figures(), invoices.figures()])
      return {
        users: [{ numUsers: figures.users }],
        websites: figures.groups.map((group) => ({ _id: group.name, totalWebsites: group.total })),
        messages: [{ numMessages: figures.messages }],
        invoices: invoiced,
      }
    },
  }
}

export type DashboardService = ReturnType<typeof createDashboardService>
