import { useMemo, useState } from 'react'
import { href, redirect, useNavigation, useSubmit } from 'react-router'
import {
  DEFAULT_POST,
  POST_BODY_MAX_LENGTH,
  POST_SUMMARY_MAX_LENGTH,
  PostBodySchema,
  type Post,
  type PostStatus,
} from '#common/schemas/posts.ts'
import { TAGS_MAX } from '#common/schemas/tags.ts'
import { TEXT_LIMITS } from '#common/constants.ts'
import { slugify } from '#common/slugs.ts'
import { Alert } from '#app/components/ui/alert.tsx'
import { MarkdownField } from '#app/components/ui/markdown-field.tsx'
import { Button, ButtonLink } from '#app/components/ui/button.tsx'
import { useConfirm } from '#app/components/ui/confirm-dialog.tsx'
import { ErrorState } from '#app/components/ui/error-state.tsx'
import { InputField, TextareaField } from '#app/components/ui/field.tsx'
import { EditorWithPreview, SaveBar } from '#app/components/ui/editor-shell.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { TagLinks } from '#app/components/ui/tag-filter.tsx'
import { getPost, updatePost } from '#app/features/journal/journal.api.ts'
import { PostArticle } from '#app/features/journal/post-article.tsx'
import { PostStateBadges } from '#app/features/journal/post-state.tsx'
import { NewsletterPanel } from '#app/features/newsletter/newsletter-panel.tsx'
import { getNewsletter, sendNewsletter } from '#app/features/newsletter/newsletter.api.ts'
import type { Newsletter } from '#common/schemas/subscribers.ts'
import { settle, type Settled } from '#app/lib/settle.ts'
import { Markdown } from '#app/components/ui/markdown.tsx'
import { loadAsAdmin, withSignIn } from '#app/lib/guards.ts'
import { ImageUpload } from '#app/components/ui/image-upload.tsx'
import { uploadTextImage } from '#app/lib/upload-image.ts'
import { messageOf } from '#app/lib/api-client.ts'
import { adminPost, editorAlertOf, errorsOf, type FormResult, submitForm } from '#app/lib/form.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { toast } from '#app/lib/toast.tsx'
import { useArticleRenderer } from '#app/lib/use-article-renderer.ts'
import { useUnsavedChanges } from '#app/lib/use-unsaved-changes.ts'
import type { Route } from './+types/post-edit'

const LIST_PATH = '/admin/posts'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: pageTitle(`Edit ${loaderData?.post.title ?? 'post'}`, matches) },
]

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const [post, newsletter] = await loadAsAdmin(request, () =>
    Promise.all([getPost(params.id), settle(getNewsletter(params.id))]),
  )
  return { post, newsletter }
}
clientLoader.hydrate = true as const

/**
 * Saves the editor's fields with the status of the button pressed, checked with the server's own
 * schema first; back to the list once stored.
 */
export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const { formData } = await adminPost(request)
  const isSending = formData.get('andSend') === 'true'
  const result = await submitForm(
    formData,
    PostBodySchema,
    (body) => withSignIn(request, () => updatePost(params.id, body)),
    // "Publish and send" says how the send went instead.
    isSending
      ? undefined
      : formData.get('status') === 'published'
        ? 'Post published'
        : 'Draft saved',
  )
  if ('errors' in result) return result
  return isSending ? sendPublished(request, params.id) : redirect(LIST_PATH)
}

/**
 * "Publish and send": the post just published goes to the subscribers. Should the send be refused,
 * the post stays published and its page shows the newsletter panel to send it from.
 */
async function sendPublished(request: Request, id: string) {
  try {
    const { newsletter } = await withSignIn(request, () => sendNewsletter(id))
    toast.success(`Post published and sending to ${newsletter.recipients} subscribers`)
    return redirect(LIST_PATH)
  } catch (error) {
    if (error instanceof Response) throw error
    toast.error(`Post published, but not sent: ${messageOf(error)}`)
    return redirect(href('/admin/post/:id', { id }))
  }
}

