/**
 * The client's room as the owner sees it on the client's screen: where the client signs in, a
 * sign-in link sent on the owner's word (intent `send-room-link`), and every session of the
 * client ended at once (intent `end-room-sessions`), for a lost phone or a shared computer.
 */
import { Form } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { Panel } from '#app/components/ui/panel.tsx'
import type { Client } from '#common/schemas/clients.ts'

export function ClientRoomPanel({ client, roomUrl }: { client: Client; roomUrl: string }) {
  return (
    <Panel
      title="Client room"
      subtitle={
        <>
          {client.name} signs in at{' '}
          <a href={roomUrl} className="font-medium text-brand-700 underline underline-offset-2">
            {roomUrl}
          </a>{' '}
          with {client.email}: a link by mail, no password. The room shows their proposals,
          invoices, calls, projects, files and messages.
        </>
      }
    >
      <div className="flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="intent" value="send-room-link" />
          <Button type="submit" variant="secondary">
            Send a sign-in link
          </Button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="end-room-sessions" />
          <Button type="submit" variant="ghost">
            End the room&rsquo;s sessions
          </Button>
        </Form>
      </div>
    </Panel>
  )
}
