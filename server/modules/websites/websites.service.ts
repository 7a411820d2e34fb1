import { DEFAULT_WEBSITE, FEATURED_WEBSITES_MAX, WEBSITES_PAGE_SIZE } from '#common/constants.ts'
import type { LinkHealth } from '#common/schemas/link-checks.ts'
import {
  type Website,
  type WebsiteOrderBody,
  type WebsitesAdminPage,
  type WebsiteSearchPage,
  type WebsiteUpdateBody,
} from '#common/schemas/websites.ts'
import type { TagList } from '#common/schemas/tags.ts'
import type { WebsiteRow } from '#server/db/schema.ts'
import { badRequest } from '#server/lib/http-errors.ts'
import { createPublishing, readPage, type SlugLookup } from '#server/lib/publishing/publishing.ts'
import type { WebsiteChanges, WebsitesRepository } from './websites.repository.ts'
import { renderArticle } from '#common/articles.ts'
import type { KeepRead } from '#server/lib/content-changes.ts'

const websiteFields = (body: WebsiteUpdateBody): WebsiteChanges => ({
  name: body.name,
  slug: body.slug,
  image: body.image,
  language: body.language,
  languageDescription: body.languageDescription,
  description: body.description,
  link: body.link,
  imageAlt: body.imageAlt,
  published: body.published ?? true,
  featured: body.featured,
  client: body.client,
  role: body.role,
  year: body.year,
  tags: body.tags,
  caseStudy: body.caseStudy,
  gallery: body.gallery,
  results: body.results,
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
  imageAlt: row.imageAlt,
  published: row.published,
  featured: row.featured,
  position: row.position,
  client: row.client,
  role: row.role,
  year: row.year,
  tags: row.tags,
  caseStudy: row.caseStudy,
  gallery: row.gallery,
  results: row.results,
})

/** A neighbouring project in portfolio order, for the links under a case study. */
export type WebsiteLink = Pick<Website, 'name' | 'slug'>

/**
 * What a visitor may see of the website with a slug: the website with its case study as HTML and
 * the published projects before and after it, or its current slug after a rename.
 */
export type PublicSlugLookup = SlugLookup<{
  website: Website
  caseStudyHtml: string
  previous: WebsiteLink | null
  next: WebsiteLink | null
}>

const linkTo = (row: WebsiteRow | undefined): WebsiteLink | null =>
  row ? { name: row.name, slug: row.slug } : null