export function HydrateFallback() {
  return <Spinner />
}

interface Draft {
  title: string
  slug: string
  summary: string
  body: string
  image: string
  imageAlt: string
  tags: string
  /** A datetime-local value (the browser's time zone), or empty for "when published". */
  publishAt: string
}

const pad = (n: number) => String(n).padStart(2, '0')
/** An ISO time as a datetime-local value in the browser's time zone. */
function toLocalInput(iso: string | null): string {
  if (!iso) return ''
  const d = new Date(iso)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

const draftOf = (post: Post): Draft => ({
  title: post.title,
  slug: post.slug,
  summary: post.summary,
  body: post.body,
  image: post.image,
  imageAlt: post.imageAlt,
  tags: post.tags.join(', '),
  publishAt: toLocalInput(post.publishAt),
})

export default function PostEditPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PostEditor
      key={loaderData.post._id}
      post={loaderData.post}
      newsletter={loaderData.newsletter}
      answer={actionData}
    />
  )
}

function PostEditor({
  post,
  newsletter,
  answer,
}: {
  post: Post
  newsletter: Settled<Newsletter | null>
  /** The clientAction's answer to a refused save. */
  answer: FormResult | undefined
}) {
  const submit = useSubmit()
  const navigation = useNavigation()
  const [saved] = useState(() => draftOf(post))
  const [draft, setDraft] = useState(saved)
  const [isUploading, setIsUploading] = useState(false)
  const pendingStatus = navigation.formData?.get('status')
  const pending: PostStatus | null =
    pendingStatus === 'published' || pendingStatus === 'draft' ? pendingStatus : null
  const errors = errorsOf(answer) ?? {}
  const formError = editorAlertOf(errors)
  const isDirty = JSON.stringify(draft) !== JSON.stringify(saved)
  const dialog = useUnsavedChanges(isDirty && navigation.state === 'idle')
  const renderArticle = useArticleRenderer()
  const bodyHtml = useMemo(() => renderArticle(draft.body), [renderArticle, draft.body])
  // A draft's slug follows its title as the owner types, until they type a slug of their own.
  const [isSlugFollowing, setIsSlugFollowing] = useState(post.isSlugAutomatic)
  const set = (field: keyof Draft) => (value: string) => {
    if (field === 'slug') setIsSlugFollowing(false)
    setDraft((d) => ({
      ...d,
      [field]: value,
      ...(field === 'title' && isSlugFollowing && { slug: slugify(value, DEFAULT_POST.slug) }),
    }))
  }
  const bind = (field: keyof Draft) => ({
    name: field,
    value: draft[field],
    error: errors[field],
    onChange: (event: { currentTarget: { value: string } }) =>
      set(field)(event.currentTarget.value),
  })

  // The editor's date is the browser's local time; the API takes an instant.
  const fields = () => ({
    ...draft,
    publishAt: draft.publishAt ? new Date(draft.publishAt).toISOString() : '',
  })
  const save = (status: PostStatus) => void submit({ ...fields(), status }, { method: 'post' })
  const { confirm, dialog: confirmDialog } = useConfirm()
  // Publishing now, never sent: the post can go out to the subscribers in the same step.
  const canPublishAndSend =
    post.status === 'draft' &&
    newsletter.ok &&
    newsletter.value === null &&
    (!draft.publishAt || new Date(draft.publishAt) <= new Date())
  const isSending = navigation.formData?.get('andSend') === 'true'
  async function publishAndSend() {
    const isSure = await confirm('Publish this post and send it to your subscribers?', {
      detail:
        'It goes live now, and every confirmed subscriber gets it once by e-mail. A post can be sent only once.',
      confirmLabel: 'Publish and send',
    })
    if (isSure)
      void submit({ ...fields(), status: 'published', andSend: 'true' }, { method: 'post' })
  }

  const isBusy = pending !== null || isUploading
  const isPublished = post.status === 'published'
  return (
    <div>
      <PageHeader title="Edit post" subtitle={<PostStateBadges post={post} now={new Date()} />} />
      <EditorWithPreview
        form={
          <form
            aria-label="Edit the post"
            noValidate
            onSubmit={(event) => {
              event.preventDefault()
              save(isPublished ? 'published' : 'draft')
            }}
            className="space-y-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
          >
            {formError ? <Alert kind="error">{formError}</Alert> : null}
            <InputField label="Title" required maxLength={TEXT_LIMITS.short} {...bind('title')} />
            <InputField
              label="Slug"
              required
              autoCapitalize="none"
              spellCheck={false}
              hint={
                isSlugFollowing
                  ? "Follows the title until you change it or publish; the post's address is /journal/<slug>."
                  : "Lowercase letters, digits and dashes; the post's address is /journal/<slug>. A changed slug redirects from the old one."
              }
              {...bind('slug')}
            />
            <TextareaField
              label="Summary"
              rows={2}
              maxLength={POST_SUMMARY_MAX_LENGTH}
              hint="One or two sentences for lists, the feed and search results."
              {...bind('summary')}
            />
            <MarkdownField
              label="Body (Markdown)"
              rows={18}
              maxLength={POST_BODY_MAX_LENGTH}
              hint="The toolbar, or ## for headings, **bold**, [link](/contact), ``` for code. Paste or drop an image to add it."
              onUploadImage={uploadTextImage}
              {...bind('body')}
            />
            <InputField
              label="Tags"
              hint={`Separated by commas (at most ${TAGS_MAX}); readers filter the journal by them.`}
              {...bind('tags')}
            />
            <ImageUpload
              value={draft.image}
              onChange={set('image')}
              onBusyChange={setIsUploading}
              error={errors.image}
              legend="Cover image (optional)"
              previewAlt="Preview of the cover image"
            />
            <InputField
              label="Cover image description"
              maxLength={TEXT_LIMITS.short}
              hint="What the cover shows, for screen readers."
              {...bind('imageAlt')}
            />
            <InputField
              label="Publish date"
              type="datetime-local"
              hint="Empty: as soon as you publish. A future date schedules the post: it appears by itself then."
              {...bind('publishAt')}
            />
            <SaveBar isDirty={isDirty}>
              <Button type="button" disabled={isBusy} onClick={() => save('published')}>
                {pending === 'published' && !isSending
                  ? 'Publishing...'
                  : isPublished
                    ? 'Update'
                    : 'Publish'}
              </Button>
              {canPublishAndSend ? (
                <Button
                  type="button"
                  variant="secondary"
                  disabled={isBusy}
                  onClick={() => void publishAndSend()}
                >
                  {isSending ? 'Publishing and sending...' : 'Publish and send'}
                </Button>
              ) : null}
              <Button
                type="button"
                variant="secondary"
                disabled={isBusy}
                onClick={() => save('draft')}
              >
                {pending === 'draft' ? 'Saving...' : isPublished ? 'Unpublish' : 'Save as draft'}
              </Button>
              <ButtonLink to={LIST_PATH} variant="secondary">
                Cancel
              </ButtonLink>
            </SaveBar>
          </form>
        }
        preview={
          <PostArticle
            post={{ ...draft, publishedAt: post.publishedAt }}
            renderBody={
              <Markdown html={bodyHtml} className="article-body text-lg leading-8 text-slate-800" />
            }
            tags={
              <TagLinks
                basePath="/journal"
                tags={draft.tags
                  .split(',')
                  .map((t) => t.trim())
                  .filter(Boolean)}
                label="Topics"
              />
            }
          />
        }
      />
      <div className="mt-8 max-w-2xl">
        <NewsletterPanel
          postId={post._id}
          sent={newsletter}
          isPublic={isPublished && !!post.publishedAt && new Date(post.publishedAt) <= new Date()}
        />
      </div>
      {dialog}
      {confirmDialog}
    </div>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorState
      title="Edit post"
      error={error}
      back={{ to: LIST_PATH, label: 'Back to the journal' }}
    />
  )
}
