/**
 * Draws the site's own images: the deployment-guide illustrations (SVG), the favicon and the
 * touch icon (PNG, rendered from SVG with sharp). The share image is drawn by the server from the
 * settings (server/modules/brand/share-image.ts).
 * Run `npx tsx scripts/make-images.ts` after changing a drawing or the site identity; the output
 * files are committed, so nothing runs at build or start time.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { escapeMarkup } from '#common/escape-markup.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const PUBLIC = path.join(ROOT, 'public')
const GUIDES = path.join(PUBLIC, 'images', 'guides')

export const GUIDE_IMAGE = { width: 960, height: 600 }

const C = {
  brand: '#174ca8',
  brandLight: '#d9eaff',
  brandBg: '#eef6ff',
  ink: '#0f172a',
  text: '#334155',
  muted: '#64748b',
  line: '#cbd5e1',
  soft: '#e2e8f0',
  panel: '#f8fafc',
  canvas: '#f1f5f9',
  accent: '#ea580c',
  green: '#047857',
  greenBg: '#d1fae5',
  amberBg: '#fef3c7',
  amber: '#92400e',
  dark: '#0f172a',
  darkLine: '#1e293b',
}

const STYLE = `<style>text{white-space:pre}.t{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Liberation Sans',Arial,sans-serif}.m{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,'DejaVu Sans Mono',monospace}</style>`

interface TextOptions {
  size?: number
  weight?: number
  fill?: string
  mono?: boolean
  anchor?: 'start' | 'middle' | 'end'
}

function text(x: number, y: number, value: string, o: TextOptions = {}) {
  const attrs = [
    `x="${x}"`,
    `y="${y}"`,
    `class="${o.mono ? 'm' : 't'}"`,
    `font-size="${o.size ?? 14}"`,
    `fill="${o.fill ?? C.ink}"`,
    o.weight ? `font-weight="${o.weight}"` : '',
    o.anchor && o.anchor !== 'start' ? `text-anchor="${o.anchor}"` : '',
  ]
  return `<text ${attrs.filter(Boolean).join(' ')}>${escapeMarkup(value)}</text>`
}

interface RectOptions {
  fill?: string
  stroke?: string
  rx?: number
  dash?: boolean
  width?: number
}

function rect(x: number, y: number, w: number, h: number, o: RectOptions = {}) {
  const attrs = [
    `x="${x}"`,
    `y="${y}"`,
    `width="${w}"`,
    `height="${h}"`,
    `rx="${o.rx ?? 6}"`,
    `fill="${o.fill ?? 'none'}"`,
    o.stroke ? `stroke="${o.stroke}" stroke-width="${o.width ?? 1}"` : '',
    o.dash ? 'stroke-dasharray="8 6"' : '',
  ]
  return `<rect ${attrs.filter(Boolean).join(' ')}/>`
}

function button(
  x: number,
  y: number,
  w: number,
  label: string,
  kind: 'primary' | 'secondary' = 'primary',
) {
  const isPrimary = kind === 'primary'
  return (
    rect(x, y, w, 34, {
      fill: isPrimary ? C.brand : '#fff',
      stroke: isPrimary ? undefined : C.line,
      rx: 6,
    }) +
    text(x + w / 2, y + 22, label, {
      size: 14,
      weight: 600,
      fill: isPrimary ? '#fff' : C.ink,
      anchor: 'middle',
    })
  )
}

function field(
  x: number,
  y: number,
  w: number,
  label: string,
  value: string,
  o: { mono?: boolean; muted?: boolean } = {},
) {
  return (
    text(x, y, label, { size: 13, weight: 600, fill: C.text }) +
    rect(x, y + 8, w, 34, { fill: '#fff', stroke: C.line }) +
    text(x + 12, y + 30, value, { size: 14, mono: o.mono, fill: o.muted ? C.muted : C.ink })
  )
}

/** The orange dashed frame and numbered badge that point at what to click or copy. */
function callout(
  x: number,
  y: number,
  w: number,
  h: number,
  n: number,
  badgeAt: 'top' | 'bottom' = 'top',
) {
  const cy = badgeAt === 'top' ? y : y + h
  return (
    rect(x, y, w, h, { stroke: C.accent, width: 3, dash: true, rx: 8 }) +
    `<circle cx="${x + w}" cy="${cy}" r="14" fill="${C.accent}"/>` +
    text(x + w, cy + 5, String(n), { size: 14, weight: 700, fill: '#fff', anchor: 'middle' })
  )
}