export function createWebsitesService({
  repo,
  contentChanged,
  healthOf,
  keep,
}: {
  repo: WebsitesRepository
  /** Called once a change the public pages show is stored (not a new draft's). */
  contentChanged: () => void
  /** Keeps a public read until the content changes (server/lib/content-changes.ts). */
  keep: KeepRead
  /** The last link check of each listed website (the link-checks service). */
  healthOf: (ids: string[]) => Promise<Map<string, LinkHealth>>
}) {
  const publishing = createPublishing<WebsiteRow>({
    noun: 'Website',
    defaultSlug: DEFAULT_WEBSITE.slug,
    rows: repo,
  })
  const isPublic = (row: WebsiteRow) => row.published

  async function findOrThrow(row: Promise<WebsiteRow | undefined>): Promise<Website> {
    const found = await row
    if (!found) throw publishing.notFound()
    return toWebsite(found)
  }

  const pageOf = (page: number, isPublishedOnly: boolean, tag?: string) =>
    isPublishedOnly
      ? readPage(
          page,
          WEBSITES_PAGE_SIZE,
          (window) => repo.findPublishedPage(window, tag),
          () => repo.countPublished(tag),
        )
      : readPage(page, WEBSITES_PAGE_SIZE, repo.findPage, repo.count)

  return {
    /** The public portfolio page: published websites (with `tag`, when given) in portfolio order. */
    listPublic: keep(
      async (page: number, tag?: string): Promise<WebsiteSearchPage> => {
        const { rows, total, pages } = await pageOf(page, true, tag)
        return { websites: rows.map(toWebsite), page, pages, countWebsites: total }
      },
      (page: number, tag?: string) => `${page} ${tag ?? ''}`,
    ),

    /** The published websites' tags with their counts, most used first. */
    listTags: keep(async (): Promise<TagList> => ({ tags: await repo.countTags() })),

    /** The demo entries (`npm run seed`) the owner has not saved yet. */
    listSamples: async (): Promise<{ id: string; label: string }[]> =>
      (await repo.findSamples()).map((row) => ({ id: row.id, label: row.name })),

    /** Whether the portfolio holds an entry of the owner's own, draft or published. */
    hasOwnEntry: () => repo.hasOwnEntry(),

    /** Every website, drafts included, in portfolio order, each with its last link check. */
    async listAdmin(page: number): Promise<WebsitesAdminPage> {
      const { rows, total, pages } = await pageOf(page, false)
      const health = await healthOf(rows.map((row) => row.id))
      return {
        websites: rows.map((row) => ({
          ...toWebsite(row),
          isSample: row.isSample,
          health: health.get(row.id) ?? null,
        })),
        totalWebsites: total,
        page,
        pages,
      }
    },

    /** The home page's "Recent work": published, featured websites in portfolio order. */
    listFeatured: keep(async (): Promise<Website[]> =>
      (await repo.findFeatured(FEATURED_WEBSITES_MAX)).map(toWebsite),
    ),

    /**
     * The website with this id, drafts included (`published: false`): ids are unguessable, and the
     * edit page of the specification's client reads a new draft this way, without a token. Throws
     * 404 when no website has this id.
     */
    async getById(id: string): Promise<Website> {
      return findOrThrow(repo.findById(id))
    },

    /**
     * The published website with this slug, or with this slug among its old ones (an API client
     * gets the website itself, with its current slug). Throws 404 otherwise, drafts included.
     */
    async getBySlug(slug: string): Promise<Website> {
      return toWebsite(await publishing.publicRow(slug, isPublic))
    },

    /**
     * For /website/:slug: the website with its case study as safe HTML, or where a renamed website
     * now lives. Throws 404 as getBySlug.
     */
    lookUpPublicSlug: keep(
      async (slug: string): Promise<PublicSlugLookup> =>
        publishing.lookUpPublic(slug, isPublic, async (row) => {
          const website = toWebsite(row)
          const caseStudyHtml = website.caseStudy.trim() ? renderArticle(website.caseStudy) : ''
          const { previous, next } = await repo.findNeighbours(row)
          return { website, caseStudyHtml, previous: linkTo(previous), next: linkTo(next) }
        }),
      (slug) => slug,
    ),

    /**
     * Creates an unpublished website with the default values, under the first free slug of `new-website`,
     * `new-website-2`, ..., which follows its name until the owner sets one or publishes it. Two
     * admins creating at once both succeed: a lost race retries.
     */
    async createDraft(): Promise<Website> {
      return toWebsite(
        await publishing.insertDraft('', (slug) =>
          repo.insert({ ...DEFAULT_WEBSITE, slug, published: false, isSlugAutomatic: true }),
        ),
      )
    },

    /** Creates a complete website (demo content), published unless the body says otherwise; throws 409 when the slug is taken. */
    async create(body: WebsiteUpdateBody, { isSample = false } = {}): Promise<Website> {
      const website = toWebsite(
        await publishing.stored(repo.insert({ ...websiteFields(body), isSample })),
      )
      contentChanged()
      return website
    },

    /**
     * Saves every field and publishes the website, unless the body has `published: false` (then it
     * is, or becomes, a draft). A changed slug is kept as an old slug that redirects to the new one.
     * A draft whose slug the owner never set takes a free slug made from its name.
     * Throws 400 when the body's _id names another website, 404 for an unknown id, 409 when the
     * slug is taken.
     */
    async update(id: string, body: WebsiteUpdateBody): Promise<Website> {
      if (body._id !== undefined && body._id !== id) {
        throw badRequest('must match the website in the URL', { field: '_id' })
      }
      const current = await repo.findById(id)
      if (!current) throw publishing.notFound()
      const changes = websiteFields(body)
      const slug = await publishing.slugOnSave(current, body.slug, body.name, !changes.published)
      // Saved by the owner: a demo entry becomes theirs.
      const website = await findOrThrow(
        publishing.stored(repo.update(id, { ...changes, ...slug, isSample: false })),
      )
      contentChanged()
      return website
    },

    /** Throws 404 when no website has this id. */
    async remove(id: string): Promise<void> {
      if (!(await repo.delete(id))) throw publishing.notFound()
      contentChanged()
    },

    /** Sets the portfolio order (see WebsiteOrderBodySchema). Throws 400 naming an unknown id. */
    async reorder({ ids }: WebsiteOrderBody): Promise<void> {
      const missing = await repo.reorder(ids)
      if (missing.length > 0)
        throw badRequest(`no website has the id ${missing[0]}`, { field: 'ids' })
      contentChanged()
    },

    /** Every published website page, for the sitemap. */
    async listSlugs(): Promise<{ slug: string; updatedAt: string }[]> {
      const rows = await repo.listPublishedSlugs()
      return rows.map((r) => ({ slug: r.slug, updatedAt: r.updatedAt.toISOString() }))
    },
  }
}

export type WebsitesService = ReturnType<typeof createWebsitesService>
