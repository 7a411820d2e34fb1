import { Link, href } from 'react-router'
import type { Route } from './+types/dns'
import { GUIDE_LINK, GuidePage } from '#app/components/layout/guide-page.tsx'
import type { GuideStep } from '#app/components/layout/guide-steps.tsx'
import { pageMeta } from '#app/lib/seo.ts'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Transfer a Domain and Set Up DNS',
    description:
      'A step-by-step guide with screenshots: unlock and transfer a domain to a new registrar, keep e-mail working, and point the domain at a Render web service with HTTPS.',
    path: href('/dns'),
    matches,
    type: 'article',
  })

const STEPS: GuideStep[] = [
  {
    title: 'Unlock the domain at the current registrar',
    body: (
      <>
        <p>
          Sign in where the domain is registered today and open its settings. Turn the{' '}
          <strong>registrar lock</strong> (also called transfer lock) off, and check that the
          registrant e-mail address is one you can read: approval messages go there.
        </p>
        <p>
          A domain cannot move in its first 60 days after registration or after a previous transfer,
          and some registrars also block transfers for 60 days after a change of owner details.
        </p>
      </>
    ),
    image: {
      src: '/images/guides/dns-01-unlock.svg',
      alt: 'Registrar domain settings for yourbusiness.com with the Registrar lock toggle switched off and the verified registrant e-mail address highlighted.',
      caption: 'Lock off, and a registrant e-mail address you can read.',
    },
  },
  {
    title: 'Get the authorization code',
    body: (
      <p>
        In the same account, request the <strong>authorization code</strong> (also called EPP or
        transfer code). It works like a password for the domain: copy it into your password manager,
        do not send it by e-mail, and expect it to expire after a few days.
      </p>
    ),
    image: {
      src: '/images/guides/dns-02-auth-code.svg',
      alt: 'Transfer out page of the current registrar showing the authorization (EPP) code for yourbusiness.com in a box with a Copy button.',
      caption: 'The authorization code proves to the new registrar that you own the domain.',
    },
  },
  {
    title: 'Copy every DNS record first',
    body: (
      <>
        <p>
          Before anything moves, write down every DNS record, or export the zone file if the
          registrar offers it. Some registrars stop serving your records the moment the domain
          leaves them.
        </p>
        <p>
          The records that matter most are the ones you do not see: <code>MX</code> records route
          your e-mail, and <code>TXT</code> records such as SPF and DKIM stop your messages landing
          in spam. Losing them is how a domain move breaks e-mail.
        </p>
      </>
    ),
    image: {
      src: '/images/guides/dns-03-copy-records.svg',
      alt: 'DNS records table at the current registrar listing A, CNAME, two MX and two TXT records, with the mail-related MX and TXT records and the Export zone file button highlighted.',
      caption: 'The MX and TXT records keep your e-mail working; copy them exactly.',
    },
  },
  {
    title: 'Start the transfer at the new registrar',
    body: (
      <p>
        At the registrar you are moving to, choose <strong>Transfer a domain</strong>, enter the
        domain and the authorization code, and pay for the transfer. Almost every registrar adds one
        year to the expiry date, so you lose no time you already paid for.
      </p>
    ),
    image: {
      src: '/images/guides/dns-04-start-transfer.svg',
      alt: 'Transfer a domain form at the new registrar with yourbusiness.com entered, the authorization code field highlighted, a checklist, and the Start transfer button highlighted.',
      caption: 'Paste the authorization code from step 2, then start the transfer.',
    },
  },
  {
    title: 'Approve the transfer e-mail',
    body: (
      <p>
        The current registrar sends a confirmation to the registrant address. Approving it finishes
        the transfer within minutes; if you ignore it, most transfers complete on their own after
        five days. If you did not request a transfer and receive this message, reject it and change
        your registrar password.
      </p>
    ),
    image: {
      src: '/images/guides/dns-05-approve-email.svg',
      alt: 'E-mail titled Transfer request for yourbusiness.com explaining the transfer, with the Approve transfer button highlighted next to a Reject button.',
      caption: 'Approving speeds the transfer up from days to minutes.',
    },
  },
  {
    title: 'Add the domain to your Render service',
    body: (
      <>
        <p>
          In Render, open your web service, go to <strong>Settings → Custom Domains</strong> and add{' '}
          <code>www.yourbusiness.com</code>. Render adds the bare domain too and redirects it to{' '}
          <code>www</code>.
        </p>
        <p>
          Render then shows the two records your DNS needs: a CNAME for www and an A record for the
          bare domain.
        </p>
      </>
    ),
    image: {
      src: '/images/guides/dns-06-render-domain.svg',
      alt: 'Render Custom Domains settings with www.yourbusiness.com and yourbusiness.com added, both marked DNS update needed, showing a CNAME record pointing www to my-mern-app.onrender.com and an A record pointing @ to 216.24.57.1.',
      caption: 'Render tells you exactly which records to create.',
    },
  },
  {
    title: 'Create the records at the new registrar',
    body: (
      <>
        <p>
          At the new registrar’s DNS page, recreate the mail records you copied in step 3, then add
          the web records:
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <code>CNAME</code> <code>www</code> → <code>your-service.onrender.com</code>
          </li>
          <li>
            <code>A</code> <code>@</code> → the IP address Render shows (<code>216.24.57.1</code> at
            the time of writing), or an <code>ALIAS</code>/<code>ANAME</code> record to your
            onrender.com name if your DNS provider supports it
          </li>
        </ul>
        <p>
          Delete any <code>AAAA</code> records for the domain: they point browsers at an old IPv6
          address and Render answers on IPv4.
        </p>
      </>
    ),
    image: {
      src: '/images/guides/dns-07-new-records.svg',
      alt: 'DNS records table at the new registrar with the A record pointing @ to 216.24.57.1 and the CNAME record pointing www to my-mern-app.onrender.com highlighted, followed by the copied MX and TXT mail records.',
      caption: 'Web records point at Render; mail records are exactly as before.',
    },
  },
  {
    title: 'Verify, then check from your computer',
    body: (
      <>
        <p>
          Back in Render, click <strong>Verify</strong> next to each domain. Once DNS answers
          correctly, Render issues the HTTPS certificate automatically, usually within minutes,
          though DNS changes can take a few hours to reach every network.
        </p>
        <p>
          From a terminal, <code>dig +short</code> shows what the world sees for the web and mail
          records. Finish by sending yourself an e-mail to the domain and loading the site on your
          phone over mobile data.
        </p>
      </>
    ),
    image: {
      src: '/images/guides/dns-08-verify.svg',
      alt: 'Terminal showing dig results: www resolving through my-mern-app.onrender.com, the bare domain resolving to 216.24.57.1, the two MX records unchanged, and curl returning HTTP/2 200, with a note that the domain is verified and the certificate issued.',
      caption: 'Web records point at Render, mail records are unchanged and HTTPS answers.',
    },
  },
]

export default function DnsPage() {
  return (
    <GuidePage
      title="Transfer a domain and set up DNS"
      intro={
        <>
          How to move a domain to a new registrar without losing a single e-mail, then point it at a
          web service on Render with automatic HTTPS. Plan for an hour of work spread over a day or
          two while the transfer runs.
        </>
      }
      steps={STEPS}
      note={{
        title: 'Only need the DNS part?',
        body: (
          <>
            A transfer is optional: if you are happy with your registrar, skip steps 1, 2, 4 and 5
            and create the records from step 7 where your DNS is hosted today. If your app is not
            online yet, start with the{' '}
            <Link to={href('/mernRender')} className={GUIDE_LINK}>
              MERN deployment guide
            </Link>
            .
          </>
        ),
      }}
      callToAction={{
        title: 'Want someone to do the switch for you?',
        text: 'I move domains and e-mail for clients regularly, with the records checked before and after, so nobody notices the change except you.',
      }}
    />
  )
}
