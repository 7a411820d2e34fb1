/** What every published content type (portfolio entries, journal posts) shares: its address. */
import { z } from 'zod'
import { TEXT_LIMITS } from '../constants.ts'
import { requiredText, text } from './common.ts'

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/

/** A slug an owner types: lower-case words joined by single hyphens. */
export const SlugSchema = requiredText('Slug', TEXT_LIMITS.short).regex(SLUG_PATTERN, {
  error: 'Slug may contain only lowercase letters, digits and single dashes between them',
})

/** A slug in a public address: any text, so an unknown one answers 404 rather than 400. */
export const SlugParamsSchema = z.object({
  slug: text('Slug', TEXT_LIMITS.short, { trim: false }),
})
