/** The frame of the pages a mailed one-time link opens (newsletter confirm and unsubscribe, testimonial). */
export function TokenPageFrame({
  eyebrow,
  title,
  children,
}: {
  eyebrow: string
  title: string
  children: React.ReactNode
}) {
  return (
    <main id="main-content" className="flex-1 bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-2xl px-4 py-14 sm:px-6 sm:py-20">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{eyebrow}</p>
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900">
          {title}
        </h1>
        {children}
      </div>
    </main>
  )
}
