/**
 * Every column of the schema that can hold an image path is marked `images` or `none` in
 * IMAGE_COLUMNS, so the sweep of unused uploads cannot miss a place a feature stores them. The
 * planted table shows that the check names the columns nobody decided on.
 */
import {
  boolean,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { SCHEMA_TABLES, tablesIn } from '#server/db/schema-tables.ts'
import * as schema from '#server/db/schema.ts'
import { IMAGE_COLUMNS, IMAGE_REFERENCES, imageColumnProblems } from './image-references.ts'

describe('IMAGE_COLUMNS', () => {
  it('decides on every text column of the schema', () => {
    expect(imageColumnProblems(SCHEMA_TABLES, IMAGE_COLUMNS)).toEqual([])
  })

  it('names each text column of a table added without entries, and no other column', () => {
    const galleries = pgTable('galleries', {
      id: uuid('id').primaryKey(),
      cover: text('cover').notNull(),
      caption: varchar('caption', { length: 200 }),
      shots: text('shots').array(),
      layout: jsonb('layout'),
      position: integer('position'),
      published: boolean('published'),
      createdAt: timestamp('created_at'),
    })
    const problems = imageColumnProblems(tablesIn({ ...schema, galleries }), IMAGE_COLUMNS)
    expect(problems.map((problem) => problem.split(' ')[0])).toEqual([
      'galleries.cover',
      'galleries.caption',
      'galleries.shots',
      'galleries.layout',
    ])
    expect(problems[0]).toBe(
      'galleries.cover (text) may hold an image path: mark it "images" or "none" in IMAGE_COLUMNS (server/modules/uploads/image-references.ts)',
    )
  })

  it('names a new text column of a table that has entries', () => {
    const faqs = pgTable('faqs', {
      id: uuid('id').primaryKey(),
      question: text('question').notNull(),
      answer: text('answer').notNull(),
      illustration: text('illustration'),
    })
    const others = SCHEMA_TABLES.filter((table) => table !== schema.faqs)
    expect(imageColumnProblems([...others, faqs], IMAGE_COLUMNS)).toEqual([
      expect.stringMatching(/^faqs\.illustration \(text\) may hold an image path/),
    ])
  })

  it('names entries for a table or column the schema does not have', () => {
    const columns = { ...IMAGE_COLUMNS, faqs: { ...IMAGE_COLUMNS.faqs, photo: 'images' as const } }
    expect(imageColumnProblems(SCHEMA_TABLES, { ...columns, albums: {} })).toEqual([
      'IMAGE_COLUMNS names faqs.photo, which is no column of the table',
      'IMAGE_COLUMNS names "albums", which is no table of server/db/schema.ts',
    ])
  })

  it('gives the sweep one query per column marked "images"', () => {
    const marked = Object.values(IMAGE_COLUMNS).flatMap((uses) =>
      Object.values(uses).filter((use) => use === 'images'),
    )
    expect(IMAGE_REFERENCES).toHaveLength(marked.length)
  })
})
