/**
 * The admin lists on a laptop and on a phone: every row's actions are reachable without scrolling
 * sideways, long texts never widen a table, and on a phone each row reads as a card whose cells
 * show their column labels.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import type { Message } from '#common/schemas/messages.ts'
import type { UserPublic } from '#common/schemas/users.ts'
import type { Website } from '#common/schemas/websites.ts'
import {
  adminListPageOf,
  createWebsiteApi,
  deleteWebsiteApi,
  postContactApi,
  uniqueContact,
  uniqueId,
  uniqueWebsiteFields,
} from './support/api.ts'
import {
  expect,
  expectNoA11yViolations,
  signInAsAdmin,
  STRONG_PASSWORD,
  test,
} from './support/fixtures.ts'

const LAPTOP_WIDTHS = [1280, 1366, 1440]
const PHONE = { width: 390, height: 844 }
const LONG_WORD = 'Unbrokenwordwithoutanyspacesthatwouldwidenthetable'
const longEmail = () =>
  `a-very-long-mailbox-name-${uniqueId()}@subdomain.of.a-long-domain-name.example.com`

type ListName = 'websites' | 'users' | 'messages'

interface Arranged {
  rowName: string
  /** The list page that shows the row now (rows move between pages as parallel specs add some). */
  listPage: () => Promise<number | undefined>
  cleanUp?: () => Promise<void>
}

interface ListCase {
  title: string
  path: string
  /** Makes a row with long texts in the list. */
  arrange: (request: APIRequestContext) => Promise<Arranged>
  /** The accessible names of a row's actions, the delete button last. */
  actions: (rowName: string) => string[]
  /**
   * The column labels a phone shows in the long row's cards; none for the inbox, whose rows are a
   * mail list's on every screen (its phone layout is admin-messages.spec.ts's subject).
   */
  labels?: string[]
}

const pageOf =
  <T extends { _id: string }>(request: APIRequestContext, list: ListName, id: string) =>
  () =>
    adminListPageOf<T>(request, list, (row) => row._id === id)

const CASES: ListCase[] = [
  {
    title: 'Websites',
    path: '/admin/websites',
    arrange: async (request) => {
      const fields = uniqueWebsiteFields(`Long Named Entry ${LONG_WORD}`)
      const website = await createWebsiteApi(request, {
        ...fields,
        languageDescription: `Stack ${LONG_WORD}`,
        description: `${LONG_WORD} ${'A description that goes on and on. '.repeat(12)}`,
        link: `https://${uniqueId()}.example.com/${LONG_WORD}/${LONG_WORD}`,
      })
      return {
        listPage: pageOf<Website>(request, 'websites', website._id),
        rowName: website.name,
        cleanUp: () => deleteWebsiteApi(request, website._id),
      }
    },
    actions: (name) => [`Edit ${name}`, `Delete ${name}`],
    labels: ['ID', 'Slug', 'Name', 'Language', 'Language description', 'Description', 'Link'],
  },
  {
    title: 'Messages',
    path: '/admin/messages',
    arrange: async (request) => {
      const contact = uniqueContact(`Long ${LONG_WORD}`)
      const message = await postContactApi(request, {
        ...contact,
        email: longEmail(),
        subject: `${contact.subject}: ${LONG_WORD} ${'and a long subject line '.repeat(4)}`,
        message: `${LONG_WORD}\n${'A long message body that wraps over many lines. '.repeat(30)}`,
      })
      return {
        listPage: pageOf<Message>(request, 'messages', message._id),
        rowName: message.fullName,
      }
    },
    actions: (name) => [`Reply to ${name}`, `Delete the message from ${name}`],
  },
  {
    title: 'Users',
    path: '/admin/users',
    arrange: async (request) => {
      const res = await request.post('/api/users/signup', {
        data: {
          name: `Member ${LONG_WORD} ${uniqueId()}`,
          email: longEmail(),
          password: STRONG_PASSWORD,
        },
      })
      expect(res.status(), await res.text()).toBe(201)
      const user = (await res.json()) as UserPublic
      return { listPage: pageOf<UserPublic>(request, 'users', user._id), rowName: user.name }
    },
    actions: (name) => [`Edit ${name}`, `Delete ${name}`],
    labels: ['ID', 'Name', 'Email', 'Is Admin'],
  },
]

/** The table's data rows (the header row holds column headers, not cells). */
const dataRows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('cell') })

const deleteNameOf = (list: ListCase, rowName: string) => list.actions(rowName).at(-1) ?? ''

/** The row whose delete button has this accessible name. */
const rowWith = (page: Page, deleteName: string) =>
  dataRows(page).filter({ has: page.getByRole('button', { name: deleteName, exact: true }) })