function pill(x: number, y: number, label: string, tone: 'green' | 'amber' | 'brand') {
  const palette = {
    green: [C.greenBg, C.green],
    amber: [C.amberBg, C.amber],
    brand: [C.brandLight, C.brand],
  }[tone]
  const w = label.length * 7.4 + 20
  return (
    rect(x, y, w, 24, { fill: palette[0], rx: 12 }) +
    text(x + w / 2, y + 16, label, { size: 12, weight: 700, fill: palette[1], anchor: 'middle' })
  )
}

function svg(body: string, { width, height } = GUIDE_IMAGE) {
  return `<svg xmlns="http://www.w3.org/2000/svg" xml:space="preserve" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${STYLE}${body}</svg>\n`
}

/** A browser window with an address bar; content is drawn from y = 68 down. */
function browser(url: string, body: string) {
  return svg(
    rect(0, 0, 960, 600, { fill: C.canvas, rx: 0 }) +
      rect(24, 24, 912, 552, { fill: '#fff', stroke: C.line, rx: 14 }) +
      `<path d="M24 38a14 14 0 0 1 14-14h884a14 14 0 0 1 14 14v30H24z" fill="${C.panel}"/>` +
      `<line x1="24" y1="68" x2="936" y2="68" stroke="${C.line}"/>` +
      `<circle cx="48" cy="46" r="6" fill="#f87171"/><circle cx="68" cy="46" r="6" fill="#fbbf24"/><circle cx="88" cy="46" r="6" fill="#34d399"/>` +
      rect(116, 34, 600, 24, { fill: C.soft, rx: 12 }) +
      text(134, 51, url, { size: 13, fill: C.text }) +
      body,
  )
}

/** A dark terminal window; lines starting with "$ " are commands. */
function terminal(title: string, lines: string[], extra = '') {
  const rows = lines
    .map((line, i) => {
      const y = 110 + i * 28
      if (line.startsWith('$ ')) {
        return (
          text(56, y, '$', { size: 15, mono: true, fill: '#34d399' }) +
          text(76, y, line.slice(2), { size: 15, mono: true, fill: '#f8fafc' })
        )
      }
      const isGood = /live|success|verified|issued|connected|✓/i.test(line)
      return text(56, y, line, { size: 15, mono: true, fill: isGood ? '#6ee7b7' : '#cbd5e1' })
    })
    .join('')
  return svg(
    rect(0, 0, 960, 600, { fill: C.canvas, rx: 0 }) +
      rect(24, 24, 912, 552, { fill: C.dark, rx: 14 }) +
      `<circle cx="48" cy="46" r="6" fill="#f87171"/><circle cx="68" cy="46" r="6" fill="#fbbf24"/><circle cx="88" cy="46" r="6" fill="#34d399"/>` +
      text(480, 51, title, { size: 13, fill: '#94a3b8', anchor: 'middle' }) +
      `<line x1="24" y1="68" x2="936" y2="68" stroke="${C.darkLine}"/>` +
      rows +
      extra,
  )
}

/** A dashboard shell: a left navigation column and a page title. */
function dashboard(url: string, nav: string[], active: string, title: string, body: string) {
  const items = nav
    .map((item, i) => {
      const y = 112 + i * 36
      const isActive = item === active
      return (
        (isActive ? rect(36, y - 22, 176, 32, { fill: C.brandBg, rx: 6 }) : '') +
        text(52, y, item, {
          size: 14,
          weight: isActive ? 700 : 500,
          fill: isActive ? C.brand : C.text,
        })
      )
    })
    .join('')
  return browser(
    url,
    rect(24, 68, 200, 508, { fill: C.panel, rx: 0 }) +
      `<path d="M24 562v0a14 14 0 0 0 14 14h186V68H24z" fill="${C.panel}"/>` +
      `<line x1="224" y1="68" x2="224" y2="576" stroke="${C.soft}"/>` +
      items +
      text(256, 112, title, { size: 22, weight: 700 }) +
      body,
  )
}

const tableRow = (y: number, cells: [number, string, TextOptions?][], line = true) =>
  cells.map(([x, value, o]) => text(x, y, value, { size: 14, ...o })).join('') +
  (line ? `<line x1="256" y1="${y + 16}" x2="904" y2="${y + 16}" stroke="${C.soft}"/>` : '')

