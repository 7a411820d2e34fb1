import type { APIRequestContext } from '@playwright/test'
import type { Proposal } from '#common/schemas/proposals.ts'
import { adminHeaders, uniqueId } from './support/api.ts'
import {
  expect,
  expectNoA11yViolations,
  newNoJsPage,
  signInAsAdmin,
  test,
  waitForMailTo,
  waitUntilInteractive,
} from './support/fixtures.ts'

/** A sent proposal for a new client, made through the API as the owner's screens do. */
async function sentProposal(request: APIRequestContext, title: string) {
  const headers = await adminHeaders(request)
  const email = `client-${uniqueId()}@example.com`
  const client = await request.post('/api/clients', {
    headers,
    data: { name: 'Robin Baker', email, company: 'Crumb & Crust Ltd', country: 'GB' },
  })
  expect(client.status(), await client.text()).toBe(201)
  const { client: made } = (await client.json()) as { client: { _id: string } }
  const created = await request.post('/api/proposals', {
    headers,
    data: {
      clientId: made._id,
      title,
      summary: '## What you get\n\n- A shop\n- A menu',
      items: [
        { description: 'Design', quantity: '3', unitPrice: '650.00', taxRate: '20' },
        { description: 'Build', quantity: '1', unitPrice: '4200.00', taxRate: '20' },
      ],
      validUntil: '2099-12-31',
      terms: '## Payment\n\nHalf up front, half on launch.',
      depositPercent: 30,
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { proposal } = (await created.json()) as { proposal: Proposal }
  const sent = await request.post(`/api/proposals/${proposal._id}/send`, { headers })
  expect(sent.status(), await sent.text()).toBe(200)
  const { proposal: out } = (await sent.json()) as { proposal: Proposal }
  return { proposal: out, email, path: new URL(out.url!).pathname }
}

test('a client reads a proposal and signs it without JavaScript on a phone, and gets the signed PDF', async ({
  browser,
  request,
}) => {
  const title = `A shop ${uniqueId()}`
  const { path, email } = await sentProposal(request, title)
  const { context, page } = await newNoJsPage(browser)
  try {
    await page.setViewportSize({ width: 390, height: 844 })
    const opened = await page.goto(path)
    expect(opened?.headers()['cache-control']).toContain('no-store')
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByText('€7,380.00').first()).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Payment' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

    // The signature needs the consent: the form is not sent without it.
    await page.getByLabel('Full name').fill('Robin Baker')
    await page.getByRole('button', { name: 'Accept and sign' }).click()
    await expect(page.getByLabel(/I agree to this proposal/)).toHaveJSProperty(
      'validity.valueMissing',
      true,
    )

    await page.getByLabel('Full name').fill('Robin Baker')
    await page.getByLabel(/I agree to this proposal/).check()
    await page.getByRole('button', { name: 'Accept and sign' }).click()
    await expect(page.getByText(/Signed by Robin Baker on/)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Accept and sign' })).toHaveCount(0)
    // The deposit invoice issued with the signature is the next step, one link away.
    await expect(page.getByText('Next: the deposit')).toBeVisible()
    await expect(
      page.getByText(/^Invoice \d{4}-\d{4} for €2,214\.00: €2,214\.00 to pay by /),
    ).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.getByRole('link', { name: 'Pay the deposit' }).click()
    await expect(page).toHaveURL(/\/invoice\/[^/]+$/)
    await expect(page.getByText('€2,214.00').first()).toBeVisible()

    const pdf = await request.get(`${path}/pdf`)
    expect(pdf.status()).toBe(200)
    expect(pdf.headers()['content-type']).toBe('application/pdf')
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')
    const mail = await waitForMailTo(email, `Signed: ${title}`)
    expect(mail.text).toContain('Robin Baker')
    // The deposit of 30 % is invoiced with the signature.
    const deposit = await waitForMailTo(email, /^Invoice \d{4}-\d{4} from /)
    expect(deposit.text).toContain('€2,214.00')
  } finally {
    await context.close()
  }
})

test('a proposal page reads well in the dark scheme, and a decline is recorded', async ({
  page,
  request,
}) => {
  const title = `A redesign ${uniqueId()}`
  const { path } = await sentProposal(request, title)
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.goto(path)
  await page.evaluate(() => {
    document.documentElement.dataset.scheme = 'dark'
  })
  await expectNoA11yViolations(page)
  await page.getByText('Decline this proposal').click()
  await page.getByLabel('Reason (optional)').fill('We chose to wait a year.')
  await page.getByRole('button', { name: 'Decline', exact: true }).click()
  await expect(page.getByText(/You declined this proposal/)).toBeVisible()
})

test('a proposal page reads as a finished document: the sender, the client, a reading column, and a signing card', async ({
  browser,
  page: scriptedPage,
  request,
}) => {
  const title = `A menu site ${uniqueId()}`
  const { path } = await sentProposal(request, title)
  const { context, page } = await newNoJsPage(browser)
  try {
    await page.setViewportSize({ width: 1366, height: 900 })
    await page.goto(path)
    // Script-free, as every public page: nothing for the browser to run.
    await expect(page.locator('script[src]')).toHaveCount(0)
    const sheet = page.locator('article')
    await expect(sheet.getByText('Awaiting your signature')).toBeVisible()
    await expect(sheet.getByText(/^Prepared for Robin Baker, Crumb & Crust Ltd$/)).toBeVisible()
    await expect(sheet.getByText('30 % on acceptance')).toBeVisible()

    // The terms' own headings sit under the section's, in a column made for reading.
    const terms = page.getByRole('region', { name: 'Terms' })
    const size = async (name: string) =>
      Number.parseFloat(
        await terms
          .getByRole('heading', { name, exact: true })
          .evaluate((h) => getComputedStyle(h).fontSize),
      )
    expect(await size('Payment')).toBeLessThan(await size('Terms'))
    const column = await terms.getByText('Half up front, half on launch.').boundingBox()
    expect(column!.width).toBeLessThanOrEqual(720)

    // Amounts line up: right-aligned, in figures of one width.
    const amount = page.getByRole('cell', { name: '€1,950.00' })
    expect(await amount.evaluate((td) => getComputedStyle(td).textAlign)).toBe('right')
    expect(await amount.evaluate((td) => getComputedStyle(td).fontVariantNumeric)).toBe(
      'tabular-nums',
    )

    // The answer is its own card, headed as the call to action, with what is being agreed to.
    const answer = page.getByRole('region', { name: 'Your answer' })
    await expect(answer.getByRole('heading', { level: 2, name: 'Accept and sign' })).toBeVisible()
    await expect(
      answer.getByText(/You agree to .+ for €7,380\.00, with a deposit of €2,214\.00/),
    ).toBeVisible()
    await expect(answer.getByText('Signing for Crumb & Crust Ltd')).toBeVisible()

    const token = path.split('/').pop()
    const accepted = await request.post('/api/proposals/accept', {
      data: { token, signerName: 'Robin Baker', consent: true },
    })
    expect(accepted.status(), await accepted.text()).toBe(200)
    await page.reload()
    await expect(sheet.getByText('Signed', { exact: true })).toBeVisible()
    await expect(page.getByText(/Signed by Robin Baker on/)).toBeVisible()
    const signature = page.getByRole('region', { name: 'Signature' })
    await expect(signature.getByText('Robin Baker', { exact: true })).toBeVisible()
    await expect(
      signature.getByText(/Document fingerprint \(SHA-256\): [0-9a-f]{64}/),
    ).toBeVisible()
    await expect(
      page.getByRole('link', { name: 'Download the signed agreement (PDF)' }),
    ).toHaveCount(2)
    await expect(page.getByRole('region', { name: 'Your answer' })).toHaveCount(0)

    // The signed state keeps its contrast in both schemes.
    await scriptedPage.setViewportSize({ width: 390, height: 844 })
    await scriptedPage.goto(path)
    await expectNoA11yViolations(scriptedPage)
    await scriptedPage.evaluate(() => {
      document.documentElement.dataset.scheme = 'dark'
    })
    await expectNoA11yViolations(scriptedPage)
  } finally {
    await context.close()
  }
})

test('the owner drafts a proposal with a live preview of what the client will see', async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request)
  const name = `Client ${uniqueId()}`
  const made = await request.post('/api/clients', {
    headers,
    data: { name, email: `${uniqueId()}@example.com` },
  })
  expect(made.status()).toBe(201)
  await signInAsAdmin(page, request)
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.goto('/admin/proposal/new')
  // Beside the preview the form is a narrow column: an item's description keeps room to type in.
  const description = await page.getByLabel('Item 1', { exact: true }).boundingBox()
  expect(description?.width).toBeGreaterThan(250)
  await page.getByLabel('Client').selectOption({ label: name })
  await page.getByLabel('Title').fill('A booking site')
  await page.getByLabel('Item 1', { exact: true }).fill('Build')
  await page.getByLabel('Unit price').fill('1000.10')
  await page.getByLabel('Quantity').fill('1.5')
  await page.getByLabel('VAT %').fill('19')
  const preview = page.getByRole('region', { name: 'Preview' })
  // 1.5 x 1000.10 = 1500.15; 19 % of it = 285.03 (half up from 285.0285).
  await expect(preview.getByText('€1,785.18').first()).toBeVisible()
  await page.getByRole('button', { name: 'Save draft' }).click()
  await expect(page).toHaveURL(/\/admin\/proposal\/[0-9a-f-]{36}$/)
  await expect(page.getByLabel('Title')).toHaveValue('A booking site')
  await expectNoA11yViolations(page)
})

test('the owner corrects a client on their screen and starts a proposal from a terms template', async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request)
  const name = `Client ${uniqueId()}`
  const made = await request.post('/api/clients', {
    headers,
    data: { name, email: `${uniqueId()}@example.com` },
  })
  expect(made.status()).toBe(201)
  await signInAsAdmin(page, request)
  await page.goto('/admin/clients')
  await page.getByRole('link', { name, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await page.getByLabel('Company').fill('Harbour Lights GmbH')
  await page.getByLabel('Country').fill('xx')
  await page.getByRole('button', { name: 'Save client' }).click()
  await expect(
    page.getByText('Country must be a two-letter country code such as DE or FR'),
  ).toBeVisible()
  await page.getByLabel('Country').fill('de')
  await page.getByLabel('VAT ID').fill('DE 123 456 789')
  await page.getByRole('button', { name: 'Save client' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: `${name}, Harbour Lights GmbH` }),
  ).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('VAT ID')).toHaveValue('DE123456789')
  await expect(page.getByLabel('Country')).toHaveValue('DE')
  await expectNoA11yViolations(page)

  const templateName = `Fixed price ${uniqueId()}`
  await page.goto('/admin/proposals')
  await page.getByRole('link', { name: 'Terms templates' }).click()
  const adding = page.getByRole('region', { name: 'Add a template' })
  await adding.getByRole('button', { name: 'Add template' }).click()
  await expect(adding.getByText('Name is required')).toBeVisible()
  await adding.getByLabel('Name').fill(templateName)
  await adding.getByLabel('Terms').fill('## Payment\n\nHalf up front, half on launch.')
  await adding.getByRole('button', { name: 'Add template' }).click()
  await expect(page.getByRole('region', { name: templateName })).toBeVisible()
  await expect(adding.getByLabel('Name')).toHaveValue('')

  await page.goto('/admin/clients')
  await page.getByRole('link', { name, exact: true }).click()
  // The list has a New proposal link on every row: look for it once the client's own screen shows.
  await expect(
    page.getByRole('heading', { level: 1, name: `${name}, Harbour Lights GmbH` }),
  ).toBeVisible()
  await page.getByRole('link', { name: 'New proposal' }).click()
  await expect(page.getByLabel('Client')).toHaveValue(/[0-9a-f-]{36}/)
  await page.getByLabel('Start the terms from a template').selectOption({ label: templateName })
  await expect(page.getByLabel('Terms (Markdown)')).toHaveValue(/Half up front, half on launch\./)

  // The proposal started from the template keeps its terms; the template itself can go (in a tab of
  // its own, the proposal's unsaved form left as it is).
  const termsPage = await page.context().newPage()
  await termsPage.goto('/admin/proposals/terms')
  await waitUntilInteractive(termsPage)
  const template = termsPage.getByRole('region', { name: templateName })
  await template.getByRole('button', { name: 'Delete template' }).click()
  await termsPage.getByRole('dialog').getByRole('button', { name: 'Delete' }).click()
  await expect(template).toHaveCount(0)
})
