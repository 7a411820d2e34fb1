/** The signed-in person's controls, shared by the site header and the admin shell. */
import { href, useNavigate } from 'react-router'
import { cn } from '#app/lib/cn.ts'
import { endSessionOnServer } from '#app/lib/page-behaviour.ts'
import { clearSession, getSession } from '#app/lib/session.ts'

export function SignOutButton({ className }: { className?: string }) {
  const navigate = useNavigate()
  return (
    <button
      type="button"
      className={className}
      data-sign-out=""
      onClick={() => {
        const token = getSession()?.token
        if (token) endSessionOnServer(token)
        clearSession()
        void navigate(href('/signin'))
      }}
    >
      Sign Out
    </button>
  )
}

/** The first letter of a name in a round badge: the account's avatar. */
export function Avatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-session-initial=""
      className={cn(
        'flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-accent text-xs font-bold text-on-accent',
        className,
      )}
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  )
}

export function UserSummary({ name }: { name: string }) {
  return (
    <>
      <Avatar name={name} />
      <span className="max-w-20 truncate xl:max-w-36" data-session-name="">
        {name}
      </span>
    </>
  )
}
