import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '#app/lib/api-client.ts'
import { sendReply } from './messages.api.ts'

describe('sendReply', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('posts the reply and surfaces Failed to send reply on a 502', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(
        new Response(JSON.stringify({ message: 'Failed to send reply' }), { status: 502 }),
      )
    vi.stubGlobal('fetch', fetchMock)
    const body = {
      email: 'client@example.com',
      subject: 'Re: Quote',
      replyContent: 'Thanks!',
      messageId: '0b3a4c2e-6f11-4a57-9d1e-2b8f0c7a9e10',
    }
    const error = await sendReply(body).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ message: 'Failed to send reply', status: 502 })
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/api/messages/reply')
    expect(init?.method).toBe('POST')
    expect(JSON.parse(String(init?.body))).toEqual(body)
  })
})
