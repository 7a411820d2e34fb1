/**
 * The editable pages' first-run texts: what each page of a new site says until the owner edits it
 * on the admin's Pages screen. The first start stores each page that was never stored.
 */
import type { PageContent, PageKey } from '#common/schemas/pages.ts'

const home: PageContent<'home'> = {
  title: 'Freelance Full-Stack Web Developer',
  description:
    '{businessName} is the practice of {ownerName}, a freelance full-stack developer who designs, builds and hosts fast, accessible websites and MERN web applications for small businesses.',
  heading: 'Websites that load fast and win you clients',
  intro:
    'I’m {ownerName}. I design and build websites and web applications for small businesses, from the first sketch to the day it goes live on your domain, and I stay on to keep them fast, secure and up to date.',
  servicesTitle: 'What I can build for you',
  servicesLead:
    'One developer from first call to launch: you talk to the person who writes the code, and nothing gets lost between a designer, an agency and a hosting company.',
  services: [
    {
      title: 'Business websites',
      text: 'Fast, search-friendly sites for service businesses, studios and shops: written to answer your customers’ questions and built so you can update the content yourself.',
    },
    {
      title: 'Custom web applications',
      text: 'Booking tools, client portals, dashboards and internal systems on the MERN stack, with sign-in, roles and an admin area designed around how your team works.',
    },
    {
      title: 'APIs and integrations',
      text: 'Node.js APIs that connect your site to payments, e-mail, CRMs and spreadsheets, documented and tested so the next developer can pick them up.',
    },
    {
      title: 'Speed and SEO tune-ups',
      text: 'An audit of an existing site with measured results: slow pages, layout shifts, accessibility gaps and missing search metadata, fixed in order of impact.',
    },
    {
      title: 'Deployment and hosting',
      text: 'Set-up on Render or your own server with HTTPS, a custom domain, backups and monitoring, so a launch is a non-event and you own every account.',
    },
    {
      title: 'Care plans',
      text: 'Monthly updates, security patches, uptime checks and a few hours of small changes, for owners who would rather run their business than their website.',
    },
  ],
  processTitle: 'How a project works',
  processLead:
    'Four clear stages, a fixed price agreed up front and a weekly update. The [web design process](/webdesign) page explains each step in detail.',
  process: [
    {
      title: 'Discover',
      text: 'A free 30-minute call about your goals, your customers and your budget, followed by a written proposal with a fixed price.',
    },
    {
      title: 'Design',
      text: 'Content outline, wireframes and a visual design for the key pages, reviewed together before a line of production code is written.',
    },
    {
      title: 'Build',
      text: 'Development in short milestones on a private preview link, so you see real progress every week and can steer early.',
    },
    {
      title: 'Launch and care',
      text: 'Testing on real phones, a careful launch on your domain, a handover session and 30 days of fixes included.',
    },
  ],
}

