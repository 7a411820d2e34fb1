/**
 * The FAQ a new site starts with, in order: stored at the first start when the FAQ was never
 * written, then the owner's to edit, reorder and delete on the admin's FAQ screen. (Databases from
 * before this file got the same list from the drizzle/0007_faqs_seed.sql migration.)
 */
import type { FaqBody } from '#common/schemas/faq.ts'

export const FIRST_RUN_FAQ: FaqBody[] = [
  {
    question: 'How much does a website cost?',
    answer:
      'It depends on the number of pages, the features and how much content you already have. As a guide, most small-business websites land between $3,000 and $8,000, and custom web applications with accounts and an admin area start around $12,000. After a free discovery call you receive a fixed quote with the scope written down, so the price does not move unless the scope does.',
  },
  {
    question: 'How long does a project take?',
    answer:
      'A brochure site of five to ten pages usually takes four to six weeks from the signed proposal to launch. Web applications take eight to sixteen weeks depending on their features. The biggest factor is usually content: projects where texts and photos are ready early move fastest.',
  },
  {
    question: 'What do you need from me to get started?',
    answer:
      'A clear idea of who your customers are and what you want them to do on the site, access to your current domain and hosting if you have them, and one person on your side who can approve decisions. I send a short questionnaire before our first call so nothing is forgotten.',
  },
  {
    question: 'Do you write the content, or do I?',
    answer:
      'Either works. Many clients write a first draft and I edit it for the web: shorter sentences, clear headings and the words your customers actually search for. If you prefer, I work with a professional copywriter and include their fee in the quote.',
  },
  {
    question: 'Will I be able to update the website myself?',
    answer:
      'Yes. Depending on the project, you get either a simple admin area built into the site or a headless content editor. Every handover includes a recorded walkthrough and a short written guide, so adding a page or a portfolio entry does not require calling me.',
  },
  {
    question: 'What is the MERN stack, and do I need it?',
    answer:
      'MERN stands for MongoDB, Express, React and Node.js: a JavaScript stack for web applications with user accounts, dashboards and data. A simple marketing site does not need all of it, and I will tell you when a lighter setup is the better choice. What every site gets is server rendering, so pages load fast and search engines can read them.',
  },
  {
    question: 'Where will my website be hosted?',
    answer:
      'Usually on Render, which gives automatic HTTPS, deploys from GitHub and costs little for small sites. I also deploy to other cloud providers or your own server when there is a reason to. The hosting account is opened in your name; I am added as a collaborator.',
  },
  {
    question: 'Can you move my existing domain and e-mail?',
    answer:
      'Yes. I transfer domains between registrars and change DNS settings carefully so your e-mail keeps working during the switch: the MX records are copied before anything else changes. The DNS guide on this site shows the steps I follow.',
  },
  {
    question: 'Will my site show up on Google?',
    answer:
      'Every site launches with the technical groundwork search engines expect: fast pages, meaningful titles and descriptions, a sitemap, structured data and clean URLs. Rankings also depend on your content and reputation, so I will give you an honest plan rather than a promise of page one.',
  },
  {
    question: 'Is the website accessible to people with disabilities?',
    answer:
      'Yes. I build to WCAG 2.2 level AA: keyboard navigation, visible focus, sufficient colour contrast, labelled form fields and correct heading structure, and I test with a screen reader and automated checks before launch. Accessibility also widens your audience and reduces legal risk.',
  },
  {
    question: 'Do you redesign existing websites?',
    answer:
      'Often. A redesign starts with a review of what already works: pages that rank, links that bring visitors, forms that convert. Those are kept or redirected so you do not lose traffic, and everything else is rebuilt on a faster, easier-to-edit base.',
  },
  {
    question: 'How do payments work?',
    answer:
      'Projects are paid in milestones: a deposit to book the work, a second payment when the design is approved and the balance at launch. Care plans are billed monthly. I invoice in US dollars or euros, by bank transfer or card.',
  },
  {
    question: 'What happens after launch?',
    answer:
      'The first 30 days of fixes are included in every project. After that you can choose a monthly care plan covering updates, backups, uptime monitoring and small changes, or simply book hours when you need them.',
  },
  {
    question: 'Who owns the code and the design?',
    answer:
      'You do, once the final invoice is paid. The code is delivered in a Git repository you control, together with the design files and a list of every account and service the site uses. I only ask to show the project in my portfolio, and you can say no.',
  },
  {
    question: 'Do you work with clients outside {location}?',
    answer:
      'Yes, most of my clients are remote. We meet over video, share work through preview links and keep decisions in writing. I work with clients across North America and Europe and schedule calls within your business hours.',
  },
]
