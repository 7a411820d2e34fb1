import { useRevalidator } from 'react-router'
import type { SignedInSession } from '#common/schemas/account-security.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { answerMessage, runIntent } from '#app/lib/form.ts'
import type { Settled } from '#app/lib/settle.ts'
import { endSession } from './account-security.api.ts'
import { formatWhen, ProfileList, ProfileListRow, ProfileSection } from './profile-section.tsx'

/** Where the account is signed in, "this device" first; any other one can be ended. */
export function SessionsSection({ list }: { list: Settled<SignedInSession[]> }) {
  const { revalidate: refresh } = useRevalidator()
  const sessions = list.ok
    ? [...list.value].sort((a, b) => Number(b.current) - Number(a.current))
    : null

  async function end(session: SignedInSession) {
    if (await runIntent(() => endSession(session._id), answerMessage)) await refresh()
  }

  return (
    <ProfileSection
      title="Signed-in devices"
      intro="Each place this account is signed in. End any you do not recognise."
    >
      {list.ok ? null : <Alert kind="error">{list.message}</Alert>}
      {sessions ? (
        <ProfileList label="Signed-in devices">
          {sessions.map((session) => (
            <ProfileListRow
              key={session._id}
              title={
                <>
                  {session.device}
                  {session.place ? ` · ${session.place}` : ''}
                  {session.current ? (
                    <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                      This device
                    </span>
                  ) : null}
                </>
              }
              detail={`Signed in ${formatWhen(session.createdAt)}, last seen ${formatWhen(session.lastSeenAt)}`}
              action={
                session.current ? null : (
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`End the session on ${session.device}`}
                    onClick={() => void end(session)}
                  >
                    End
                  </Button>
                )
              }
            />
          ))}
        </ProfileList>
      ) : null}
    </ProfileSection>
  )
}
