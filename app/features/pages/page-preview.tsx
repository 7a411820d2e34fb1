import type { ReactNode } from 'react'
import type { Page } from '#common/schemas/pages.ts'
import { AboutBody } from './about-body.tsx'
import { ContactBody } from './contact-body.tsx'
import { GuideBody } from './guide-body.tsx'
import { HomeSections } from './home-sections.tsx'
import { WebdesignBody } from './webdesign-body.tsx'

/** The public page's body for a rendered page (Markdown fields already HTML), whatever its key. */
export function PagePreview({ page, contactForm }: { page: Page; contactForm: ReactNode }) {
  switch (page.key) {
    case 'home':
      return <HomeSections page={page as Page<'home'>} />
    case 'about':
      return <AboutBody page={page as Page<'about'>} />
    case 'webdesign':
      return <WebdesignBody page={page as Page<'webdesign'>} />
    case 'mernRender':
    case 'dns':
      return <GuideBody page={page as Page<'dns'>} />
    case 'contact':
      return <ContactBody page={page as Page<'contact'>} form={contactForm} />
  }
}