const about: PageContent<'about'> = {
  title: 'About',
  description:
    '{ownerName} is a freelance full-stack developer in {location}, building fast, accessible websites and MERN applications for small businesses.',
  heading: 'Hi, I’m {ownerName}',
  intro:
    'I run {businessName}, a one-person web studio in {location}. Since {foundingYear} I have helped small businesses replace slow, hard-to-edit websites with fast, accessible ones that bring in enquiries.',
  storyTitle: 'The short story',
  story: [
    'I started building websites for friends’ businesses while working in a print shop, and found that I liked the conversations about customers as much as the code. After several years as a developer in a product agency, shipping React and Node.js applications for clients in retail, health and education, I went independent in {foundingYear}.',
    'Working alone is a deliberate choice. You deal with one person who knows your project end to end, who answers your e-mail within one business day, and who will still be around when you need a change in two years. When a project needs more hands, I bring in trusted specialists for illustration, copywriting or photography, and I tell you up front.',
    'Most of my clients are service businesses, independent shops and non-profits with a small team and no in-house developer. They come to me because their current site is slow, looks dated on a phone, or has outgrown a page builder, and they stay because the new one keeps working.',
  ].join('\n\n'),
  valuesTitle: 'What I care about',
  values: [
    {
      title: 'Speed is a feature',
      text: 'Most visitors arrive on a phone, often on a weak connection. I render pages on the server, ship as little JavaScript as possible and compress every image, because a page that appears at once is a page people read.',
    },
    {
      title: 'Everyone can use it',
      text: 'Keyboard access, readable contrast, labelled forms and sensible headings are part of the build, not a later audit. They also happen to be what search engines reward.',
    },
    {
      title: 'No lock-in',
      text: 'The code lives in your repository, the domain in your registrar account and the hosting in your name. If we ever part ways, you keep everything and a written handover.',
    },
    {
      title: 'Plain language',
      text: 'You get a short update every week: what was done, what is next and anything I need from you. No jargon, no status meetings that could have been an e-mail.',
    },
  ],
  toolsTitle: 'Tools I use every day',
  toolsLead:
    'I pick boring, well-supported tools so your site is easy to maintain. The [MERN deployment guide](/mernRender) shows how I put a typical project online.',
  tools: [
    { title: 'Front end', text: 'React, React Router, TypeScript, Tailwind CSS, semantic HTML' },
    {
      title: 'Back end',
      text: 'Node.js, Express and Fastify APIs, authentication, e-mail, file uploads',
    },
    { title: 'Data', text: 'MongoDB with Mongoose, PostgreSQL with Drizzle, Redis for caching' },
    {
      title: 'Delivery',
      text: 'Render, Docker, GitHub Actions, Cloudflare DNS, automated tests with Playwright',
    },
  ],
  ctaTitle: 'Let’s see if we are a good fit',
  ctaText:
    'A short call costs nothing. You will come away with a clear idea of what your project needs, whether or not we end up working together.',
}

const webdesign: PageContent<'webdesign'> = {
  title: 'Web Design and Development Process',
  description:
    'The seven steps from first call to a live website: discovery, proposal, content and wireframes, visual design, development, testing and launch, and ongoing care.',
  heading: 'The web design and development process',
  intro:
    'A good website is the result of a clear process more than of a clever idea. Here is exactly what happens between our first call and your launch, what you receive at each step and how long it usually takes.',
  stepsTitle: 'Seven steps from idea to launch',
  steps: [
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
  ],
  principlesTitle: 'Design principles behind every project',
  principles: [
    {
      title: 'Mobile first',
      text: 'Layouts are designed for a phone and enhanced for larger screens, because that is where most visitors start.',
    },
    {
      title: 'Content before decoration',
      text: 'Clear headings, short paragraphs and one obvious next step on every page.',
    },
    {
      title: 'Performance budget',
      text: 'Each page has a weight limit for scripts and images, checked automatically on every change.',
    },
    {
      title: 'Accessible by default',
      text: 'Contrast, focus states, labels and keyboard support are part of the design, not an afterthought.',
    },
  ],
  pricingTitle: 'How pricing works',
  pricingLead:
    'Every project gets a fixed quote after the discovery call, split into milestones, so you always know what the next invoice will be and what it pays for.',
  pricing: [
    {
      title: 'Fixed-price projects',
      text: 'New websites and applications are quoted as a whole, with the scope written down. Changes in scope are priced before they are started, never after.',
    },
    {
      title: 'Milestone payments',
      text: 'A deposit to book the work, a payment when the design is approved and the rest at launch. Nothing is due for work you have not seen.',
    },
    {
      title: 'Care plans',
      text: 'After launch, a flat monthly fee covers updates, backups, monitoring and small changes. You can pause or cancel it at any time.',
    },
  ],
  pricingNote:
    'Typical budgets for each kind of project are in the [frequently asked questions](/faq).',
  ctaTitle: 'Ready for step one?',
}

