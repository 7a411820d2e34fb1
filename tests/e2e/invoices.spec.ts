import type { APIRequestContext } from '@playwright/test'
import type { SiteSettings } from '#common/schemas/settings.ts'
import { readQrCode } from '#tests/helpers/pdf-files.ts'
import { adminHeaders, uniqueId } from './support/api.ts'
import {
  expect,
  expectNoA11yViolations,
  expectToast,
  newNoJsPage,
  signInAsAdmin,
  test,
  waitForMailTo,
} from './support/fixtures.ts'

const IBAN = 'DE89370400440532013000'

/** The owner's bank details, which an invoice fixes in its document when it is issued. */
async function setBillingDetails(request: APIRequestContext) {
  const headers = await adminHeaders(request)
  const current = (await (await request.get('/api/settings', { headers })).json()) as SiteSettings
  const saved = await request.put('/api/settings', {
    headers,
    data: {
      ...current,
      billing: {
        ...current.billing,
        legalName: 'E2E Studio GmbH',
        address: 'Hafenstraße 1\n20457 Hamburg',
        country: 'DE',
        iban: IBAN,
        bic: 'COBADEFFXXX',
        bankName: 'Commerzbank',
        currency: 'EUR',
      },
    },
  })
  expect(saved.status(), await saved.text()).toBe(200)
}

test('the owner issues and sends an invoice; the client reads it without JavaScript', async ({
  page,
  browser,
  request,
}) => {
  const headers = await adminHeaders(request)
  const name = `Client ${uniqueId()}`
  const email = `invoice-${uniqueId()}@example.com`
  const made = await request.post('/api/clients', {
    headers,
    data: {
      name,
      email,
      company: `${name} GmbH`,
      address: 'Backstraße 2\n10115 Berlin',
      country: 'DE',
    },
  })
  expect(made.status(), await made.text()).toBe(201)
  await setBillingDetails(request)

  await signInAsAdmin(page, request)
  await page.goto('/admin/invoices')
  await page.getByRole('link', { name: 'New invoice' }).click()
  await page.getByLabel('Client', { exact: true }).selectOption({ label: `${name} GmbH (${name})` })
  await page.getByLabel('Item 1', { exact: true }).fill('Website build')
  await page.getByLabel('Quantity').fill('1')
  await page.getByLabel('Unit price').fill('1000')
  await page.getByLabel('VAT %').fill('19')
  await expect(page.getByText('€1,190.00')).toBeVisible()
  await expectNoA11yViolations(page)
  await page.getByRole('button', { name: 'Issue the invoice' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Issue', exact: true }).click()
  await expect(page).toHaveURL(/\/admin\/invoice\/[0-9a-f-]{36}$/)
  const heading = page.getByRole('heading', { level: 1, name: /^Invoice .*\d{4}-\d{4}$/ })
  await expect(heading).toBeVisible()
  const number = (await heading.textContent())!.replace('Invoice ', '')

  await page.getByRole('button', { name: 'Send to the client' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click()
  await expectToast(page, 'Invoice sent')
  await expectNoA11yViolations(page)

  const mail = await waitForMailTo(email, new RegExp(`^Invoice ${number} from `))
  const link = /https?:\/\/\S+\/invoice\/[\w-]+/.exec(mail.text)![0]
  const path = new URL(link).pathname

  const { context, page: client } = await newNoJsPage(browser)
  try {
    const opened = await client.goto(path)
    expect(opened?.headers()['cache-control']).toContain('no-store')
    await expect(client.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible()
    await expect(client.getByText('€1,190.00').first()).toBeVisible()
    const payment = client.getByRole('region', { name: 'How to pay' })
    await expect(payment.getByText('DE89 3704 0044 0532 0130 00')).toBeVisible()
    await expect(payment.getByText('COBADEFFXXX')).toBeVisible()
    await expect(payment.getByText(number, { exact: true })).toBeVisible()
    // The EPC QR code as a banking app scans it: a transfer of the amount to the IBAN, for the number.
    const code = payment.getByRole('img', { name: 'QR code for a bank transfer of this invoice' })
    const scanned = (await readQrCode(await code.screenshot()))?.split('\n')
    expect(scanned?.slice(0, 4)).toEqual(['BCD', '002', '1', 'SCT'])
    expect(scanned?.slice(6)).toEqual([IBAN, 'EUR1190.00', '', '', number])
    const pdfLink = client.getByRole('link', { name: 'Download the PDF' })
    await expect(pdfLink).toHaveAttribute('href', `${path}/pdf`)
    const pdf = await request.get(`${path}/pdf`)
    expect(pdf.status()).toBe(200)
    expect(pdf.headers()['content-type']).toBe('application/pdf')
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')
  } finally {
    await context.close()
  }
  // The scan runs scripts of its own: in a page that may run them.
  await page.goto(path)
  await expectNoA11yViolations(page)
})