const RENDER_URL = 'dashboard.render.com'
const APP = 'my-mern-app'
const DOMAIN = 'yourbusiness.com'
const RENDER_NAV = ['Overview', 'Projects', 'Blueprints', 'Env Groups', 'Integrations', 'Billing']
const SERVICE_NAV = ['Events', 'Settings', 'Environment', 'Logs', 'Metrics', 'Scaling']

const mernImages: Record<string, string> = {
  'mern-01-prepare-repo': svg(
    rect(0, 0, 960, 600, { fill: C.canvas, rx: 0 }) +
      rect(24, 24, 912, 552, { fill: '#1e293b', rx: 14 }) +
      `<path d="M24 38a14 14 0 0 1 14-14h206v552H38a14 14 0 0 1-14-14z" fill="#111827"/>` +
      text(44, 60, 'EXPLORER', { size: 12, weight: 700, fill: '#94a3b8' }) +
      rect(34, 217, 196, 28, { fill: '#334155', rx: 4 }) +
      [
        '▾ my-mern-app',
        '  ▸ client',
        '  ▸ server',
        '    index.js',
        '  .gitignore',
        '  package.json',
        '  README.md',
      ]
        .map((f, i) =>
          text(44, 96 + i * 28, f, {
            size: 14,
            mono: true,
            fill: f.includes('package.json') ? '#fff' : '#cbd5e1',
          }),
        )
        .join('') +
      text(268, 60, 'package.json', { size: 13, fill: '#e2e8f0' }) +
      `<line x1="244" y1="72" x2="936" y2="72" stroke="#334155"/>` +
      [
        ['{', '#e2e8f0'],
        ['  "name": "my-mern-app",', '#93c5fd'],
        ['  "type": "module",', '#93c5fd'],
        ['  "scripts": {', '#e2e8f0'],
        ['    "build": "npm install --prefix client && npm run build --prefix client",', '#fde68a'],
        ['    "start": "node server/index.js"', '#fde68a'],
        ['  },', '#e2e8f0'],
        ['  "engines": { "node": ">=20" }', '#93c5fd'],
        ['}', '#e2e8f0'],
        ['', '#e2e8f0'],
        ['// server/index.js: serve the React build in production', '#94a3b8'],
        ["app.use(express.static('client/dist'))", '#e2e8f0'],
        ['app.use((req, res) => res.sendFile(indexHtml))', '#e2e8f0'],
        ['app.listen(process.env.PORT || 5000)', '#e2e8f0'],
      ]
        .map(([line, fill], i) => text(268, 104 + i * 28, line!, { size: 13, mono: true, fill }))
        .join('') +
      callout(258, 198, 664, 62, 1) +
      callout(258, 450, 320, 36, 2, 'bottom'),
  ),
  'mern-02-mongodb-atlas': browser(
    'cloud.mongodb.com/v2#/clusters/connect',
    rect(24, 68, 912, 508, { fill: '#f1f5f9', rx: 0 }) +
      `<path d="M24 68h912v494a14 14 0 0 1-14 14H38a14 14 0 0 1-14-14z" fill="#e2e8f0"/>` +
      rect(150, 96, 660, 456, { fill: '#fff', stroke: C.line, rx: 12 }) +
      text(182, 140, 'Connect to Cluster0', { size: 22, weight: 700 }) +
      text(182, 170, 'Add your connection string into your application code', {
        size: 14,
        fill: C.text,
      }) +
      text(182, 214, '1. Database user', { size: 15, weight: 700 }) +
      field(182, 236, 280, 'Username', 'appuser') +
      field(478, 236, 300, 'Password', '••••••••••••••') +
      text(182, 324, '2. Connection string', { size: 15, weight: 700 }) +
      rect(182, 340, 596, 62, { fill: '#0f172a', rx: 8 }) +
      text(198, 366, 'mongodb+srv://appuser:<db_password>@cluster0', {
        size: 13,
        mono: true,
        fill: '#e2e8f0',
      }) +
      text(198, 388, '.abcd1.mongodb.net/app?retryWrites=true&w=majority', {
        size: 13,
        mono: true,
        fill: '#e2e8f0',
      }) +
      button(686, 412, 92, 'Copy', 'secondary') +
      text(182, 478, '3. Network access: allow 0.0.0.0/0 so Render can connect', {
        size: 14,
        fill: C.text,
      }) +
      pill(182, 496, 'IP access list updated', 'green') +
      button(686, 500, 92, 'Done') +
      callout(176, 334, 608, 74, 1) +
      callout(176, 466, 500, 60, 2),
  ),
  'mern-03-push-github': terminal(`~/projects/${APP}`, [
    '$ git init',
    '$ git add .',
    '$ git commit -m "Prepare for deployment on Render"',
    '[main (root-commit) 4f2c9e1] Prepare for deployment on Render',
    ' 48 files changed, 3127 insertions(+)',
    '$ git remote add origin git@github.com:you/my-mern-app.git',
    '$ git push -u origin main',
    'Writing objects: 100% (61/61), 182.40 KiB | 6.08 MiB/s, done.',
    'To github.com:you/my-mern-app.git',
    ' * [new branch]      main -> main',
    "branch 'main' set up to track 'origin/main'.",
    '$ ▌',
  ]),
  'mern-04-new-web-service': dashboard(
    RENDER_URL,
    RENDER_NAV,
    'Overview',
    'Overview',
    text(256, 142, 'Your projects and services', { size: 14, fill: C.muted }) +
      button(812, 88, 92, 'New +') +
      rect(664, 132, 240, 318, { fill: '#fff', stroke: C.line, rx: 10 }) +
      [
        'Static Site',
        'Web Service',
        'Private Service',
        'Background Worker',
        'Cron Job',
        'Postgres',
        'Key Value',
        'Blueprint',
      ]
        .map(
          (item, i) =>
            (item === 'Web Service' ? rect(672, 178, 224, 34, { fill: C.brandBg, rx: 6 }) : '') +
            text(688, 166 + i * 36, item, {
              size: 14,
              weight: item === 'Web Service' ? 700 : 500,
              fill: item === 'Web Service' ? C.brand : C.text,
            }),
        )
        .join('') +
      rect(256, 170, 380, 120, { fill: C.panel, stroke: C.soft, rx: 10 }) +
      text(280, 206, 'No services yet', { size: 16, weight: 700 }) +
      text(280, 234, 'Deploy a web app, API or static site', { size: 14, fill: C.text }) +
      text(280, 258, 'straight from a Git repository.', { size: 14, fill: C.text }) +
      callout(806, 82, 104, 46, 1) +
      callout(668, 174, 232, 42, 2),
  ),
  'mern-05-connect-repo': dashboard(
    `${RENDER_URL}/web/new`,
    RENDER_NAV,
    'Overview',
    'New Web Service',
    text(256, 142, 'Source Code', { size: 15, weight: 700 }) +
      rect(256, 156, 648, 44, { fill: '#fff', stroke: C.line, rx: 8 }) +
      text(272, 184, '⌕  Search repositories', { size: 14, fill: C.muted }) +
      ['you / my-mern-app', 'you / portfolio-site', 'you / booking-api', 'you / landing-page']
        .map((repo, i) => {
          const y = 216 + i * 60
          return (
            rect(256, y, 648, 52, {
              fill: i === 0 ? C.brandBg : '#fff',
              stroke: i === 0 ? C.brandLight : C.soft,
              rx: 8,
            }) +
            text(276, y + 31, repo, { size: 15, weight: i === 0 ? 700 : 500 }) +
            text(560, y + 31, `updated ${['2 minutes', '3 days', '2 weeks', '1 month'][i]} ago`, {
              size: 13,
              fill: C.muted,
            }) +
            button(796, y + 9, 92, 'Connect', i === 0 ? 'primary' : 'secondary')
          )
        })
        .join('') +
      text(
        256,
        478,
        'Don’t see your repository? Configure the GitHub app to give Render access to it.',
        { size: 13, fill: C.text },
      ) +
      callout(250, 210, 660, 64, 1),
  ),
  'mern-06-settings': dashboard(
    `${RENDER_URL}/web/new`,
    RENDER_NAV,
    'Overview',
    'You are deploying a Web Service',
    field(256, 150, 300, 'Name', APP) +
      field(580, 150, 324, 'Language', 'Node') +
      field(256, 216, 300, 'Branch', 'main') +
      field(580, 216, 324, 'Region', 'Oregon (US West)') +
      field(
        256,
        282,
        648,
        'Root Directory (optional)',
        'Leave empty: package.json is at the root',
        { muted: true },
      ) +
      field(256, 348, 648, 'Build Command', 'npm run build', { mono: true }) +
      field(256, 414, 648, 'Start Command', 'npm start', { mono: true }) +
      text(256, 488, 'Instance Type', { size: 13, weight: 600, fill: C.text }) +
      rect(256, 498, 200, 52, { fill: C.brandBg, stroke: C.brand, rx: 8, width: 2 }) +
      text(272, 521, 'Free', { size: 14, weight: 700 }) +
      text(272, 540, '512 MB RAM, sleeps when idle', { size: 11, fill: C.text }) +
      rect(472, 498, 200, 52, { fill: '#fff', stroke: C.line, rx: 8 }) +
      text(488, 521, 'Starter', { size: 14, weight: 700 }) +
      text(488, 540, 'Always on', { size: 11, fill: C.text }) +
      callout(250, 328, 660, 134, 1),
  ),
  'mern-07-environment': dashboard(
    `${RENDER_URL}/web/new`,
    RENDER_NAV,
    'Overview',
    'Environment Variables',
    text(256, 142, 'Secrets stay out of Git: set them here, read them with process.env.', {
      size: 14,
      fill: C.text,
    }) +
      text(256, 180, 'KEY', { size: 12, weight: 700, fill: C.muted }) +
      text(520, 180, 'VALUE', { size: 12, weight: 700, fill: C.muted }) +
      [
        ['NODE_ENV', 'production'],
        ['MONGO_URI', 'mongodb+srv://appuser:••••@cluster0…'],
        ['JWT_SECRET', '••••••••••••••••••••••••'],
        ['CLIENT_URL', `https://www.${DOMAIN}`],
      ]
        .map(([key, value], i) => {
          const y = 192 + i * 50
          return (
            rect(256, y, 248, 38, { fill: '#fff', stroke: C.line }) +
            text(268, y + 25, key!, { size: 14, mono: true }) +
            rect(520, y, 340, 38, { fill: '#fff', stroke: C.line }) +
            text(532, y + 25, value!, { size: 14, mono: true, fill: C.text }) +
            text(884, y + 25, '✕', { size: 15, fill: C.muted, anchor: 'middle' })
          )
        })
        .join('') +
      button(256, 400, 220, '+ Add Environment Variable', 'secondary') +
      button(724, 500, 180, 'Deploy Web Service') +
      callout(250, 186, 618, 200, 1) +
      callout(718, 494, 192, 46, 2),
  ),
  'mern-08-live': dashboard(
    `${RENDER_URL}/web/srv-${APP}/logs`,
    SERVICE_NAV,
    'Logs',
    APP,
    pill(256, 124, 'Live', 'green') +
      text(318, 141, `https://${APP}.onrender.com`, { size: 14, weight: 600, fill: C.brand }) +
      rect(256, 164, 648, 380, { fill: C.dark, rx: 10 }) +
      [
        '==> Cloning from https://github.com/you/my-mern-app',
        "==> Running build command 'npm run build'...",
        'vite v6 building for production...',
        '✓ 142 modules transformed.',
        '✓ built in 4.31s',
        '==> Build successful',
        '==> Deploying...',
        "==> Running 'npm start'",
        'Server listening on port 10000',
        'MongoDB connected',
        '==> Your service is live',
      ]
        .map((line, i) =>
          text(276, 194 + i * 31, line, {
            size: 14,
            mono: true,
            fill: /live|success|✓|connected/i.test(line) ? '#6ee7b7' : '#cbd5e1',
          }),
        )
        .join('') +
      callout(252, 118, 330, 36, 1) +
      callout(266, 478, 300, 56, 2),
  ),
}

