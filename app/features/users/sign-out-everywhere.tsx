import { useState } from 'react'
import { href, useNavigate } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { ApiError, messageOf } from '#app/lib/api-client.ts'
import { clearSession } from '#app/lib/session.ts'
import { toast } from '#app/lib/toast.tsx'
import { signOutEverywhere } from './users.api.ts'

/** Ends every session of the account on the server, this one included, then signs out here. */
export function SignOutEverywhere() {
  const navigate = useNavigate()
  const [isBusy, setBusy] = useState(false)

  async function signOutAll() {
    setBusy(true)
    try {
      const { message } = await signOutEverywhere()
      clearSession()
      toast.success(message)
      await navigate(href('/signin'))
    } catch (error) {
      // A 401 means this session had already ended (the api client has cleared it).
      if (error instanceof ApiError && error.status === 401) {
        await navigate(href('/signin'))
        return
      }
      toast.error(messageOf(error))
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="sessions-heading" className="mt-8 border-t border-slate-200 pt-6">
      <h2 id="sessions-heading" className="text-lg font-semibold text-slate-900">
        Sessions
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Signed in on a device you no longer have? End every session of this account, this one
        included. You will need your password to sign in again.
      </p>
      <Button
        variant="secondary"
        className="mt-4 w-full"
        disabled={isBusy}
        onClick={() => void signOutAll()}
      >
        {isBusy ? 'Signing out...' : 'Sign out everywhere'}
      </Button>
    </section>
  )
}
