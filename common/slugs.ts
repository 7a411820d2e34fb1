/**
 * A slug made from a title, the same in the editor (shown as the owner types) and on the server
 * (stored when saved).
 */
import { TEXT_LIMITS } from './constants.ts'

/** Lower-case ASCII words joined by single hyphens ("Café & Co." -> "cafe-and-co"), else `fallback`. */
export function slugify(text: string, fallback: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, TEXT_LIMITS.short)
    .replace(/^-|-$/g, '')
  return slug || fallback
}
