import { DEFAULT_WEBSITE, WEBSITES_PAGE_SIZE } from '#common/constants.ts'
import {
  SLUG_PATTERN,
  type Website,
  type WebsitesAdminPage,
  type WebsiteSearchPage,
  type WebsiteUpdateBody,
} from '#common/schemas/websites.ts'
import type { WebsiteRow } from '#server/db/schema.ts'
import { badRequest, conflict, notFound } from '#server/lib/http-errors.ts'
import { pageCount, pageWindow } from '#server/lib/pagination.ts'
import {
  isUniqueViolation,
  type WebsiteChanges,
  type WebsitesRepository,
} from './websites.repository.ts'

const DRAFT_ATTEMPTS = 5
const SLUG_TAKEN = 'Slug is already used by another website'

const websiteFields = (body: WebsiteUpdateBody): WebsiteChanges => ({
  name: body.name,
  slug: body.slug,
  image: body.image,
  language: body.language,
  languageDescription: body.languageDescription,
  description: body.description,
  link: body.link,
})

const toWebsite = (row: WebsiteRow): Website => ({
  _id: row.id,
  name: row.name,
  slug: row.slug,
  image: row.image,
  language: row.language,
  languageDescription: row.languageDescription,
  description: row.description,
  link: row.link,
})

/** `base` when free, else the first free `base-2`, `base-3`, ... */
export function nextFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken)
  if (!used.has(base)) return base
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`
    if (!used.has(candidate)) return candidate
  }
}

export function createWebsitesService({ repo }: { repo: WebsitesRepository }) {
  async function findOrThrow(row: Promise<WebsiteRow | undefined>): Promise<Website> {
    const found = await row
    if (!found) throw notFound('Website not found')
    return toWebsite(found)
  }

  async function pageOf(page: number) {
    const window = pageWindow(page, WEBSITES_PAGE_SIZE)
    const [rows, total] = await Promise.all([repo.findPage(window), repo.count()])
    return {
      websites: rows.map(toWebsite),
      total,
      page,
      pages: pageCount(total, WEBSITES_PAGE_SIZE),
    }
  }

  return {
    /** The public portfolio page, newest first. */
    async search(page: number): Promise<WebsiteSearchPage> {
      const { websites, total, pages } = await pageOf(page)
      return { websites, page, pages, countWebsites: total }
    },

    async listAdmin(page: number): Promise<WebsitesAdminPage> {
      const { websites, total, pages } = await pageOf(page)
      return { websites, totalWebsites: total, page, pages }
    },

    /** Throws 404 when no website has this id. */
    getById: (id: string) => findOrThrow(repo.findById(id)),

    /** Throws 404 when no website has this slug (a string that is no slug at all never reaches SQL). */
    getBySlug: (slug: string) =>
      findOrThrow(SLUG_PATTERN.test(slug) ? repo.findBySlug(slug) : Promise.resolve(undefined)),

    /**
     * Creates a website with the default values, under the first free slug of `new-website`,
     * `new-website-2`, ... Two admins creating at once both succeed: a lost race retries.
     */
    async createDraft(): Promise<Website> {
      for (let attempt = 1; ; attempt++) {
        const slug = nextFreeSlug(
          DEFAULT_WEBSITE.slug,
          await repo.slugsStartingWith(DEFAULT_WEBSITE.slug),
        )
        try {
          return toWebsite(await repo.insert({ ...DEFAULT_WEBSITE, slug }))
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= DRAFT_ATTEMPTS) throw error
        }
      }
    },

    /** Creates a complete website (demo content); throws 409 when the slug is taken. */
    async create(body: WebsiteUpdateBody): Promise<Website> {
      try {
        return toWebsite(await repo.insert(websiteFields(body)))
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(SLUG_TAKEN)
        throw error
      }
    },

    /** Throws 400 when the body's _id names another website, 404 for an unknown id, 409 when the slug is taken. */
    async update(id: string, body: WebsiteUpdateBody): Promise<Website> {
      if (body._id !== undefined && body._id !== id) {
        throw badRequest('_id: must match the website in the URL')
      }
      try {
        return await findOrThrow(repo.update(id, websiteFields(body)))
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(SLUG_TAKEN)
        throw error
      }
    },

    /** Throws 404 when no website has this id. */
    async remove(id: string): Promise<void> {
      if (!(await repo.delete(id))) throw notFound('Website not found')
    },

    /** Every public website page, for the sitemap. */
    async listSlugs(): Promise<{ slug: string; updatedAt: string }[]> {
      const rows = await repo.listSlugs()
      return rows.map((r) => ({ slug: r.slug, updatedAt: r.updatedAt.toISOString() }))
    },
  }
}

export type WebsitesService = ReturnType<typeof createWebsitesService>
