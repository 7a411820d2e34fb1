import { adminHeaders, uniqueId } from './support/api.ts'
import {
  expect,
  expectNoA11yViolations,
  expectToast,
  newNoJsPage,
  signInAsAdmin,
  test,
} from './support/fixtures.ts'

test.slow()

test('a post goes from draft, unseen by visitors, to the journal and its feed; the editor previews it live', async ({
  page,
  request,
  browser,
}) => {
  const id = uniqueId()
  const title = `Lessons from a bakery site ${id}`
  const slug = `bakery-lessons-${id}`
  await signInAsAdmin(page, request)

  await test.step('the owner creates a draft and sees the preview follow the text', async () => {
    await page.goto('/admin/posts')
    await page.getByRole('button', { name: 'New post', exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/post\//)
    await page.getByLabel('Title').fill(title)
    await page.getByLabel('Slug').fill(slug)
    await page.getByLabel('Summary').fill('What a small bakery taught me about online orders.')
    await page.getByLabel('Body (Markdown)').fill('## Start small\n\nOne **form** beat a shop.')
    await page.getByLabel('Tags').fill('Case notes')
    const preview = page.getByRole('region', { name: 'Preview' })
    await expect(preview.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(preview.getByRole('heading', { level: 2, name: 'Start small' })).toBeAttached()
    await expect(preview.locator('strong')).toHaveText('form')
    await expectNoA11yViolations(page)
    await page.getByRole('button', { name: 'Save as draft' }).click()
    await expectToast(page, 'Draft saved')
    await expect(page).toHaveURL('/admin/posts')
  })

  await test.step('visitors do not see the draft', async () => {
    expect((await request.get(`/journal/${slug}`)).status()).toBe(404)
    expect(await (await request.get('/journal/feed.xml')).text()).not.toContain(slug)
  })

  await test.step('the owner publishes it', async () => {
    await page
      .getByRole('row')
      .filter({ hasText: title })
      .getByRole('link', { name: /^Edit/ })
      .click()
    await expect(page.getByLabel('Title')).toHaveValue(title)
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await expectToast(page, 'Post published')
  })

  await test.step('visitors read it without JavaScript, in the list, on its page and in the feed', async () => {
    const { context, page: reader } = await newNoJsPage(browser)
    try {
      await reader.goto('/journal')
      await reader.getByRole('link', { name: title }).click()
      await expect(reader).toHaveURL(`/journal/${slug}`)
      await expect(reader.getByRole('heading', { level: 1 })).toHaveText(title)
      await expect(reader.getByText(/1 min read/)).toBeVisible()
      await reader
        .getByRole('list', { name: 'Topics' })
        .getByRole('link', { name: 'Case notes' })
        .click()
      await expect(reader).toHaveURL('/journal?tag=Case%20notes')
      await expect(reader.getByRole('link', { name: title })).toBeVisible()
    } finally {
      await context.close()
    }
    const feed = await (await request.get('/journal/feed.xml')).text()
    expect(feed).toContain(`<title>${title}</title>`)
  })
})

test('the cards of a journal row line up and match in height, with a cover or without one', async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request)
  const tag = `Row${uniqueId()}`
  const covers = ['/images/default.jpg', '', '/images/default.jpg']
  const ids: string[] = []
  try {
    for (const [index, image] of covers.entries()) {
      const created = await request.post('/api/posts', { data: {}, headers })
      const { post } = (await created.json()) as { post: { _id: string } }
      ids.push(post._id)
      const updated = await request.put(`/api/posts/${post._id}`, {
        headers,
        data: {
          title: `Card ${index + 1} of a row ${tag}`,
          slug: `row-card-${index + 1}-${tag.toLowerCase()}`,
          summary:
            image === ''
              ? 'A post without a cover, and with a longer summary than its neighbours have, so it runs on.'
              : 'A post with a cover.',
          image,
          imageAlt: image ? 'A desk by a window' : '',
          tags: [tag],
          body: 'Text.',
          status: 'published',
        },
      })
      expect(updated.status(), await updated.text()).toBe(200)
    }
    await page.setViewportSize({ width: 1366, height: 900 })
    await page.goto(`/journal?tag=${tag}`)
    const cards = page.locator('main article')
    await expect(cards).toHaveCount(3)
    const boxes = await cards.evaluateAll((articles) =>
      articles.map((article) => {
        const card = article.getBoundingClientRect()
        const title = article.querySelector('h2')!.getBoundingClientRect()
        return { top: card.top, height: card.height, titleTop: title.top }
      }),
    )
    // One row: the same top, the same height, and the titles on one line across it.
    for (const box of boxes) {
      expect(box.top).toBe(boxes[0]!.top)
      expect(box.height).toBe(boxes[0]!.height)
      expect(box.titleTop).toBe(boxes[0]!.titleTop)
    }
    // The card without a cover opens with a band where the others show their cover.
    await expect(page.locator('main article [data-coverless]')).toHaveCount(1)
    await expect(page.locator('main article img')).toHaveCount(2)
    await expectNoA11yViolations(page)
  } finally {
    for (const id of ids) await request.delete(`/api/posts/${id}`, { headers })
  }
})

test('an image with a title shows it as a caption: in the post, in the editor preview and in the feed', async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request)
  const id = uniqueId()
  const slug = `captioned-${id}`
  const caption = `The desk <by> the window ${id}`
  const created = await request.post('/api/posts', { data: {}, headers })
  const { post } = (await created.json()) as { post: { _id: string } }
  try {
    const updated = await request.put(`/api/posts/${post._id}`, {
      headers,
      data: {
        title: `A captioned picture ${id}`,
        slug,
        body: `Where it was written:\n\n![A desk by a window](/images/default.jpg "${caption}")\n\nAnd an inline ![mark](/images/default.jpg "not a caption") too.`,
        status: 'published',
      },
    })
    expect(updated.status(), await updated.text()).toBe(200)

    await page.goto(`/journal/${slug}`)
    const figure = page.locator('.article-body figure')
    await expect(figure).toHaveCount(1)
    await expect(figure.getByRole('img', { name: 'A desk by a window' })).toBeVisible()
    await expect(figure.locator('figcaption')).toHaveText(caption)
    // Smaller and quieter than the text it sits in.
    const styleOf = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => ({
          size: parseFloat(getComputedStyle(el).fontSize),
          color: getComputedStyle(el).color,
        }))
    const [captionStyle, textStyle] = [
      await styleOf('.article-body figcaption'),
      await styleOf('.article-body p'),
    ]
    expect(captionStyle.size).toBeLessThan(textStyle.size)
    expect(captionStyle.color).not.toBe(textStyle.color)
    await expect(page.locator('.article-body p img')).toHaveAttribute('title', 'not a caption')
    await expectNoA11yViolations(page)

    const feed = await (await request.get('/journal/feed.xml')).text()
    const feedCheck = await page.evaluate((xml) => {
      const doc = new DOMParser().parseFromString(xml, 'application/xml')
      const html = [...doc.querySelectorAll('entry content')].map((c) => c.textContent).join('')
      return { isWellFormed: !doc.querySelector('parsererror'), html }
    }, feed)
    expect(feedCheck.isWellFormed).toBe(true)
    expect(feedCheck.html).toContain(
      `<figcaption>${caption.replace('<', '&lt;').replace('>', '&gt;')}</figcaption>`,
    )

    await signInAsAdmin(page, request)
    await page.goto(`/admin/post/${post._id}`)
    const preview = page.getByRole('region', { name: 'Preview' })
    await expect(preview.locator('figure figcaption')).toHaveText(caption)
  } finally {
    await request.delete(`/api/posts/${post._id}`, { headers })
  }
})
