import {
  adminHeaders,
  createWebsiteApi,
  deleteWebsiteApi,
  uniqueId,
  uniqueWebsiteFields,
} from './support/api.ts'
import {
  expect,
  expectNoA11yViolations,
  expectToast,
  newNoJsPage,
  signInAsAdmin,
  test,
} from './support/fixtures.ts'

test.slow()

test('the owner writes a case study; visitors read it and filter the portfolio by its technology', async ({
  page,
  request,
}) => {
  const website = await createWebsiteApi(request, uniqueWebsiteFields('Case Study'))
  const tag = `Stack${uniqueId()}`
  try {
    await test.step('the owner fills the case study in the admin form', async () => {
      await signInAsAdmin(page, request)
      await page.goto(`/admin/website/${website._id}`)
      await page.getByLabel('Client').fill('Harbour Bakery Ltd')
      await page.getByLabel('My role').fill('Design and development')
      await page.getByLabel('Year').fill('2024')
      await page.getByLabel('Technologies').fill(`${tag}, PostgreSQL`)
      await page
        .getByLabel('Case study (Markdown)')
        .fill('## The problem\n\nOrders came by **phone**.\n\n## The result\n\nHalf the calls.')
      await page.getByRole('button', { name: 'Update', exact: true }).click()
      await expectToast(page, 'Website updated successfully')
    })

    await test.step('the public page tells the story with the stack as tags', async () => {
      await page.goto(`/website/${website.slug}`)
      const main = page.locator('main')
      await expect(main.getByRole('heading', { level: 2, name: 'The problem' })).toBeVisible()
      await expect(main.locator('.article-body strong')).toHaveText('phone')
      await expect(main.getByText('Harbour Bakery Ltd')).toBeVisible()
      await expect(main.getByText('Design and development')).toBeVisible()
      await expect(main.getByText('2024', { exact: true })).toBeVisible()
      await expectNoA11yViolations(page)
      await main
        .getByRole('list', { name: 'Technologies used' })
        .getByRole('link', { name: tag })
        .click()
      await expect(page).toHaveURL(`/portfolio?tag=${tag}`)
      await expect(page.getByText(`1 project with ${tag}`)).toBeVisible()
      await expect(page.getByRole('link', { name: website.name, exact: true })).toBeVisible()
    })
  } finally {
    await deleteWebsiteApi(request, website._id)
  }
})

test('the tag filter works with plain links when JavaScript is off', async ({
  browser,
  request,
}) => {
  const tag = `NoJs${uniqueId()}`
  const tagged = await createWebsiteApi(request, uniqueWebsiteFields('Tagged'))
  const other = await createWebsiteApi(request, uniqueWebsiteFields('Untagged'))
  const { context, page } = await newNoJsPage(browser)
  try {
    const headers = await adminHeaders(request)
    const res = await request.put(`/api/websites/${tagged._id}`, {
      headers,
      data: { ...tagged, tags: [tag] },
    })
    expect(res.status()).toBe(200)

    await page.goto('/portfolio')
    const filter = page.getByRole('navigation', { name: 'Filter by technology' })
    await expect(filter.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'page')
    const tagLink = filter.getByRole('link', { name: new RegExp(`^${tag}\\s*\\(1\\)$`) })
    await tagLink.click()
    await expect(page).toHaveURL(`/portfolio?tag=${tag}`)
    await expect(tagLink).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('link', { name: tagged.name, exact: true })).toBeVisible()
    await expect(page.getByRole('link', { name: other.name, exact: true })).toHaveCount(0)
    await filter.getByRole('link', { name: /^All/ }).click()
    await expect(page).toHaveURL('/portfolio')
  } finally {
    await context.close()
    await deleteWebsiteApi(request, tagged._id)
    await deleteWebsiteApi(request, other._id)
  }
})

test('a gallery image opens in the in-page viewer with previous, next and close; without JavaScript it is a plain link', async ({
  page,
  browser,
  request,
}) => {
  const website = await createWebsiteApi(request, uniqueWebsiteFields('Gallery'))
  const headers = await adminHeaders(request)
  const gallery = [
    { image: '/images/default.jpg', alt: 'The home page', caption: 'Home' },
    { image: '/images/hero-scores.svg', alt: 'The scores', caption: '' },
  ]
  const saved = await request.put(`/api/websites/${website._id}`, {
    headers,
    data: { ...website, gallery },
  })
  expect(saved.status(), await saved.text()).toBe(200)
  const { context, page: noJs } = await newNoJsPage(browser)
  try {
    await page.goto(`/website/${website.slug}`)
    const first = page.getByRole('link', { name: /The home page/ })
    await first.click()
    const viewer = page.getByRole('dialog', { name: `Gallery: ${website.name}` })
    await expect(viewer).toBeVisible()
    await expect(page).toHaveURL(`/website/${website.slug}`)
    const image = viewer.getByRole('img')
    await expect(viewer.getByText('1 of 2')).toBeVisible()
    await expect(image).toHaveAttribute('src', /\/images\/default\.jpg$/)
    await expect(image).toHaveAttribute('alt', 'The home page')
    await expect(viewer.getByText('Home', { exact: true })).toBeVisible()
    await expectNoA11yViolations(page)

    await viewer.getByRole('button', { name: 'Next image' }).click()
    await expect(viewer.getByText('2 of 2')).toBeVisible()
    await expect(image).toHaveAttribute('alt', 'The scores')
    await page.keyboard.press('ArrowRight')
    await expect(viewer.getByText('1 of 2')).toBeVisible()
    await page.keyboard.press('ArrowLeft')
    await expect(viewer.getByText('2 of 2')).toBeVisible()
    await viewer.getByRole('button', { name: 'Previous image' }).click()
    await expect(viewer.getByText('1 of 2')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(viewer).toBeHidden()
    await expect(first).toBeFocused()
    await first.click()
    await viewer.getByRole('button', { name: 'Close' }).click()
    await expect(viewer).toBeHidden()

    await noJs.goto(`/website/${website.slug}`)
    await noJs.getByRole('link', { name: /The scores/ }).click()
    await expect(noJs).toHaveURL(/\/images\/hero-scores\.svg$/)
  } finally {
    await context.close()
    await deleteWebsiteApi(request, website._id)
  }
})
