import { readFile } from 'node:fs/promises'
import type { APIRequestContext, Browser } from '@playwright/test'
import type { Proposal } from '#common/schemas/proposals.ts'
import { adminHeaders, uniqueId } from './support/api.ts'
import { E2E_BASE_URL } from './support/e2e-env.ts'
import {
  expect,
  expectNoA11yViolations,
  expectToast,
  newNoJsPage,
  signInAsAdmin,
  test,
  waitForMailTo,
} from './support/fixtures.ts'

const SIGN_IN_LINK = /\/client\/signin\/[\w-]+/

/** A client with a sent proposal, made through the API as the owner's screens do. */
async function clientWithProposal(request: APIRequestContext) {
  const headers = await adminHeaders(request)
  const email = `room-${uniqueId()}@example.com`
  const name = `Robin ${uniqueId()}`
  const made = await request.post('/api/clients', {
    headers,
    data: { name, email, company: 'Crumb & Crust Ltd', country: 'GB' },
  })
  expect(made.status(), await made.text()).toBe(201)
  const { client } = (await made.json()) as { client: { _id: string } }
  const title = `A shop ${uniqueId()}`
  const created = await request.post('/api/proposals', {
    headers,
    data: {
      clientId: client._id,
      title,
      items: [{ description: 'Build', quantity: '1', unitPrice: '4200.00', taxRate: '20' }],
      validUntil: '2099-12-31',
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { proposal } = (await created.json()) as { proposal: Proposal }
  const sent = await request.post(`/api/proposals/${proposal._id}/send`, { headers })
  expect(sent.status(), await sent.text()).toBe(200)
  const invoice = await request.post('/api/invoices', {
    headers,
    data: {
      clientId: client._id,
      items: [{ description: 'Care plan', quantity: '2', unitPrice: '49.50', taxRate: '20' }],
    },
  })
  expect(invoice.status(), await invoice.text()).toBe(201)
  const { invoice: drafted } = (await invoice.json()) as { invoice: { _id: string } }
  const issued = await request.post(`/api/invoices/${drafted._id}/issue`, { headers })
  expect(issued.status(), await issued.text()).toBe(200)
  const { invoice: out } = (await issued.json()) as { invoice: { number: string } }
  return { id: client._id, email, name, title, invoiceNumber: out.number }
}

/** Asks for a sign-in link on /client (without JavaScript unless asked) and opens the one mailed. */
async function signInByMail(
  browser: Browser,
  email: string,
  width: number,
  { javaScript = false } = {},
) {
  const { context, page } = javaScript
    ? await (async () => {
        const context = await browser.newContext({ baseURL: E2E_BASE_URL })
        return { context, page: await context.newPage() }
      })()
    : await newNoJsPage(browser)
  await page.setViewportSize({ width, height: 900 })
  await page.goto('/client')
  await page.getByLabel('Your e-mail address').fill(email)
  await page.getByRole('button', { name: 'Send me a sign-in link' }).click()
  await expect(page.getByText(/If this address belongs to a client, a sign-in link/)).toBeVisible()
  const mail = await waitForMailTo(email, /sign-in link/)
  const link = SIGN_IN_LINK.exec(mail.text)![0]
  const opened = await page.goto(link)
  expect(opened?.url()).toMatch(/\/client$/)
  return { context, page, link }
}

test('a client signs in by mail without JavaScript, finds their proposal, writes to the owner and signs out', async ({
  browser,
  request,
}) => {
  const client = await clientWithProposal(request)
  const { context, page, link } = await signInByMail(browser, client.email, 390)
  try {
    const room = await page.goto('/client')
    expect(room?.headers()['cache-control']).toBe('private, no-store')
    expect(room?.headers()['x-robots-tag']).toBe('noindex')
    await expect(
      page.getByRole('heading', { level: 1, name: `Welcome, ${client.name}` }),
    ).toBeVisible()
    const proposals = page.getByRole('region', { name: 'Proposals' })
    await expect(proposals.getByText(client.title, { exact: true })).toBeVisible()
    await expect(proposals.getByText('Waiting for your answer')).toBeVisible()
    const invoices = page.getByRole('region', { name: 'Invoices' })
    await expect(invoices.getByText(`Invoice ${client.invoiceNumber}`)).toBeVisible()
    await expect(invoices.getByText('€118.80 to pay')).toBeVisible()
    await expect(
      invoices.getByRole('link', { name: `Pay invoice ${client.invoiceNumber}` }),
    ).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    await page.getByLabel(/^Write to /).fill('The photos are on their way.')
    await page.getByRole('button', { name: 'Send the message' }).click()
    await expect(page.getByText(/^Sent\./)).toBeVisible()
    await page.goto('/client')
    const conversation = page.getByRole('list', { name: 'Your conversation' })
    await expect(conversation.getByText('The photos are on their way.')).toBeVisible()

    // The owner finds it in the inbox under the client's name.
    const headers = await adminHeaders(request)
    const inbox = await request.get('/api/messages/admin', { headers })
    const { messages } = (await inbox.json()) as {
      messages: { fullName: string; email: string; message: string }[]
    }
    expect(messages.find((m) => m.email === client.email)).toMatchObject({
      fullName: client.name,
      message: 'The photos are on their way.',
    })

    // A project with its milestones, and files both ways with the same bytes.
    const headers0 = await adminHeaders(request)
    const project = await request.post('/api/projects', {
      headers: headers0,
      data: {
        clientId: client.id,
        name: 'The new shop',
        status: 'in_progress',
        milestones: [
          { title: 'Design signed off', due: '2026-12-10', done: true },
          { title: 'Launch', due: '2027-01-15', done: false },
        ],
      },
    })
    expect(project.status(), await project.text()).toBe(201)
    await page.goto('/client')
    const projects = page.getByRole('region', { name: 'Projects' })
    await expect(projects.getByText('The new shop')).toBeVisible()
    await expect(projects.getByText('1 of 2 done')).toBeVisible()
    await expect(projects.getByText('Launch')).toBeVisible()

    const brief = Buffer.from('Our brief: a shop that sells bread.\n')
    await page.getByLabel(/^Send a file to /).setInputFiles({
      name: 'brief.txt',
      mimeType: 'text/plain',
      buffer: brief,
    })
    await page.getByRole('button', { name: 'Upload the file' }).click()
    await expect(page.getByText('Your file is uploaded.')).toBeVisible()
    const files = page.getByRole('region', { name: 'Files' })
    await expect(files.getByText('brief.txt')).toBeVisible()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      files.getByRole('link', { name: 'Download brief.txt' }).click(),
    ])
    expect((await readFile(await download.path())).equals(brief)).toBe(true)

    // The link worked once.
    await page.goto(link)
    await expect(
      page.getByRole('heading', { name: 'This sign-in link no longer works' }),
    ).toBeVisible()

    await page.goto('/client')
    await page.getByRole('button', { name: 'Sign out' }).click()
    await expect(page.getByLabel('Your e-mail address')).toBeVisible()
    await page.goto('/client')
    await expect(page.getByRole('button', { name: 'Send me a sign-in link' })).toBeVisible()
  } finally {
    await context.close()
  }
})

test("the owner's End sessions signs a client out at once, and one client never sees another's room", async ({
  browser,
  request,
  page: adminPage,
}) => {
  const first = await clientWithProposal(request)
  const second = await clientWithProposal(request)
  const { context, page } = await signInByMail(browser, second.email, 1366)
  try {
    await expect(page.getByText(second.title, { exact: true })).toBeVisible()
    await expect(page.getByText(`Invoice ${second.invoiceNumber}`)).toBeVisible()
    await expect(page.getByText(first.title)).toHaveCount(0)
    await expect(page.getByText(first.name)).toHaveCount(0)
    await expect(page.getByText(`Invoice ${first.invoiceNumber}`)).toHaveCount(0)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1366,
    )

    // The same room in a browser that runs scripts, for the accessibility scan.
    const scanned = await browser.newContext({ baseURL: E2E_BASE_URL })
    try {
      await scanned.addCookies(await context.cookies())
      const withJs = await scanned.newPage()
      await withJs.goto('/client')
      await expect(
        withJs.getByRole('heading', { level: 1, name: `Welcome, ${second.name}` }),
      ).toBeVisible()
      await expectNoA11yViolations(withJs)
    } finally {
      await scanned.close()
    }

    // The owner ends them from the client's screen.
    await signInAsAdmin(adminPage, request)
    await adminPage.goto(`/admin/client/${second.id}`)
    const room = adminPage.getByRole('region', { name: 'Client room' })
    await expect(room.getByText(`with ${second.email}`)).toBeVisible()
    await room.getByRole('button', { name: 'End the room’s sessions' }).click()
    await expectToast(adminPage, 'One session ended')
    await page.goto('/client')
    await expect(page.getByRole('button', { name: 'Send me a sign-in link' })).toBeVisible()
  } finally {
    await context.close()
  }
})
