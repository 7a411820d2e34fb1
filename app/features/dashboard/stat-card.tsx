import type { SummaryCard } from './summary.ts'

export function StatCard({ card }: { card: SummaryCard }) {
  return (
    <div className="rounded-xl border border-l-4 border-slate-200 border-l-brand-700 bg-white p-5 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{card.label}</dt>
      <dd className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{card.value}</dd>
      {card.detail ? (
        <dd className="mt-1 text-sm font-semibold text-brand-800">{card.detail}</dd>
      ) : null}
    </div>
  )
}
