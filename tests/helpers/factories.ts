/** Test data with unique e-mails and slugs; rows go straight to the database (set-up only). */
import { randomUUID } from 'node:crypto'
import { hashPassword } from '#server/lib/passwords.ts'
import {
  messages,
  users,
  websites,
  type MessageRow,
  type UserRow,
  type WebsiteRow,
} from '#server/db/schema.ts'
import type { TestApp } from './test-app.ts'

export const TEST_PASSWORD = 'Str0ng!Passw0rd'
const unique = () => randomUUID().slice(0, 8)

let cachedHash: Promise<string> | undefined
const testPasswordHash = () => (cachedHash ??= hashPassword(TEST_PASSWORD))

export async function makeUser(
  app: TestApp,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
): Promise<UserRow & { password: string }> {
  const { password = TEST_PASSWORD, ...rest } = overrides
  const passwordHash =
    password === TEST_PASSWORD ? await testPasswordHash() : await hashPassword(password)
  const [row] = await app.database.db
    .insert(users)
    .values({
      name: `User ${unique()}`,
      email: `user-${unique()}@example.com`,
      passwordHash,
      ...rest,
    })
    .returning()
  return { ...row!, password }
}

export const makeAdmin = (app: TestApp, overrides: Parameters<typeof makeUser>[1] = {}) =>
  makeUser(app, { isAdmin: true, name: `Admin ${unique()}`, ...overrides })

/**
 * Tells the app that public content changed behind its services' back, as a service says after its
 * own writes: its kept public reads and response cache read again (server/lib/content-changes.ts).
 */
export const announceChange = (app: TestApp) => app.services.contentChanges.changed()

/** A website row; the app hears of it unless `isAnnounced` is false (a test of what keeps answers). */
export async function makeWebsite(
  app: TestApp,
  overrides: Partial<typeof websites.$inferInsert> = {},
  { isAnnounced = true } = {},
): Promise<WebsiteRow> {
  const id = unique()
  const [row] = await app.database.db
    .insert(websites)
    .values({
      name: `Site ${id}`,
      slug: `site-${id}`,
      image: '/images/default.jpg',
      language: 'React',
      languageDescription: 'MERN',
      description: `A portfolio site ${id}`,
      link: `https://site-${id}.example.com`,
      ...overrides,
    })
    .returning()
  if (isAnnounced) announceChange(app)
  return row!
}

export async function makeMessage(
  app: TestApp,
  overrides: Partial<typeof messages.$inferInsert> = {},
): Promise<MessageRow> {
  const id = unique()
  const [row] = await app.database.db
    .insert(messages)
    .values({
      fullName: `Visitor ${id}`,
      email: `visitor-${id}@example.com`,
      subject: `Question ${id}`,
      message: `Hello, I would like a website (${id}).`,
      ...overrides,
    })
    .returning()
  return row!
}
