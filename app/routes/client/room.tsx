import { data, Form, redirect } from 'react-router'
import type { Route } from './+types/room'
import { pageContext } from '#app/context.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { Badges, type BadgeItem } from '#app/components/ui/badges.tsx'
import { Button, buttonClasses } from '#app/components/ui/button.tsx'
import { CallTime } from '#app/features/booking/booking-parts.tsx'
import {
  Conversation,
  EmptyLine,
  FilesList,
  MessageForm,
  ProjectCard,
  RoomRow,
  RoomRows,
  RoomFigure,
  RoomSection,
  roomDay,
} from '#app/features/client-room/room-parts.tsx'
import { SignInLinkForm } from '#app/features/client-room/sign-in-link-form.tsx'
import { INVOICE_STATUS } from '#app/features/invoices/invoice-status.ts'
import { answerPublicForm, postedFields } from '#app/lib/public-form.server.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { useSiteSettings } from '#app/lib/site-settings.ts'
import { formatMoney } from '#common/money.ts'
import type { Invoice } from '#common/schemas/invoices.ts'
import {
  CLIENT_SIGN_IN_SENT,
  ClientRoomMessageBodySchema,
  ClientSignInBodySchema,
} from '#common/schemas/client-room.ts'
import type { ProposalStatus } from '#common/schemas/proposals.ts'

// A client's own room: never in search results, never kept by a cache.
export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Your client room', matches) },
  { name: 'robots', content: 'noindex' },
]

/** The room's cookie (set, renewed or cleared) and a refusal's Retry-After reach the browser. */
export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers(actionHeaders)
  const renewal = loaderHeaders.get('set-cookie')
  if (renewal && !headers.has('set-cookie')) headers.set('set-cookie', renewal)
  headers.set('x-robots-tag', 'noindex')
  headers.set('cache-control', 'private, no-store')
  return headers
}

/** What a client sees of a proposal's status. */
const PROPOSAL_STATUS: Record<Exclude<ProposalStatus, 'draft'>, BadgeItem> = {
  sent: { label: 'Waiting for your answer', tone: 'waiting' },
  accepted: { label: 'Signed', tone: 'live' },
  declined: { label: 'Declined', tone: 'neutral' },
}

/** An invoice with something left to pay (a credit note never has): its status says so. */
const isToPay = (invoice: Pick<Invoice, 'kind' | 'status'>) =>
  invoice.kind !== 'credit' &&
  (invoice.status === 'issued' ||
    invoice.status === 'partially_paid' ||
    invoice.status === 'overdue')

/** The earliest due date among open invoices. */
const firstDue = (open: readonly Invoice[]) =>
  open
    .map((i) => i.dueDate)
    .filter((day): day is string => day !== null)
    .sort()[0]

const callTime = (iso: string, zone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeStyle: 'short',
    timeZone: zone,
    timeZoneName: 'short',
  }).format(new Date(iso))

export async function loader({ request, context }: Route.LoaderArgs) {
  const { clientRoom } = context.get(pageContext).services
  const session = await clientRoom.sessionOf(request.headers.get('cookie'))
  if (!session) return { isSignedIn: false as const }
  const { client } = session
  const room = await clientRoom.room(client)
  return data(
    {
      isSignedIn: true as const,
      client: { name: client.name, company: client.company, email: client.email },
      ...room,
      fileOutcome: new URL(request.url).searchParams.get('file'),
    },
    { headers: session.renewal ? { 'set-cookie': session.renewal } : {} },
  )
}

type Answer =
  | { intent: 'sign-in'; ok: true; message: string }
  | { intent: 'sign-in'; ok: false; message: string; email: string }
  | { intent: 'message'; ok: true }
  | { intent: 'message'; ok: false; message: string }

export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(pageContext)
  const { clientRoom } = services
  const form = await request.formData()
  const intent = form.get('intent')
  if (intent === 'sign-out') {
    const { cookie } = await clientRoom.signOut(request.headers.get('cookie'))
    return redirect('/client?signed-out=1', { status: 303, headers: { 'set-cookie': cookie } })
  }
  if (intent === 'message') {
    const session = await clientRoom.sessionOf(request.headers.get('cookie'))
    if (!session) return redirect('/client', 303)
    return answerPublicForm({
      count: () => clientRoom.countPost(session.client),
      schema: ClientRoomMessageBodySchema,
      values: postedFields(form, ['message']),
      submit: (body) => clientRoom.writeMessage(session.client, body),
      accepted: (): Answer => ({ intent: 'message', ok: true }),
      refused: ({ message }): Answer => ({ intent: 'message', ok: false, message }),
    })
  }
  const { email } = postedFields(form, ['email'])
  return answerPublicForm({
    count: () => clientRoom.countSignInAttempt(clientIp),
    schema: ClientSignInBodySchema,
    values: { email },
    submit: (body) => clientRoom.requestSignIn(body),
    accepted: (): Answer => ({ intent: 'sign-in', ok: true, message: CLIENT_SIGN_IN_SENT }),
    refused: ({ message }): Answer => ({ intent: 'sign-in', ok: false, message, email }),
  })
}

