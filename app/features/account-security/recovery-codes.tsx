import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { toast } from '#app/lib/toast.tsx'

/** Recovery codes, shown once, with copy and download. */
export function RecoveryCodesList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`

  async function copy() {
    try {
      await navigator.clipboard.writeText(text)
      toast.success('Recovery codes copied')
    } catch {
      toast.error('Copying is not allowed here: select the codes and copy them by hand')
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }))
    const link = document.createElement('a')
    link.href = url
    link.download = 'recovery-codes.txt'
    link.click()
    URL.revokeObjectURL(url)
  }

  return (
    <div className="space-y-3">
      <Alert>
        Keep these recovery codes somewhere safe: each one signs you in once if you lose your
        authenticator app. They are shown only now.
      </Alert>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button variant="secondary" size="sm" onClick={download}>
          Download codes
        </Button>
        <Button size="sm" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  )
}