const mernRender: PageContent<'mernRender'> = {
  title: 'Deploy a MERN App to Render',
  description:
    'A step-by-step guide with screenshots: prepare a MongoDB, Express, React and Node.js project, connect MongoDB Atlas, and deploy it as a web service on Render.',
  heading: 'Deploy a MERN app to Render',
  intro:
    'Eight steps from a project on your laptop to a live MongoDB, Express, React and Node.js application with HTTPS. It takes about half an hour the first time. You need a GitHub account, a free MongoDB Atlas account and a free Render account.',
  steps: [
    {
      title: 'Prepare the project for one server',
      body: 'On Render, the simplest MERN setup is a single web service: Express serves the API and the built React files from the same address, so there is no cross-origin configuration to get wrong.\n\nIn the root `package.json`, add a `build` script that installs and builds the client, and a `start` script that runs the server. In the server, serve `client/dist` and listen on `process.env.PORT`: Render tells your app which port to use.',
      image: {
        src: '/images/guides/mern-01-prepare-repo.svg',
        alt: 'Code editor showing package.json with a build script that builds the client and a start script running node server/index.js, and server code that listens on process.env.PORT.',
        caption: 'The two scripts Render will call, and the port your server must listen on.',
      },
    },
    {
      title: 'Create the database on MongoDB Atlas',
      body: 'Create a free cluster on MongoDB Atlas, add a database user with a long generated password, and open **Connect → Drivers** to copy the connection string. Replace `<db_password>` with the password and add your database name before the question mark.\n\nUnder **Network Access**, allow connections from Render. The free Render plan has no fixed outgoing IP, so the usual choice is `0.0.0.0/0` together with a strong password.',
      image: {
        src: '/images/guides/mern-02-mongodb-atlas.svg',
        alt: 'MongoDB Atlas Connect to Cluster0 dialog with a database user, the mongodb+srv connection string highlighted with a Copy button, and the IP access list updated to allow 0.0.0.0/0.',
        caption: 'Copy the connection string; it becomes the MONGO_URI variable in step 7.',
      },
    },
    {
      title: 'Push the code to GitHub',
      body: 'Render deploys from a Git repository. Make sure `.gitignore` lists `node_modules`, `client/dist` and `.env`, so no secrets or build output are committed. Then create an empty repository on GitHub and push your main branch to it.',
      image: {
        src: '/images/guides/mern-03-push-github.svg',
        alt: 'Terminal running git init, git add, git commit, git remote add origin and git push -u origin main, ending with the main branch pushed to GitHub.',
        caption: 'Every later push to main will trigger a new deploy automatically.',
      },
    },
    {
      title: 'Create a new web service',
      body: 'Sign in to the Render dashboard with your GitHub account, click **New +** and choose **Web Service**. A static site would only serve the React files; a web service runs your Express server as well.',
      image: {
        src: '/images/guides/mern-04-new-web-service.svg',
        alt: 'Render dashboard with the New button opened into a menu of service types, with Web Service highlighted.',
        caption: 'New + → Web Service.',
      },
    },
    {
      title: 'Connect your repository',
      body: 'Render lists the repositories your GitHub account lets it see. Click **Connect** next to your project. If it is missing, use the link below the list to give the Render GitHub app access to that repository.',
      image: {
        src: '/images/guides/mern-05-connect-repo.svg',
        alt: 'Render New Web Service page listing GitHub repositories, with the my-mern-app repository and its Connect button highlighted.',
        caption: 'Pick the repository you pushed in step 3.',
      },
    },
    {
      title: 'Set the build and start commands',
      body: 'Give the service a name (it becomes part of its `onrender.com` address), choose the region closest to your visitors and your database, and set:\n\n- Build Command: `npm run build`\n- Start Command: `npm start`\n\nThe free instance is fine for a portfolio or a demo, but it sleeps after a period without visitors, so the first request afterwards is slow. Choose a paid instance for a business site.',
      image: {
        src: '/images/guides/mern-06-settings.svg',
        alt: 'Render web service settings form with name my-mern-app, language Node, branch main, region Oregon, and the build command npm run build and start command npm start highlighted.',
        caption: 'The build and start commands call the scripts from step 1.',
      },
    },
    {
      title: 'Add the environment variables',
      body: 'Secrets never go into the repository. Add them under **Environment Variables**: at least `NODE_ENV=production`, `MONGO_URI` with the connection string from step 2 and a long random `JWT_SECRET` if your app signs tokens. Your code reads them with `process.env`.\n\nThen click **Deploy Web Service**.',
      image: {
        src: '/images/guides/mern-07-environment.svg',
        alt: 'Render environment variables form listing NODE_ENV, MONGO_URI, JWT_SECRET and CLIENT_URL with masked values, and the Deploy Web Service button highlighted.',
        caption: 'Values are encrypted by Render and can be changed later without a code change.',
      },
    },
    {
      title: 'Watch the deploy go live',
      body: 'The **Logs** tab shows the build, then your server starting. When you see *Your service is live*, open the `onrender.com` address at the top and test sign-in, a form and a page reload on a deep link.\n\nIf the deploy fails, the last lines of the log almost always name the cause: a missing variable, a script name typo, or the server listening on a fixed port instead of `PORT`.',
      image: {
        src: '/images/guides/mern-08-live.svg',
        alt: 'Render service logs showing the clone, the build command, a successful Vite build, the server listening on port 10000, MongoDB connected and the message Your service is live, with the Live badge and the onrender.com address highlighted.',
        caption: 'Live: your app now answers at its onrender.com address.',
      },
    },
  ],
  noteTitle: 'Next: your own domain',
  note: 'The app is live at its `onrender.com` address. To serve it from your business domain, with e-mail untouched, follow the [domain transfer and DNS guide](/dns).',
  ctaTitle: 'Rather have it done for you?',
  ctaText:
    'I deploy and look after MERN applications for clients every week: hosting in your name, backups, monitoring and a domain that just works.',
}

