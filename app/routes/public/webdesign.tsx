import { Link, href } from 'react-router'
import type { Route } from './+types/webdesign'
import { CallToAction } from '#app/components/layout/call-to-action.tsx'
import { PageIntro, Section } from '#app/components/layout/page-intro.tsx'
import { pageMeta } from '#app/lib/seo.ts'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Web Design and Development Process',
    description:
      'The seven steps from first call to a live website: discovery, proposal, content and wireframes, visual design, development, testing and launch, and ongoing care.',
    path: href('/webdesign'),
    matches,
  })

const STEPS = [
  {
    title: 'Discovery call',
    duration: '30 minutes, free',
    text: 'We talk about your business, your customers and what the website has to achieve: more calls, more bookings, fewer repetitive e-mails. I look at your current site and at two or three competitors you admire or worry about.',
    deliverables: [
      'Your goals and audience, summarised in writing',
      'A first idea of scope and budget',
    ],
  },
  {
    title: 'Proposal and plan',
    duration: '2–3 days',
    text: 'You receive a proposal with the pages and features, what is out of scope, a fixed price split into milestones and a calendar. Nothing starts until you have read it and agreed.',
    deliverables: ['Written scope and fixed quote', 'Project calendar with review dates'],
  },
  {
    title: 'Content and wireframes',
    duration: '1–2 weeks',
    text: 'Structure comes before colour. We agree the sitemap and the message of each page, then I draw grey-box wireframes for the key pages on desktop and phone so we can discuss layout without being distracted by styling.',
    deliverables: ['Sitemap and content outline', 'Wireframes for the main page types'],
  },
  {
    title: 'Visual design',
    duration: '1–2 weeks',
    text: 'I turn the approved wireframes into a visual design built on your brand: type scale, colours with accessible contrast, buttons, forms and photography treatment. You get two rounds of revisions, reviewed in a clickable prototype.',
    deliverables: ['Design for every page type', 'A small design system the build reuses'],
  },
  {
    title: 'Development',
    duration: '2–8 weeks',
    text: 'I build the site in short milestones on a private preview link you can open on any device. Pages are rendered on the server, images are compressed and every feature is covered by automated tests. Each week you get a short written update.',
    deliverables: [
      'Working preview site, updated every week',
      'Admin area or content editor set up with your content',
    ],
  },
  {
    title: 'Testing and launch',
    duration: '1 week',
    text: 'Before launch I test on real phones and browsers, check accessibility and page speed, set up redirects from your old addresses and connect analytics. Launch is scheduled for a quiet time of day, and the domain switch takes minutes.',
    deliverables: [
      'Launch checklist signed off together',
      'HTTPS, redirects, sitemap and analytics in place',
    ],
  },
  {
    title: 'Handover and care',
    duration: 'Ongoing',
    text: 'You get a recorded walkthrough of the admin area, the code in your repository and a list of every account. The first 30 days of fixes are included; after that a care plan keeps everything updated, backed up and monitored.',
    deliverables: [
      'Handover guide and recorded training',
      '30 days of fixes, then an optional care plan',
    ],
  },
]

const PRINCIPLES = [
  [
    'Mobile first',
    'Layouts are designed for a phone and enhanced for larger screens, because that is where most visitors start.',
  ],
  [
    'Content before decoration',
    'Clear headings, short paragraphs and one obvious next step on every page.',
  ],
  [
    'Performance budget',
    'Each page has a weight limit for scripts and images, checked automatically on every change.',
  ],
  [
    'Accessible by default',
    'Contrast, focus states, labels and keyboard support are part of the design, not an afterthought.',
  ],
]

const PRICING = [
  [
    'Fixed-price projects',
    'New websites and applications are quoted as a whole, with the scope written down. Changes in scope are priced before they are started, never after.',
  ],
  [
    'Milestone payments',
    'A deposit to book the work, a payment when the design is approved and the rest at launch. Nothing is due for work you have not seen.',
  ],
  [
    'Care plans',
    'After launch, a flat monthly fee covers updates, backups, monitoring and small changes. You can pause or cancel it at any time.',
  ],
]

export default function WebdesignPage() {
  return (
    <main id="main-content" className="flex-1">
      <PageIntro eyebrow="Web design" title="The web design and development process">
        <p>
          A good website is the result of a clear process more than of a clever idea. Here is
          exactly what happens between our first call and your launch, what you receive at each step
          and how long it usually takes.
        </p>
      </PageIntro>

      <Section title="Seven steps from idea to launch">
        <ol className="relative space-y-8 border-l-2 border-brand-100 pl-8 sm:pl-10">
          {STEPS.map((step, i) => (
            <li key={step.title} className="relative">
              <span
                aria-hidden="true"
                className="absolute top-0 -left-[3.05rem] flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white ring-4 ring-white sm:-left-[3.55rem]"
              >
                {i + 1}
              </span>
              <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="text-xl font-semibold text-slate-900">
                    <span className="sr-only">Step {i + 1}: </span>
                    {step.title}
                  </h3>
                  <p className="rounded-full bg-slate-100 px-3 py-1 text-xs font-semibold text-slate-700">
                    {step.duration}
                  </p>
                </div>
                <p className="mt-3 leading-7 text-slate-700">{step.text}</p>
                <h4 className="mt-4 text-sm font-semibold text-slate-900">You receive</h4>
                <ul className="mt-2 space-y-1.5 text-sm text-slate-700">
                  {step.deliverables.map((item) => (
                    <li key={item} className="flex gap-2">
                      <svg
                        viewBox="0 0 20 20"
                        aria-hidden="true"
                        className="mt-0.5 h-4 w-4 flex-none text-emerald-700"
                      >
                        <path
                          d="m5 10.5 3 3 7-7"
                          fill="none"
                          stroke="currentColor"
                          strokeWidth="2"
                          strokeLinecap="round"
                          strokeLinejoin="round"
                        />
                      </svg>
                      {item}
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <Section title="Design principles behind every project" tone="muted">
        <dl className="grid gap-6 sm:grid-cols-2">
          {PRINCIPLES.map(([term, text]) => (
            <div key={term} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <dt className="text-lg font-semibold text-slate-900">{term}</dt>
              <dd className="mt-2 leading-7 text-slate-700">{text}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <Section
        id="pricing"
        title="How pricing works"
        lead="Every project gets a fixed quote after the discovery call, split into milestones, so you always know what the next invoice will be and what it pays for."
      >
        <dl className="grid gap-6 md:grid-cols-3">
          {PRICING.map(([term, text]) => (
            <div key={term} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <dt className="text-lg font-semibold text-slate-900">{term}</dt>
              <dd className="mt-2 leading-7 text-slate-700">{text}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-8 text-slate-700">
          Typical budgets for each kind of project are in the{' '}
          <Link
            to={href('/faq')}
            className="font-semibold text-brand-700 underline underline-offset-4"
          >
            frequently asked questions
          </Link>
          .
        </p>
      </Section>

      <CallToAction title="Ready for step one?" />
    </main>
  )
}
