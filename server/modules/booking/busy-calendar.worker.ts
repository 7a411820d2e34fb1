/**
 * The worker thread that reads one busy-calendar feed (busy-calendar.ts) and posts back its busy
 * times or why it was refused, then ends. Started by busy-calendar-reader.ts, once per read.
 */
import { parentPort, workerData } from 'node:worker_threads'
import {
  BusyCalendarRefusal,
  NOT_ICALENDAR,
  readBusyTimes,
  type BusyCalendarRequest,
} from './busy-calendar.ts'

/** What the worker posts back. */
export type BusyCalendarReply = { read: ReturnType<typeof readBusyTimes> } | { error: string }

let reply: BusyCalendarReply
try {
  reply = { read: readBusyTimes(workerData as BusyCalendarRequest) }
} catch (err) {
  reply = { error: err instanceof BusyCalendarRefusal ? err.message : NOT_ICALENDAR }
}
parentPort?.postMessage(reply)