const dns: PageContent<'dns'> = {
  title: 'Transfer a Domain and Set Up DNS',
  description:
    'A step-by-step guide with screenshots: unlock and transfer a domain to a new registrar, keep e-mail working, and point the domain at a Render web service with HTTPS.',
  heading: 'Transfer a domain and set up DNS',
  intro:
    'How to move a domain to a new registrar without losing a single e-mail, then point it at a web service on Render with automatic HTTPS. Plan for an hour of work spread over a day or two while the transfer runs.',
  steps: [
    {
      title: 'Unlock the domain at the current registrar',
      body: 'Sign in where the domain is registered today and open its settings. Turn the **registrar lock** (also called transfer lock) off, and check that the registrant e-mail address is one you can read: approval messages go there.\n\nA domain cannot move in its first 60 days after registration or after a previous transfer, and some registrars also block transfers for 60 days after a change of owner details.',
      image: {
        src: '/images/guides/dns-01-unlock.svg',
        alt: 'Registrar domain settings for yourbusiness.com with the Registrar lock toggle switched off and the verified registrant e-mail address highlighted.',
        caption: 'Lock off, and a registrant e-mail address you can read.',
      },
    },
    {
      title: 'Get the authorization code',
      body: 'In the same account, request the **authorization code** (also called EPP or transfer code). It works like a password for the domain: copy it into your password manager, do not send it by e-mail, and expect it to expire after a few days.',
      image: {
        src: '/images/guides/dns-02-auth-code.svg',
        alt: 'Transfer out page of the current registrar showing the authorization (EPP) code for yourbusiness.com in a box with a Copy button.',
        caption: 'The authorization code proves to the new registrar that you own the domain.',
      },
    },
    {
      title: 'Copy every DNS record first',
      body: 'Before anything moves, write down every DNS record, or export the zone file if the registrar offers it. Some registrars stop serving your records the moment the domain leaves them.\n\nThe records that matter most are the ones you do not see: `MX` records route your e-mail, and `TXT` records such as SPF and DKIM stop your messages landing in spam. Losing them is how a domain move breaks e-mail.',
      image: {
        src: '/images/guides/dns-03-copy-records.svg',
        alt: 'DNS records table at the current registrar listing A, CNAME, two MX and two TXT records, with the mail-related MX and TXT records and the Export zone file button highlighted.',
        caption: 'The MX and TXT records keep your e-mail working; copy them exactly.',
      },
    },
    {
      title: 'Start the transfer at the new registrar',
      body: 'At the registrar you are moving to, choose **Transfer a domain**, enter the domain and the authorization code, and pay for the transfer. Almost every registrar adds one year to the expiry date, so you lose no time you already paid for.',
      image: {
        src: '/images/guides/dns-04-start-transfer.svg',
        alt: 'Transfer a domain form at the new registrar with yourbusiness.com entered, the authorization code field highlighted, a checklist, and the Start transfer button highlighted.',
        caption: 'Paste the authorization code from step 2, then start the transfer.',
      },
    },
    {
      title: 'Approve the transfer e-mail',
      body: 'The current registrar sends a confirmation to the registrant address. Approving it finishes the transfer within minutes; if you ignore it, most transfers complete on their own after five days. If you did not request a transfer and receive this message, reject it and change your registrar password.',
      image: {
        src: '/images/guides/dns-05-approve-email.svg',
        alt: 'E-mail titled Transfer request for yourbusiness.com explaining the transfer, with the Approve transfer button highlighted next to a Reject button.',
        caption: 'Approving speeds the transfer up from days to minutes.',
      },
    },
    {
      title: 'Add the domain to your Render service',
      body: 'In Render, open your web service, go to **Settings → Custom Domains** and add `www.yourbusiness.com`. Render adds the bare domain too and redirects it to `www`.\n\nRender then shows the two records your DNS needs: a CNAME for www and an A record for the bare domain.',
      image: {
        src: '/images/guides/dns-06-render-domain.svg',
        alt: 'Render Custom Domains settings with www.yourbusiness.com and yourbusiness.com added, both marked DNS update needed, showing a CNAME record pointing www to my-mern-app.onrender.com and an A record pointing @ to 216.24.57.1.',
        caption: 'Render tells you exactly which records to create.',
      },
    },
    {
      title: 'Create the records at the new registrar',
      body: 'At the new registrar’s DNS page, recreate the mail records you copied in step 3, then add the web records:\n\n- `CNAME` `www` → `your-service.onrender.com`\n- `A` `@` → the IP address Render shows (`216.24.57.1` at the time of writing), or an `ALIAS`/`ANAME` record to your onrender.com name if your DNS provider supports it\n\nDelete any `AAAA` records for the domain: they point browsers at an old IPv6 address and Render answers on IPv4.',
      image: {
        src: '/images/guides/dns-07-new-records.svg',
        alt: 'DNS records table at the new registrar with the A record pointing @ to 216.24.57.1 and the CNAME record pointing www to my-mern-app.onrender.com highlighted, followed by the copied MX and TXT mail records.',
        caption: 'Web records point at Render; mail records are exactly as before.',
      },
    },
    {
      title: 'Verify, then check from your computer',
      body: 'Back in Render, click **Verify** next to each domain. Once DNS answers correctly, Render issues the HTTPS certificate automatically, usually within minutes, though DNS changes can take a few hours to reach every network.\n\nFrom a terminal, `dig +short` shows what the world sees for the web and mail records. Finish by sending yourself an e-mail to the domain and loading the site on your phone over mobile data.',
      image: {
        src: '/images/guides/dns-08-verify.svg',
        alt: 'Terminal showing dig results: www resolving through my-mern-app.onrender.com, the bare domain resolving to 216.24.57.1, the two MX records unchanged, and curl returning HTTP/2 200, with a note that the domain is verified and the certificate issued.',
        caption: 'Web records point at Render, mail records are unchanged and HTTPS answers.',
      },
    },
  ],
  noteTitle: 'Only need the DNS part?',
  note: 'A transfer is optional: if you are happy with your registrar, skip steps 1, 2, 4 and 5 and create the records from step 7 where your DNS is hosted today. If your app is not online yet, start with the [MERN deployment guide](/mernRender).',
  ctaTitle: 'Want someone to do the switch for you?',
  ctaText:
    'I move domains and e-mail for clients regularly, with the records checked before and after, so nobody notices the change except you.',
}

const contact: PageContent<'contact'> = {
  title: 'Contact',
  description:
    'Tell {ownerName} about your website or web application project. Replies within one business day, with an honest first estimate of budget and timeline.',
  heading: 'Get in touch',
  intro:
    'Send a few lines about what you need. I read every message myself and reply within one business day, usually with a couple of questions and a first idea of budget and timeline.',
  formTitle: 'Tell me about your project',
  formNote: 'Fields marked optional can be left empty.',
  nextTitle: 'What happens next',
  nextSteps: [
    'My reply comes with a few questions about your goals and your current site.',
    'We book a free 30-minute call at a time that suits you.',
    'You receive a written proposal with a fixed price and a calendar.',
  ],
}

export const FIRST_RUN_PAGES: { [K in PageKey]: PageContent<K> } = {
  home,
  about,
  webdesign,
  mernRender,
  dns,
  contact,
}
