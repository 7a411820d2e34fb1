/**
 * The journal's sample post: stored at the first start of a site whose journal was never written,
 * as a draft marked as a sample in the admin (it speaks in a voice the owner has not used yet),
 * for the owner to rewrite and publish, or delete.
 */
import type { PostBody } from '#common/schemas/posts.ts'

export const FIRST_RUN_POST: PostBody = {
  title: 'What to prepare before your website project starts',
  slug: 'what-to-prepare-before-your-website-project',
  summary:
    'Five things that make a new website faster to build and better at winning clients, and how long each takes to gather.',
  tags: ['Planning', 'Small business'],
  body: `A website project moves fastest when a few decisions are made before the first line of code. Here is what I ask every new client to think about.

## 1. Who the site is for

Describe your best customer in two sentences: what they need, and what they search for when they need it. Every page is written for that person.

## 2. The one action that matters

A call, a booking, a quote request: pick the action a visitor should take, and the site is designed around it.

## 3. Your content

Texts and photos take longer than design. A first draft, even a rough one, saves weeks. I edit it for the web: short sentences, clear headings, the words customers use.

## 4. Access

Your domain registrar, your current hosting and any accounts (e-mail, analytics, booking tools). A short list now avoids a stalled launch later.

## 5. One decision-maker

One person on your side who can say yes. Projects with a single point of contact finish on time.

Ready to start? [Get in touch](/contact) and we will go through these together.`,
}
