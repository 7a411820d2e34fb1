/**
 * drizzle/0038 on a database from before it (migrated up to 0037), as a running site has it: every
 * booking keeps its inquiry. One that had lost it (its inbox write failed, or the message was
 * deleted) gets one made from its own columns, as the app writes a booked call's inquiry, with no
 * contact notification due; one that had it keeps it; then the booking's own copies are gone.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { migrateDatabase } from '#server/db/migrate.ts'
import { bookings, messages } from '#server/db/schema.ts'
import { describeTime } from '#server/modules/mail/templates/booking.ts'
import { databaseMigratedBefore } from '#tests/helpers/migrated-database.ts'

const cleanups: (() => Promise<unknown>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

describe('drizzle/0038 on a database from before it', () => {
  it('gives every booking an inquiry made from its own columns, keeps the ones it had, and drops the copies', async () => {
    const database = await databaseMigratedBefore(38, cleanups)
    const { db } = database
    await db.execute(
      sql`insert into settings (key, value) values ('site', ${JSON.stringify({ booking: { timeZone: 'Europe/Berlin' } })})`,
    )
    // What the version before stored: a booking with its inquiry, and two whose inquiry is missing.
    const [kept] = rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into messages (full_name, email, subject, message, stage, notified_at)
        values ('Kim Kept', 'kim@old.test', 'Call booked: as it was', 'As it was.', 'call', now())
        returning id`),
    )
    const bookedAt = new Date('2026-03-20T12:00:00Z')
    const at = bookedAt.toISOString()
    const inserted = rowsOf<{ id: string; email: string }>(
      await db.execute(sql`
        insert into bookings (token, start_at, end_at, blocked_until, duration_minutes, name, email,
          time_zone, location, message, project_type, budget, timeline, message_id, created_at)
        values
          ('kept', '2026-03-23T09:00:00Z', '2026-03-23T09:30:00Z', '2026-03-23T09:40:00Z', 30,
            'Kim Kept', 'kim@old.test', 'UTC', '', null, null, null, null, ${kept!.id}, ${at}),
          ('with-words', '2026-03-24T09:00:00Z', '2026-03-24T09:30:00Z', '2026-03-24T09:40:00Z', 30,
            'Ada Orphan', 'ada@old.test', 'America/Chicago', 'https://meet.example/ada',
            'About my shop', 'New website', '5-10k', 'This quarter', null, ${at}),
          ('bare', '2026-04-03T13:00:00Z', '2026-04-03T13:45:00Z', '2026-04-03T13:55:00Z', 45,
            'Bo Orphan', 'bo@old.test', 'UTC', '', null, null, null, null, null, ${at})
        returning id, email`),
    )
    const idOf = (email: string) => inserted.find((row) => row.email === email)!.id

    await migrateDatabase(database)

    const inquiryOf = async (email: string) => {
      const [row] = await db
        .select({ booking: bookings, inquiry: messages })
        .from(bookings)
        .innerJoin(messages, eq(messages.id, bookings.messageId))
        .where(eq(bookings.id, idOf(email)))
      return row!
    }
    expect((await inquiryOf('kim@old.test')).inquiry).toMatchObject({
      id: kept!.id,
      subject: 'Call booked: as it was',
      message: 'As it was.',
    })

    const ada = await inquiryOf('ada@old.test')
    const adaTime = describeTime(ada.booking.startAt, ada.booking.endAt, 'Europe/Berlin')
    expect(adaTime).toBe('Tuesday 24 March 2026, 10:00–10:30 (Europe/Berlin)')
    expect(ada.inquiry).toMatchObject({
      fullName: 'Ada Orphan',
      email: 'ada@old.test',
      subject: `Call booked: ${adaTime}`,
      message: [
        `Ada Orphan booked a 30-minute call: ${adaTime}.`,
        'Their time zone: America/Chicago.',
        'Where: https://meet.example/ada',
        '',
        'About my shop',
      ].join('\n'),
      projectType: 'New website',
      budget: '5-10k',
      timeline: 'This quarter',
      stage: 'call',
      spam: false,
      createdAt: bookedAt,
      // The owner had the invitation: no contact notification is due for it.
      notifiedAt: bookedAt,
    })

    const bo = await inquiryOf('bo@old.test')
    // A one-digit day, in summer time.
    const boTime = describeTime(bo.booking.startAt, bo.booking.endAt, 'Europe/Berlin')
    expect(boTime).toBe('Friday 3 April 2026, 15:00–15:45 (Europe/Berlin)')
    expect(bo.inquiry).toMatchObject({
      subject: `Call booked: ${boTime}`,
      message: `Bo Orphan booked a 45-minute call: ${boTime}.\nTheir time zone: UTC.`,
      projectType: null,
      stage: 'call',
    })

    expect(await db.$count(messages)).toBe(3)
    const columns = rowsOf<{ column_name: string; is_nullable: string }>(
      await db.execute(
        sql`select column_name, is_nullable from information_schema.columns where table_name = 'bookings'`,
      ),
    )
    const names = columns.map((column) => column.column_name)
    for (const dropped of ['name', 'email', 'message', 'project_type', 'budget', 'timeline'])
      expect(names).not.toContain(dropped)
    expect(columns.find((column) => column.column_name === 'message_id')?.is_nullable).toBe('NO')
  })
})
