/**
 * The client's room (/client): a client signs in with a link mailed to their address and finds
 * their proposals, invoices, calls, projects, files and messages with the owner in one place.
 */
import { z } from 'zod'
import { TEXT_LIMITS } from '../constants.ts'
import { EmailSchema, requiredText } from './common.ts'

/** A sign-in link works once, for this long. */
export const CLIENT_SIGN_IN_TTL_MINUTES = 15
/** A room's session ends after this many days unused. */
export const CLIENT_SESSION_IDLE_DAYS = 30
/** The cookie that keeps a client's room open (HttpOnly, SameSite=Lax, Secure on https). */
export const CLIENT_SESSION_COOKIE = 'client_room'

export const ClientSignInBodySchema = z.object({ email: EmailSchema })
export type ClientSignInBody = z.infer<typeof ClientSignInBodySchema>

/** The same answer whether or not the address is a client's: the form tells nobody who is one. */
export const CLIENT_SIGN_IN_SENT =
  'If this address belongs to a client, a sign-in link is on its way to it. It works once, for the next 15 minutes.'
export const CLIENT_SIGN_IN_LINK_INVALID =
  'This sign-in link has expired or was already used. Enter your e-mail address for a new one.'

export const ClientRoomMessageBodySchema = z.object({
  message: requiredText('Message', TEXT_LIMITS.message),
})
export type ClientRoomMessageBody = z.infer<typeof ClientRoomMessageBodySchema>

/** The subject of a message written in the room, as the owner's inbox shows it. */
export const CLIENT_ROOM_MESSAGE_SUBJECT = 'Message from the client room'

/** A call the client booked that is still to come, with its manage link. */
export interface ClientCall {
  start: string
  end: string
  duration: number
  timeZone: string
  location: string
  manageUrl: string
}

/** One message of the client's conversation with the owner, with the owner's replies to it. */
export interface ClientRoomMessage {
  _id: string
  subject: string
  message: string
  createdAt: string
  replies: { text: string; sentAt: string }[]
}
