/** The signed-in person's controls, shared by the site header and the admin shell. */
import { href, useNavigate } from 'react-router'
import { cn } from '#app/lib/cn.ts'
import { endSessionOnServer } from '#app/lib/page-behaviour.ts'
import { clearSession, getSession, useSession } from '#app/lib/session.ts'
import { DropdownMenu } from './header-menus.tsx'
import { PROFILE_ITEM } from './site-nav.ts'

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

function UserSummary({ name }: { name: string }) {
  return (
    <>
      <Avatar name={name} />
      <span className="max-w-20 truncate xl:max-w-36" data-session-name="">
        {name}
      </span>
    </>
  )
}

/** The header's account menu: the avatar and name, the profile, and Sign Out. */
export function AccountMenu() {
  const session = useSession()
  return (
    <DropdownMenu
      label="Account"
      summary={<UserSummary name={session?.name ?? ''} />}
      items={[PROFILE_ITEM]}
      align="right"
    >
      <li>
        <SignOutButton className="menu-item" />
      </li>
    </DropdownMenu>
  )
}