const REGISTRAR_NAV = ['Domains', 'DNS', 'Transfers', 'E-mail', 'Billing', 'Account']

const dnsRecords = (
  rows: [string, string, string, string][],
  yStart: number,
  highlight: number[] = [],
) =>
  text(256, yStart, 'TYPE', { size: 12, weight: 700, fill: C.muted }) +
  text(340, yStart, 'NAME', { size: 12, weight: 700, fill: C.muted }) +
  text(480, yStart, 'CONTENT', { size: 12, weight: 700, fill: C.muted }) +
  text(820, yStart, 'TTL', { size: 12, weight: 700, fill: C.muted }) +
  `<line x1="256" y1="${yStart + 12}" x2="904" y2="${yStart + 12}" stroke="${C.line}"/>` +
  rows
    .map(([type, name, content, ttl], i) => {
      const y = yStart + 42 + i * 44
      return (
        (highlight.includes(i) ? rect(248, y - 26, 664, 40, { fill: C.brandBg, rx: 6 }) : '') +
        tableRow(y, [
          [256, type, { weight: 700, mono: true }],
          [340, name, { mono: true }],
          [480, content, { mono: true, size: 13 }],
          [820, ttl, { fill: C.text }],
        ])
      )
    })
    .join('')

const dnsImages: Record<string, string> = {
  'dns-01-unlock': dashboard(
    `old-registrar.example/domains/${DOMAIN}`,
    REGISTRAR_NAV,
    'Domains',
    DOMAIN,
    pill(256, 126, 'Active', 'green') +
      text(330, 143, 'Expires Mar 14, 2027 · Auto-renew on', { size: 14, fill: C.text }) +
      [
        ['Registrar lock', 'Prevents unauthorised transfers', 'Off'],
        ['Domain privacy', 'Hides your contact details in WHOIS', 'On'],
        ['Registrant e-mail', 'owner@yourbusiness.com (verified)', ''],
        ['Registered', 'Mar 14, 2019 (older than 60 days)', ''],
      ]
        .map(([label, hint, toggle], i) => {
          const y = 176 + i * 82
          const isOn = toggle === 'On'
          return (
            rect(256, y, 648, 70, { fill: '#fff', stroke: C.soft, rx: 10 }) +
            text(276, y + 30, label!, { size: 16, weight: 700 }) +
            text(276, y + 53, hint!, { size: 13, fill: C.text }) +
            (toggle
              ? rect(820, y + 22, 56, 28, { fill: isOn ? C.brand : '#94a3b8', rx: 14 }) +
                `<circle cx="${isOn ? 862 : 834}" cy="${y + 36}" r="11" fill="#fff"/>` +
                text(806, y + 41, toggle, { size: 13, weight: 700, fill: C.text, anchor: 'end' })
              : '')
          )
        })
        .join('') +
      callout(250, 170, 660, 82, 1) +
      callout(250, 334, 660, 82, 2),
  ),
  'dns-02-auth-code': dashboard(
    `old-registrar.example/domains/${DOMAIN}/transfer`,
    REGISTRAR_NAV,
    'Transfers',
    'Transfer out',
    text(256, 142, `Move ${DOMAIN} to another registrar`, { size: 14, fill: C.text }) +
      rect(256, 166, 648, 300, { fill: '#fff', stroke: C.line, rx: 12 }) +
      text(284, 206, 'Authorization code (EPP code)', { size: 17, weight: 700 }) +
      text(284, 234, 'Give this code to your new registrar. It proves you own the domain.', {
        size: 14,
        fill: C.text,
      }) +
      rect(284, 258, 400, 48, { fill: C.panel, stroke: C.line, rx: 8 }) +
      text(304, 289, 'q7R#v2Lm!9xTpe4W', { size: 18, mono: true, weight: 700 }) +
      button(700, 265, 96, 'Copy', 'secondary') +
      text(284, 344, 'The code was also sent to owner@yourbusiness.com.', {
        size: 14,
        fill: C.text,
      }) +
      text(284, 372, 'It expires in 14 days. Keep it private, like a password.', {
        size: 14,
        fill: C.text,
      }) +
      pill(284, 400, 'Registrar lock: off', 'amber') +
      callout(278, 252, 524, 60, 1),
  ),
  'dns-04-start-transfer': dashboard(
    'new-registrar.example/transfer',
    ['Dashboard', 'Domains', 'Transfer', 'DNS', 'Billing'],
    'Transfer',
    'Transfer a domain',
    text(256, 142, 'Transfers include one year of renewal added to the expiry date.', {
      size: 14,
      fill: C.text,
    }) +
      field(256, 178, 648, 'Domain name', DOMAIN) +
      field(256, 248, 648, 'Authorization code', '••••••••••••••••', { mono: true }) +
      rect(256, 318, 648, 120, { fill: C.panel, stroke: C.soft, rx: 10 }) +
      text(276, 350, 'Before you continue', { size: 15, weight: 700 }) +
      text(276, 378, '✓  Registrar lock is off at the current registrar', {
        size: 14,
        fill: C.text,
      }) +
      text(276, 404, '✓  The registrant e-mail address can receive mail', {
        size: 14,
        fill: C.text,
      }) +
      text(276, 428, '✓  DNS records are copied (step 3)', { size: 14, fill: C.text }) +
      text(256, 480, 'Total: 1 year renewal', { size: 15, weight: 700 }) +
      button(744, 462, 160, 'Start transfer') +
      callout(250, 250, 660, 46, 1) +
      callout(738, 456, 172, 46, 2),
  ),
  'dns-05-approve-email': browser(
    'mail.yourbusiness.com/inbox',
    rect(24, 68, 260, 508, { fill: C.panel, rx: 0 }) +
      `<path d="M24 562a14 14 0 0 0 14 14h246V68H24z" fill="${C.panel}"/>` +
      text(48, 108, 'Inbox', { size: 15, weight: 700 }) +
      rect(36, 124, 236, 76, { fill: C.brandBg, rx: 8 }) +
      text(52, 150, 'Old Registrar', { size: 14, weight: 700 }) +
      text(52, 172, 'Transfer request for', { size: 13, fill: C.text }) +
      text(52, 190, DOMAIN, { size: 13, fill: C.text }) +
      text(52, 232, 'New Registrar', { size: 14, weight: 600 }) +
      text(52, 254, 'Transfer started', { size: 13, fill: C.text }) +
      text(316, 116, `Transfer request for ${DOMAIN}`, { size: 20, weight: 700 }) +
      text(316, 142, 'From: transfers@old-registrar.example · To: owner@yourbusiness.com', {
        size: 13,
        fill: C.muted,
      }) +
      `<line x1="316" y1="160" x2="904" y2="160" stroke="${C.soft}"/>` +
      [
        `We received a request to transfer ${DOMAIN}`,
        'to another registrar. If you made this request, approve it',
        'now and the transfer completes within minutes.',
        '',
        'If you do nothing, the transfer completes automatically',
        'in 5 days. If you did not request it, reject it.',
      ]
        .map((line, i) => text(316, 196 + i * 26, line, { size: 15, fill: C.text }))
        .join('') +
      button(316, 368, 180, 'Approve transfer') +
      button(512, 368, 120, 'Reject', 'secondary') +
      callout(310, 362, 192, 46, 1),
  ),
  'dns-03-copy-records': dashboard(
    `old-registrar.example/dns/${DOMAIN}`,
    REGISTRAR_NAV,
    'DNS',
    `DNS records · ${DOMAIN}`,
    text(256, 142, 'Write down every record before the transfer: some registrars drop them.', {
      size: 14,
      fill: C.text,
    }) +
      dnsRecords(
        [
          ['A', '@', '192.0.2.10', '1 hour'],
          ['CNAME', 'www', `${DOMAIN}`, '1 hour'],
          ['MX', '@', '10 mx1.mailhost.example', '1 hour'],
          ['MX', '@', '20 mx2.mailhost.example', '1 hour'],
          ['TXT', '@', 'v=spf1 include:mailhost.example ~all', '1 hour'],
          ['TXT', 's1._domainkey', 'v=DKIM1; k=rsa; p=MIGfMA0G…', '1 hour'],
        ],
        182,
        [2, 3, 4, 5],
      ) +
      button(744, 494, 160, 'Export zone file', 'secondary') +
      callout(250, 286, 660, 176, 1) +
      callout(738, 488, 172, 46, 2),
  ),
  'dns-06-render-domain': dashboard(
    `${RENDER_URL}/web/srv-${APP}/settings`,
    SERVICE_NAV,
    'Settings',
    'Custom Domains',
    text(256, 142, `Your service is always available at ${APP}.onrender.com.`, {
      size: 14,
      fill: C.text,
    }) +
      field(256, 176, 480, 'Add a custom domain', `www.${DOMAIN}`) +
      button(752, 184, 152, 'Save') +
      [
        [`www.${DOMAIN}`, 'CNAME', `${APP}.onrender.com`],
        [DOMAIN, 'A', '216.24.57.1'],
      ]
        .map(([domain, type, value], i) => {
          const y = 258 + i * 128
          return (
            rect(256, y, 648, 112, { fill: '#fff', stroke: C.soft, rx: 10 }) +
            text(276, y + 32, domain!, { size: 16, weight: 700 }) +
            pill(744, y + 14, 'DNS update needed', 'amber') +
            text(
              276,
              y + 62,
              `Add ${type === 'A' ? 'an' : 'a'} ${type} record at your DNS provider:`,
              { size: 14, fill: C.text },
            ) +
            rect(276, y + 74, 520, 28, { fill: C.panel, rx: 6 }) +
            text(288, y + 93, `${type}  ${i === 0 ? 'www' : '@'}  →  ${value}`, {
              size: 14,
              mono: true,
            })
          )
        })
        .join('') +
      callout(270, 326, 532, 40, 1) +
      callout(270, 454, 532, 40, 2),
  ),
  'dns-07-new-records': dashboard(
    `new-registrar.example/dns/${DOMAIN}`,
    ['Dashboard', 'Domains', 'Transfer', 'DNS', 'Billing'],
    'DNS',
    `DNS records · ${DOMAIN}`,
    text(256, 142, 'Mail records copied from the old registrar, web records pointing at Render.', {
      size: 14,
      fill: C.text,
    }) +
      dnsRecords(
        [
          ['A', '@', '216.24.57.1', 'Auto'],
          ['CNAME', 'www', `${APP}.onrender.com`, 'Auto'],
          ['MX', '@', '10 mx1.mailhost.example', 'Auto'],
          ['MX', '@', '20 mx2.mailhost.example', 'Auto'],
          ['TXT', '@', 'v=spf1 include:mailhost.example ~all', 'Auto'],
          ['TXT', 's1._domainkey', 'v=DKIM1; k=rsa; p=MIGfMA0G…', 'Auto'],
        ],
        182,
        [0, 1],
      ) +
      text(256, 500, 'No AAAA records: Render serves custom domains over IPv4.', {
        size: 14,
        fill: C.text,
      }) +
      button(760, 482, 144, '+ Add record', 'secondary') +
      callout(250, 198, 660, 88, 1),
  ),
  'dns-08-verify': terminal(`~ · checking ${DOMAIN}`, [
    `$ dig +short www.${DOMAIN}`,
    `${APP}.onrender.com.`,
    '216.24.57.251',
    `$ dig +short ${DOMAIN}`,
    '216.24.57.1',
    `$ dig +short MX ${DOMAIN}`,
    '10 mx1.mailhost.example.',
    '20 mx2.mailhost.example.',
    `$ curl -sI https://www.${DOMAIN} | head -n 1`,
    'HTTP/2 200',
    '# Render: domain verified, certificate issued',
    '$ ▌',
  ]),
}