export default function ClientRoomPage({ loaderData, actionData }: Route.ComponentProps) {
  const { ownerName, businessName } = useSiteSettings()
  const owner = ownerName || businessName
  if (!loaderData.isSignedIn) {
    const answer = actionData?.intent === 'sign-in' ? actionData : undefined
    return (
      <main id="main-content" className="flex-1 bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-2xl px-4 py-14 sm:px-6 sm:py-20">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
            Client room
          </p>
          <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900">
            Your project with {owner}, in one place
          </h1>
          <p className="mt-5 text-lg leading-8 text-slate-700">
            Proposals to sign, invoices to pay, your calls, the project&rsquo;s progress, files and
            messages. Enter the e-mail address {owner} knows you by, and we send you a link that
            signs you in: no password to remember.
          </p>
          {answer?.ok ? (
            <Alert kind="success" className="mt-8">
              {answer.message}
            </Alert>
          ) : (
            <SignInLinkForm
              className="mt-8"
              error={answer && !answer.ok ? answer.message : undefined}
              defaultEmail={answer && !answer.ok ? answer.email : undefined}
            />
          )}
        </div>
      </main>
    )
  }
  const { client, proposals, invoices, toPay, calls, projects, files, fileOutcome, conversation } =
    loaderData
  const messageAnswer = actionData?.intent === 'message' ? actionData : undefined
  const openBalance = invoices.filter(isToPay)
  const toSign = proposals.filter((p) => p.status === 'sent')
  return (
    <main id="main-content" className="flex-1 bg-slate-50">
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              Client room{client.company ? ` · ${client.company}` : ''}
            </p>
            <h1 className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl">
              Welcome, {client.name}
            </h1>
            <p className="mt-2 text-slate-700">
              Everything between you and {owner}, signed in as {client.email}.
            </p>
          </div>
          <Form method="post">
            <input type="hidden" name="intent" value="sign-out" />
            <Button type="submit" variant="secondary">
              Sign out
            </Button>
          </Form>
        </div>

        <div className="mt-8 grid gap-3 sm:grid-cols-3">
          <RoomFigure
            label="To pay"
            href={openBalance.length > 0 ? '#invoices' : undefined}
            value={
              toPay.length === 0
                ? 'Nothing'
                : toPay.map(({ amount, currency }) => formatMoney(amount, currency)).join(' + ')
            }
            detail={
              openBalance.length === 0
                ? 'Every invoice is settled.'
                : `${openBalance.length === 1 ? 'One invoice' : `${openBalance.length} invoices`}${
                    firstDue(openBalance)
                      ? `, the first due ${roomDay(firstDue(openBalance)!)}`
                      : ''
                  }`
            }
          />
          <RoomFigure
            label="Next call"
            href={calls[0] ? '#calls' : '/book'}
            value={calls[0] ? roomDay(calls[0].start) : 'None booked'}
            detail={
              calls[0]
                ? `${callTime(calls[0].start, calls[0].timeZone)} · ${calls[0].duration} minutes`
                : 'Book a time that suits you.'
            }
          />
          <RoomFigure
            label="Waiting for you"
            href={toSign.length > 0 ? '#proposals' : undefined}
            value={
              toSign.length === 0
                ? 'Nothing'
                : toSign.length === 1
                  ? 'One proposal'
                  : `${toSign.length} proposals`
            }
            detail={toSign.length === 0 ? 'No proposal to answer.' : 'To read and sign.'}
          />
        </div>

        <div className="mt-8 space-y-6">
          <RoomSection id="projects" title="Projects" count={projects.length}>
            {projects.length === 0 ? (
              <EmptyLine>No project yet: it shows here once the work starts.</EmptyLine>
            ) : (
              <ul className="divide-y divide-slate-200">
                {projects.map((project) => (
                  <ProjectCard key={project._id} project={project} />
                ))}
              </ul>
            )}
          </RoomSection>

          <RoomSection id="proposals" title="Proposals" count={proposals.length}>
            {proposals.length === 0 ? (
              <EmptyLine>No proposal yet.</EmptyLine>
            ) : (
              <RoomRows>
                {proposals.map((p) => (
                  <RoomRow
                    key={p._id}
                    title={p.title}
                    meta={
                      <>
                        {formatMoney(p.total, p.currency)}
                        {p.sentAt ? ` · sent ${roomDay(p.sentAt)}` : ''}
                        {p.status === 'sent' ? ` · valid until ${roomDay(p.validUntil)}` : ''}
                      </>
                    }
                    aside={
                      <>
                        {p.status !== 'draft' ? (
                          <Badges items={[PROPOSAL_STATUS[p.status]]} />
                        ) : null}
                        {p.url ? (
                          <a
                            href={p.url}
                            aria-label={`${p.status === 'sent' ? 'Read and sign' : 'Open'} ${p.title}`}
                            className={buttonClasses(
                              p.status === 'sent' ? 'primary' : 'secondary',
                              'sm',
                            )}
                          >
                            {p.status === 'sent' ? 'Read and sign' : 'Open'}
                          </a>
                        ) : null}
                      </>
                    }
                  />
                ))}
              </RoomRows>
            )}
          </RoomSection>

          <RoomSection id="invoices" title="Invoices" count={invoices.length}>
            {invoices.length === 0 ? (
              <EmptyLine>No invoice yet.</EmptyLine>
            ) : (
              <RoomRows>
                {invoices.map((i) => {
                  const isOpen = isToPay(i)
                  const noun = i.kind === 'credit' ? 'Credit note' : 'Invoice'
                  return (
                    <RoomRow
                      key={i._id}
                      title={`${noun} ${i.number}`}
                      meta={
                        <>
                          {formatMoney(i.total, i.currency)}
                          {i.issueDate ? ` · issued ${roomDay(i.issueDate)}` : ''}
                          {isOpen && i.dueDate ? ` · due ${roomDay(i.dueDate)}` : ''}
                          {isOpen ? (
                            <>
                              {' · '}
                              <strong className="text-slate-900">
                                {formatMoney(i.balance, i.currency)} to pay
                              </strong>
                            </>
                          ) : null}
                        </>
                      }
                      aside={
                        <>
                          <Badges items={[INVOICE_STATUS[i.status]]} />
                          {i.url ? (
                            <>
                              <a
                                href={i.url}
                                aria-label={`${isOpen ? 'Pay' : 'Open'} ${noun.toLowerCase()} ${i.number}`}
                                className={buttonClasses(isOpen ? 'primary' : 'secondary', 'sm')}
                              >
                                {isOpen ? 'Pay' : 'Open'}
                              </a>
                              <a
                                href={`${i.url}/pdf`}
                                aria-label={`PDF of ${noun.toLowerCase()} ${i.number}`}
                                className={buttonClasses('ghost', 'sm')}
                              >
                                PDF
                              </a>
                            </>
                          ) : null}
                        </>
                      }
                    />
                  )
                })}
              </RoomRows>
            )}
          </RoomSection>

          <RoomSection
            id="calls"
            title="Calls"
            count={calls.length}
            action={
              <a href="/book" className={buttonClasses('secondary', 'sm')}>
                Book a call
              </a>
            }
          >
            {calls.length === 0 ? (
              <EmptyLine>No call booked.</EmptyLine>
            ) : (
              <RoomRows>
                {calls.map((call) => (
                  <RoomRow
                    key={call.manageUrl}
                    title={<CallTime slot={call} zone={call.timeZone} />}
                    meta={`${call.duration} minutes${call.location ? ` · ${call.location}` : ''}`}
                    aside={
                      <a href={call.manageUrl} className={buttonClasses('secondary', 'sm')}>
                        Move or cancel
                      </a>
                    }
                  />
                ))}
              </RoomRows>
            )}
          </RoomSection>

          <RoomSection id="files" title="Files" count={files.length}>
            <FilesList files={files} outcome={fileOutcome} ownerName={owner} />
          </RoomSection>

          <RoomSection id="messages" title="Messages">
            <Conversation messages={conversation} clientName={client.name} ownerName={owner} />
            <MessageForm
              ownerName={owner}
              isSent={messageAnswer?.ok === true}
              error={messageAnswer && !messageAnswer.ok ? messageAnswer.message : undefined}
            />
          </RoomSection>
        </div>
      </div>
    </main>
  )
}
