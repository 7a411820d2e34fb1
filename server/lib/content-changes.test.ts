import { describe, expect, it } from 'vitest'
import { createContentChanges } from './content-changes.ts'

/** A read that counts its calls and answers what `value` holds when it runs. */
function counted<T>(value: () => T) {
  const read = async (..._args: unknown[]) => {
    read.calls++
    return value()
  }
  read.calls = 0
  return read
}

describe('keep', () => {
  it('reads once and answers the same until a change is stored', async () => {
    const changes = createContentChanges()
    let stored = 'first'
    const read = counted(() => stored)
    const kept = changes.keep(read)
    expect(await kept()).toBe('first')
    stored = 'second'
    expect(await kept()).toBe('first')
    expect(read.calls).toBe(1)
    changes.changed()
    expect(await kept()).toBe('second')
    expect(read.calls).toBe(2)
  })

  it('keeps one answer per key', async () => {
    const changes = createContentChanges()
    const read = counted(() => 'page')
    const kept = changes.keep(read, (key: string) => key)
    await kept('about')
    await kept('faq')
    await kept('about')
    expect(read.calls).toBe(2)
  })

  it('keeps at most 100 keys, the least recently used leaving first', async () => {
    const changes = createContentChanges()
    const read = counted(() => 'page')
    const kept = changes.keep(read, (key: string) => key)
    await kept('popular')
    for (let i = 0; i < 99; i++) await kept(`made-up-${i}`)
    await kept('popular')
    await kept('one-more')
    expect(read.calls).toBe(101)
    await kept('popular')
    expect(read.calls).toBe(101)
    await kept('made-up-0')
    expect(read.calls).toBe(102)
  })

  it('never keeps a failed read', async () => {
    const changes = createContentChanges()
    let fails = true
    const kept = changes.keep(async () => {
      if (fails) throw new Error('no such slug')
      return 'found'
    })
    await expect(kept()).rejects.toThrow('no such slug')
    fails = false
    expect(await kept()).toBe('found')
  })

  it('does not keep a read that a change overtook', async () => {
    const changes = createContentChanges()
    let stored = 'before'
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let calls = 0
    const kept = changes.keep(async () => {
      calls++
      const seen = stored
      if (calls === 1) await gate
      return seen
    })
    const pending = kept()
    stored = 'after'
    changes.changed()
    release()
    expect(await pending).toBe('before')
    expect(await kept()).toBe('after')
  })

  it('ends what it kept when a scheduled change comes due, on the injected clock', async () => {
    let clock = new Date('2031-03-01T09:00:00Z')
    const changes = createContentChanges({ now: () => clock })
    let stored = 'no post yet'
    const read = counted(() => stored)
    const kept = changes.keep(read)
    const heard: string[] = []
    changes.onChange(() => heard.push('change'))
    await kept()
    changes.scheduleChange(new Date('2031-03-01T12:00:00Z'))
    stored = 'the scheduled post'
    clock = new Date('2031-03-01T11:59:59Z')
    expect(await kept()).toBe('no post yet')
    clock = new Date('2031-03-01T12:00:00Z')
    expect(await kept()).toBe('the scheduled post')
    expect(heard).toEqual(['change'])
  })
})

describe('changed', () => {
  it('is heard by every app over the same database object, and told to the other instances', async () => {
    const database = {}
    const a = createContentChanges({ database })
    const b = createContentChanges({ database })
    const elsewhere = createContentChanges({ database: {} })
    let stored = 1
    const readB = b.keep(counted(() => stored))
    const readElsewhere = elsewhere.keep(counted(() => stored))
    await readB()
    await readElsewhere()
    let published = 0
    a.publishTo(() => published++)
    stored = 2
    a.changed()
    expect(await readB()).toBe(2)
    expect(await readElsewhere()).toBe(1)
    expect(published).toBe(1)
    b.close()
    stored = 3
    a.changed()
    expect(await readB()).toBe(2)
  })

  it('heard from another instance, ends what was kept without telling anyone again', async () => {
    const changes = createContentChanges()
    let stored = 'old'
    const kept = changes.keep(counted(() => stored))
    let published = 0
    changes.publishTo(() => published++)
    await kept()
    stored = 'new'
    changes.heard()
    expect(await kept()).toBe('new')
    expect(published).toBe(0)
  })
})
