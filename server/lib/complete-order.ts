/**
 * The check behind every "set the order" call of an ordered list (FAQ, testimonials): the given
 * ids must name each stored row exactly once, so a stale screen or a hand-made request can neither
 * drop a row from the list nor duplicate one.
 */
import { badRequest } from './http-errors.ts'

/** Throws 400 (`ids must list every <what> exactly once`) unless `ids` is a reordering of `stored`. */
export function assertCompleteOrder(ids: string[], stored: string[], what: string): void {
  const known = new Set(stored)
  const given = new Set(ids)
  if (given.size !== ids.length || given.size !== known.size || ids.some((id) => !known.has(id)))
    throw badRequest(`ids must list every ${what} exactly once`)
}
