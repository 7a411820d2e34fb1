import { describe, expect, it } from 'vitest'
import { stackSlices, summaryCards } from './summary.ts'

describe('summaryCards', () => {
  it('reads the four numbers from the aggregate shape', () => {
    const summary = {
      users: [{ numUsers: 7 }],
      websites: [
        { _id: 'MERN Stack', totalWebsites: 3 },
        { _id: 'Static site', totalWebsites: 2 },
      ],
      messages: [{ numMessages: 11 }],
    }
    expect(summaryCards(summary, 4)).toEqual([
      { label: 'Users', value: 7 },
      { label: 'Total Websites', value: 5 },
      { label: 'Website Stack', value: 2 },
      { label: 'Messages', value: 11, detail: '4 unread' },
    ])
  })

  it('shows zeros for an empty site', () => {
    expect(summaryCards({ users: [], websites: [], messages: [] }, 0).map((c) => c.value)).toEqual([
      0, 0, 0, 0,
    ])
  })

  it('leaves the unread line out when the messages could not be counted', () => {
    const messages = summaryCards({ users: [], websites: [], messages: [] }, null)[3]
    expect(messages).toEqual({ label: 'Messages', value: 0 })
  })
})

describe('stackSlices', () => {
  it('orders groups largest first and names an empty description', () => {
    const summary = {
      users: [],
      messages: [],
      websites: [
        { _id: 'Static site', totalWebsites: 1 },
        { _id: '', totalWebsites: 2 },
        { _id: 'MERN Stack', totalWebsites: 4 },
      ],
    }
    expect(stackSlices(summary)).toEqual([
      { label: 'MERN Stack', count: 4 },
      { label: 'Not described', count: 2 },
      { label: 'Static site', count: 1 },
    ])
  })
})
