import { href } from 'react-router'
import { socialLinks, useJournalLinks, useSiteSettings } from '#app/lib/site-settings.ts'
import { SOCIAL_LABELS } from '#common/constants.ts'
import { SiteLogo } from './brand-mark.tsx'
import { SocialIcon } from './social-icons.tsx'
import { SiteLink } from '#app/components/ui/site-link.tsx'

const FOOTER_LINKS = [
  { label: 'Home', to: href('/') },
  { label: 'About', to: href('/about') },
  { label: 'Contact', to: href('/contact') },
  { label: 'FAQ', to: href('/faq') },
  { label: 'Privacy', to: href('/privacy') },
]
const BOOKING_LINK = { label: 'Book a call', to: href('/book') }
const JOURNAL_LINKS = [
  { label: 'Journal', to: href('/journal') },
  { label: 'Journal feed', to: '/journal/feed.xml' },
]

/** The text as a sentence: a full stop added unless the owner ended it with one. */
const asSentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`)

export function SiteFooter() {
  const settings = useSiteSettings()
  const links = socialLinks(settings)
  const shown = useJournalLinks().footer
    ? [...FOOTER_LINKS.slice(0, 2), ...JOURNAL_LINKS, ...FOOTER_LINKS.slice(2)]
    : FOOTER_LINKS
  // While the owner takes bookings, "Book a call" follows Contact.
  const pages = settings.booking.enabled
    ? shown.flatMap((link) => (link.to === href('/contact') ? [link, BOOKING_LINK] : [link]))
    : shown
  return (
    <footer className="site-footer border-t border-slate-800 bg-slate-900 text-slate-300 [&_:focus-visible]:outline-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_1fr_1fr]">
        <div>
          <p className="flex items-center gap-2.5 text-base font-bold text-white">
            <SiteLogo isTiled />
            {settings.businessName}
          </p>
          <p className="mt-4 max-w-sm text-sm leading-6">{settings.tagline}</p>
          <p className="mt-2 text-sm">
            <a
              href={`mailto:${settings.email}`}
              className="font-medium text-white underline-offset-4 hover:underline"
            >
              {settings.email}
            </a>
          </p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold text-white">Site</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {pages.map((link) => (
              <li key={link.to}>
                <SiteLink
                  to={link.to}
                  reloadDocument={link.to.endsWith('.xml')}
                  className="hover:text-white hover:underline"
                >
                  {link.label}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          {links.length > 0 ? (
            <>
              <h2 className="text-sm font-semibold text-white">Follow</h2>
              <ul className="mt-3 flex gap-3">
                {links.map((link) => (
                  <li key={link.network}>
                    <a
                      href={link.url}
                      rel="noopener noreferrer me"
                      target="_blank"
                      className="flex h-10 w-10 items-center justify-center rounded-full bg-slate-800 text-slate-200 hover:bg-accent hover:text-on-accent"
                    >
                      <SocialIcon network={link.network} />
                      <span className="sr-only">
                        {settings.ownerName} on {SOCIAL_LABELS[link.network]} (opens in a new tab)
                      </span>
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {settings.serviceArea ? (
            <p className="mt-4 text-sm">{asSentence(settings.serviceArea)}</p>
          ) : null}
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-5 text-sm text-slate-400 sm:px-6">
          <p>
            © {new Date().getFullYear()} {settings.businessName}. All rights reserved.
          </p>
          {/* Where a client signs in to their room: their proposals, invoices, calls and files. */}
          <SiteLink
            to={href('/client')}
            className="text-slate-300 hover:text-white hover:underline"
          >
            Client room
          </SiteLink>
        </div>
      </div>
    </footer>
  )
}
