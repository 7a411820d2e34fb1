import { Link, href } from 'react-router'
import type { Route } from './+types/mern-render'
import { GUIDE_LINK, GuidePage } from '#app/components/layout/guide-page.tsx'
import type { GuideStep } from '#app/components/layout/guide-steps.tsx'
import { pageMeta } from '#app/lib/seo.ts'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Deploy a MERN App to Render',
    description:
      'A step-by-step guide with screenshots: prepare a MongoDB, Express, React and Node.js project, connect MongoDB Atlas, and deploy it as a web service on Render.',
    path: href('/mernRender'),
    matches,
    type: 'article',
  })

const STEPS: GuideStep[] = [
  {
    title: 'Prepare the project for one server',
    body: (
      <>
        <p>
          On Render, the simplest MERN setup is a single web service: Express serves the API and the
          built React files from the same address, so there is no cross-origin configuration to get
          wrong.
        </p>
        <p>
          In the root <code>package.json</code>, add a <code>build</code> script that installs and
          builds the client, and a <code>start</code> script that runs the server. In the server,
          serve <code>client/dist</code> and listen on <code>process.env.PORT</code>: Render tells
          your app which port to use.
        </p>
      </>
    ),
    image: {
      src: '/images/guides/mern-01-prepare-repo.svg',
      alt: 'Code editor showing package.json with a build script that builds the client and a start script running node server/index.js, and server code that listens on process.env.PORT.',
      caption: 'The two scripts Render will call, and the port your server must listen on.',
    },
  },
  {
    title: 'Create the database on MongoDB Atlas',
    body: (
      <>
        <p>
          Create a free cluster on MongoDB Atlas, add a database user with a long generated
          password, and open <strong>Connect → Drivers</strong> to copy the connection string.
          Replace <code>&lt;db_password&gt;</code> with the password and add your database name
          before the question mark.
        </p>
        <p>
          Under <strong>Network Access</strong>, allow connections from Render. The free Render plan
          has no fixed outgoing IP, so the usual choice is <code>0.0.0.0/0</code> together with a
          strong password.
        </p>
      </>
    ),
    image: {
      src: '/images/guides/mern-02-mongodb-atlas.svg',
      alt: 'MongoDB Atlas Connect to Cluster0 dialog with a database user, the mongodb+srv connection string highlighted with a Copy button, and the IP access list updated to allow 0.0.0.0/0.',
      caption: 'Copy the connection string; it becomes the MONGO_URI variable in step 7.',
    },
  },
  {
    title: 'Push the code to GitHub',
    body: (
      <>
        <p>
          Render deploys from a Git repository. Make sure <code>.gitignore</code> lists{' '}
          <code>node_modules</code>, <code>client/dist</code> and <code>.env</code>, so no secrets
          or build output are committed. Then create an empty repository on GitHub and push your
          main branch to it.
        </p>
      </>
    ),
    image: {
      src: '/images/guides/mern-03-push-github.svg',
      alt: 'Terminal running git init, git add, git commit, git remote add origin and git push -u origin main, ending with the main branch pushed to GitHub.',
      caption: 'Every later push to main will trigger a new deploy automatically.',
    },
  },
  {
    title: 'Create a new web service',
    body: (
      <p>
        Sign in to the Render dashboard with your GitHub account, click <strong>New +</strong> and
        choose <strong>Web Service</strong>. A static site would only serve the React files; a web
        service runs your Express server as well.
      </p>
    ),
    image: {
      src: '/images/guides/mern-04-new-web-service.svg',
      alt: 'Render dashboard with the New button opened into a menu of service types, with Web Service highlighted.',
      caption: 'New + → Web Service.',
    },
  },
  {
    title: 'Connect your repository',
    body: (
      <p>
        Render lists the repositories your GitHub account lets it see. Click{' '}
        <strong>Connect</strong> next to your project. If it is missing, use the link below the list
        to give the Render GitHub app access to that repository.
      </p>
    ),
    image: {
      src: '/images/guides/mern-05-connect-repo.svg',
      alt: 'Render New Web Service page listing GitHub repositories, with the my-mern-app repository and its Connect button highlighted.',
      caption: 'Pick the repository you pushed in step 3.',
    },
  },
  {
    title: 'Set the build and start commands',
    body: (
      <>
        <p>
          Give the service a name (it becomes part of its <code>onrender.com</code> address), choose
          the region closest to your visitors and your database, and set:
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            Build Command: <code>npm run build</code>
          </li>
          <li>
            Start Command: <code>npm start</code>
          </li>
        </ul>
        <p>
          The free instance is fine for a portfolio or a demo, but it sleeps after a period without
          visitors, so the first request afterwards is slow. Choose a paid instance for a business
          site.
        </p>
      </>
    ),
    image: {
      src: '/images/guides/mern-06-settings.svg',
      alt: 'Render web service settings form with name my-mern-app, language Node, branch main, region Oregon, and the build command npm run build and start command npm start highlighted.',
      caption: 'The build and start commands call the scripts from step 1.',
    },
  },
  {
    title: 'Add the environment variables',
    body: (
      <>
        <p>
          Secrets never go into the repository. Add them under{' '}
          <strong>Environment Variables</strong>: at least <code>NODE_ENV=production</code>,{' '}
          <code>MONGO_URI</code> with the connection string from step 2 and a long random{' '}
          <code>JWT_SECRET</code> if your app signs tokens. Your code reads them with{' '}
          <code>process.env</code>.
        </p>
        <p>
          Then click <strong>Deploy Web Service</strong>.
        </p>
      </>
    ),
    image: {
      src: '/images/guides/mern-07-environment.svg',
      alt: 'Render environment variables form listing NODE_ENV, MONGO_URI, JWT_SECRET and CLIENT_URL with masked values, and the Deploy Web Service button highlighted.',
      caption: 'Values are encrypted by Render and can be changed later without a code change.',
    },
  },
  {
    title: 'Watch the deploy go live',
    body: (
      <>
        <p>
          The <strong>Logs</strong> tab shows the build, then your server starting. When you see{' '}
          <em>Your service is live</em>, open the <code>onrender.com</code> address at the top and
          test sign-in, a form and a page reload on a deep link.
        </p>
        <p>
          If the deploy fails, the last lines of the log almost always name the cause: a missing
          variable, a script name typo, or the server listening on a fixed port instead of{' '}
          <code>PORT</code>.
        </p>
      </>
    ),
    image: {
      src: '/images/guides/mern-08-live.svg',
      alt: 'Render service logs showing the clone, the build command, a successful Vite build, the server listening on port 10000, MongoDB connected and the message Your service is live, with the Live badge and the onrender.com address highlighted.',
      caption: 'Live: your app now answers at its onrender.com address.',
    },
  },
]

export default function MernRenderPage() {
  return (
    <GuidePage
      title="Deploy a MERN app to Render"
      intro={
        <>
          Eight steps from a project on your laptop to a live MongoDB, Express, React and Node.js
          application with HTTPS. It takes about half an hour the first time. You need a GitHub
          account, a free MongoDB Atlas account and a free Render account.
        </>
      }
      steps={STEPS}
      note={{
        title: 'Next: your own domain',
        body: (
          <>
            The app is live at its{' '}
            <code className="rounded bg-white px-1.5 py-0.5 text-[0.9em] text-slate-900">
              onrender.com
            </code>{' '}
            address. To serve it from your business domain, with e-mail untouched, follow the{' '}
            <Link to={href('/dns')} className={GUIDE_LINK}>
              domain transfer and DNS guide
            </Link>
            .
          </>
        ),
      }}
      callToAction={{
        title: 'Rather have it done for you?',
        text: 'I deploy and look after MERN applications for clients every week: hosting in your name, backups, monitoring and a domain that just works.',
      }}
    />
  )
}
