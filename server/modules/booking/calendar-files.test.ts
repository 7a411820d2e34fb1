import ICAL from 'ical.js'
import { describe, expect, it } from 'vitest'
import { feedFile, invitationFile, type CalendarBooking } from './calendar-files.ts'

const STAMP = new Date('2026-03-20T12:00:00Z')
const ORGANIZER = { name: 'Alex Rivera', email: 'owner@booking.test' }

function bookingWith(name: string): CalendarBooking {
  return {
    id: '3b241101-e2bb-4255-8caf-4136c566a962',
    startAt: new Date('2026-03-23T09:00:00Z'),
    endAt: new Date('2026-03-23T09:30:00Z'),
    status: 'confirmed',
    name,
    email: 'visitor@booking.test',
    location: '',
    sequence: 0,
  }
}

/** Each event's attendees and organizer as a calendar app reads them: name and address. */
function partiesOf(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content))
  return calendar.getAllSubcomponents('vevent').map((event) => {
    const party = (property: ICAL.Property) => ({
      name: property.getParameter('cn'),
      address: String(property.getFirstValue()).replace(/^mailto:/i, ''),
    })
    return {
      organizer: event.getAllProperties('organizer').map(party),
      attendees: event.getAllProperties('attendee').map(party),
    }
  })
}

describe('invitationFile and feedFile', () => {
  it.each([
    ['a quote closing the name', 'Eve";CN=Mallory:mailto:attacker@evil.example'],
    ['an escaped quote', 'Eve\\";CN=x:mailto:attacker@evil.example'],
    ['a line break', 'Eve\r\nATTENDEE:mailto:attacker@evil.example'],
    ['a caret', 'Eve ^n^^ Smith'],
  ])('keep the visitor and the owner the only parties for a name with %s', (_, name) => {
    const booking = bookingWith(name)
    const invitation = invitationFile(booking, {
      host: 'site.test',
      organizer: { ...ORGANIZER, name },
      summary: 'Call',
      manageUrl: 'http://site.test/booking/token',
      stamp: STAMP,
    })
    const feed = feedFile([booking], {
      host: 'site.test',
      organizer: ORGANIZER,
      name,
      stamp: STAMP,
    })
    for (const content of [invitation.content, feed]) {
      const [event, ...others] = partiesOf(content)
      expect(others).toEqual([])
      expect(event!.attendees).toHaveLength(1)
      expect(event!.attendees[0]!.address).toBe('visitor@booking.test')
      expect(event!.organizer).toHaveLength(1)
      expect(event!.organizer[0]!.address).toBe('owner@booking.test')
    }
  })

  it('gives the name back whole to a reader of RFC 6868 parameters', () => {
    const name = 'Zoë "Z" O\'Brien ^ Smith'
    const { content } = invitationFile(bookingWith(name), {
      host: 'site.test',
      organizer: ORGANIZER,
      summary: 'Call',
      manageUrl: 'http://site.test/booking/token',
      stamp: STAMP,
    })
    expect(partiesOf(content)[0]!.attendees[0]!.name).toBe(name)
  })
})