/** Opens the list on the page that shows the arranged row, and returns that row. */
async function openListAt(page: Page, list: ListCase, arranged: Arranged) {
  const row = rowWith(page, deleteNameOf(list, arranged.rowName))
  await expect(async () => {
    const listPage = await arranged.listPage()
    expect(listPage).toBeDefined()
    await page.goto(`${list.path}?page=${listPage}`)
    await expect(row).toBeVisible({ timeout: 2_000 })
  }).toPass()
  await expect(
    page.getByRole('heading', { level: 1, name: new RegExp(`^${list.title} `) }),
  ).toBeVisible()
  return row
}

async function expectNoSidewaysScroll(page: Page, region: Locator) {
  const sizes = await region.evaluate((el) => ({
    table: { scroll: el.scrollWidth, client: el.clientWidth },
    page: {
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    },
  }))
  expect(sizes.table.scroll, 'the table scrolls sideways').toBeLessThanOrEqual(sizes.table.client)
  expect(sizes.page.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(sizes.page.client)
}

/** Every action of every row sits fully inside the viewport and the table's own box. */
async function expectActionsInView(page: Page, region: Locator) {
  const viewport = page.viewportSize()
  const regionBox = await region.boundingBox()
  expect(viewport && regionBox).toBeTruthy()
  if (!viewport || !regionBox) return
  const rows = await dataRows(page).all()
  expect(rows.length).toBeGreaterThan(0)
  for (const row of rows) {
    const actions = await row
      .getByRole('button')
      .or(row.getByRole('link', { name: /^Edit / }))
      .all()
    expect(actions.length).toBeGreaterThanOrEqual(2)
    for (const action of actions) {
      await expect(action).toBeVisible()
      const box = await action.boundingBox()
      expect(box).not.toBeNull()
      if (!box) continue
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width)
      expect(box.x + box.width).toBeLessThanOrEqual(regionBox.x + regionBox.width + 0.5)
    }
  }
}

const actionRole = (name: string) => (name.startsWith('Edit ') ? 'link' : 'button')

for (const list of CASES) {
  test.describe(`the ${list.title.toLowerCase()} table`, () => {
    for (const width of LAPTOP_WIDTHS) {
      test(`shows every row's actions without scrolling sideways at ${width} px`, async ({
        page,
        request,
      }) => {
        await page.setViewportSize({ width, height: 800 })
        await signInAsAdmin(page, request)
        const arranged = await list.arrange(request)
        try {
          const row = await openListAt(page, list, arranged)
          const region = page.getByRole('region', { name: new RegExp(`^${list.title}, page`) })
          await expect(page.getByRole('columnheader').first()).toBeVisible()
          await expectNoSidewaysScroll(page, region)
          for (const name of list.actions(arranged.rowName)) {
            await expect(row.getByRole(actionRole(name), { name })).toBeVisible()
          }
          await expectActionsInView(page, region)
        } finally {
          await arranged.cleanUp?.()
        }
      })
    }

    test('reads as cards with labelled cells and reachable actions on a phone', async ({
      page,
      request,
    }) => {
      await page.setViewportSize(PHONE)
      await signInAsAdmin(page, request)
      const arranged = await list.arrange(request)
      try {
        const row = await openListAt(page, list, arranged)
        const region = page.getByRole('region', { name: new RegExp(`^${list.title}, page`) })
        await expectNoSidewaysScroll(page, region)
        await expectActionsInView(page, region)

        for (const name of list.actions(arranged.rowName)) {
          await expect(row.getByRole(actionRole(name), { name })).toBeVisible()
        }
        // A card: the cells are stacked, each one with its column's label drawn beside it.
        if (list.labels) await expectLabelledCard(row, list.labels)
        await expectNoA11yViolations(page)
      } finally {
        await arranged.cleanUp?.()
      }
    })
  })
}

async function expectLabelledCard(row: Locator, expected: string[]) {
  const cells = row.getByRole('cell')
  const first = await cells.nth(0).boundingBox()
  const second = await cells.nth(1).boundingBox()
  expect(first && second && second.y >= first.y + first.height - 1).toBe(true)
  expect(first && second && Math.abs(second.x - first.x) < 1).toBe(true)
  const labels = await cells.evaluateAll((tds) =>
    tds.map((td) => ({
      label: td.getAttribute('data-label'),
      drawn: getComputedStyle(td, '::before').content,
    })),
  )
  expect(labels.map((l) => l.label)).toEqual(expect.arrayContaining(expected))
  for (const { label, drawn } of labels) {
    if (label) expect(drawn, `the "${label}" label is drawn`).not.toMatch(/^(none|normal)$/)
  }
}
