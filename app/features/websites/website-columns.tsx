import { Link } from 'react-router'
import { IMAGE_THUMB_WIDTH } from '#common/constants.ts'
import { imageVariantPath } from '#common/images.ts'
import type { Website } from '#common/schemas/websites.ts'
import { Badges } from '#app/components/ui/badges.tsx'
import type { Column } from '#app/components/ui/paged-table.tsx'

function externalHref(link: string) {
  return /^https?:\/\//i.test(link) ? link : undefined
}

const linkClasses = 'text-brand-700 underline underline-offset-2 hover:text-brand-800'

/** The admin list's columns: the row's buttons come from the route. */
export const WEBSITE_COLUMNS: Column<Website>[] = [
  {
    header: 'ID',
    cell: (website) => (
      <span title={website._id} className="block wrap-anywhere @3xl:w-10 @3xl:truncate">
        {website._id}
      </span>
    ),
    className: 'font-mono text-xs text-slate-600',
  },
  {
    header: 'Thumbnail',
    labelAbove: true,
    cell: (website) => (
      <img
        src={imageVariantPath(website.image, IMAGE_THUMB_WIDTH)}
        alt={`Screenshot of ${website.name}`}
        width={IMAGE_THUMB_WIDTH}
        loading="lazy"
        decoding="async"
        className="h-auto w-full max-w-[225px] rounded-md border border-slate-200 bg-slate-100 @3xl:w-16"
      />
    ),
  },
  {
    // The slug and the entry's state (Draft or Published, Featured): a draft's slug is no link yet.
    header: 'Slug',
    cell: (website) => (
      <div className="space-y-1.5">
        {website.published ? (
          <Link
            to={`/website/${website.slug}`}
            className={`block font-medium wrap-anywhere ${linkClasses}`}
          >
            {website.slug}
          </Link>
        ) : (
          <span className="block font-medium wrap-anywhere">{website.slug}</span>
        )}
        <WebsiteState published={website.published} featured={website.featured} />
      </div>
    ),
    className: '@3xl:min-w-[6rem]',
  },
  {
    header: 'Name',
    cell: (website) => website.name,
    className: 'font-medium wrap-anywhere @3xl:min-w-[7rem]',
  },
  { header: 'Language', cell: (website) => website.language, className: 'wrap-anywhere' },
  {
    header: 'Language description',
    canWrapHeader: true,
    cell: (website) => website.languageDescription,
    className: 'wrap-anywhere',
  },
  {
    header: 'Description',
    labelAbove: true,
    cell: (website) => <p className="line-clamp-3 wrap-anywhere">{website.description}</p>,
    className: '@3xl:min-w-[8rem]',
  },
  {
    header: 'Link',
    cell: (website) => {
      const href = externalHref(website.link)
      return href ? (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          title={website.link}
          className={`relative block wrap-anywhere @3xl:max-w-[7.5rem] @3xl:truncate ${linkClasses}`}
        >
          {website.link}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        <span className="wrap-anywhere">{website.link}</span>
      )
    },
  },
]

/** Draft or Published, and Featured: a website's state as short labels. */
function WebsiteState({ published, featured }: { published: boolean; featured: boolean }) {
  return (
    <Badges
      items={[
        published ? { label: 'Published', tone: 'live' } : { label: 'Draft', tone: 'waiting' },
        featured && { label: 'Featured', tone: 'mark' },
      ]}
    />
  )
}