const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${C.brand}"/><path d="M12 10l-6 6 6 6M20 10l6 6-6 6M17.5 8.5l-3 15" fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/></svg>\n`

/** The home page's decorative browser window with four perfect audit scores. */
function heroImage() {
  const scores = ['Performance', 'Accessibility', 'Best Practices', 'SEO']
  return svg(
    rect(1, 1, 478, 398, { fill: '#fff', stroke: C.soft, rx: 18 }) +
      `<path d="M1 19A18 18 0 0 1 19 1h442a18 18 0 0 1 18 18v35H1z" fill="${C.panel}"/>` +
      `<line x1="1" y1="54" x2="479" y2="54" stroke="${C.soft}"/>` +
      `<circle cx="26" cy="28" r="6" fill="#f87171"/><circle cx="46" cy="28" r="6" fill="#fbbf24"/><circle cx="66" cy="28" r="6" fill="#34d399"/>` +
      rect(90, 16, 370, 24, { fill: C.soft, rx: 12 }) +
      text(106, 33, 'yourbusiness.com', { size: 13, fill: C.text }) +
      scores
        .map((label, i) => {
          const y = 100 + i * 62
          return (
            `<circle cx="52" cy="${y}" r="22" fill="none" stroke="#10b981" stroke-width="5"/>` +
            text(52, y + 5, '100', { size: 13, weight: 700, fill: C.green, anchor: 'middle' }) +
            text(92, y + 5, label, { size: 15, weight: 500, fill: C.text }) +
            rect(330, y - 4, 120, 8, { fill: '#10b981', rx: 4 })
          )
        })
        .join('') +
      `<line x1="28" y1="340" x2="452" y2="340" stroke="${C.soft}"/>` +
      text(28, 370, 'The Lighthouse scores every site I build aims for at launch.', {
        size: 13,
        fill: C.text,
      }),
    { width: 480, height: 400 },
  )
}

async function main() {
  await mkdir(GUIDES, { recursive: true })
  const guides = { ...mernImages, ...dnsImages }
  for (const [name, content] of Object.entries(guides)) {
    await writeFile(path.join(GUIDES, `${name}.svg`), content)
  }
  await writeFile(path.join(PUBLIC, 'images', 'hero-scores.svg'), heroImage())
  await writeFile(path.join(PUBLIC, 'favicon.svg'), FAVICON)
  await sharp(Buffer.from(FAVICON), { density: 540 })
    .resize(180, 180)
    .png()
    .toFile(path.join(PUBLIC, 'apple-touch-icon.png'))
  console.log(
    `Wrote ${Object.keys(guides).length} guide images, hero-scores.svg, favicon.svg and apple-touch-icon.png`,
  )
}

await main()
