import { useMemo, useState } from 'react'
import { useNavigate } from 'react-router'
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
import { Markdown } from '#app/components/ui/markdown.tsx'
import { requireAdmin, withSignIn } from '#app/features/users/guards.ts'
import { ImageUpload } from '#app/components/ui/image-upload.tsx'
import { uploadTextImage } from '#app/lib/upload-image.ts'
import { messageOf } from '#app/lib/api-client.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { toast } from '#app/lib/toast.tsx'
import { useArticleRenderer } from '#app/lib/use-article-renderer.ts'
import { useUnsavedChanges } from '#app/lib/use-unsaved-changes.ts'
import type { Route } from './+types/post-edit'

const LIST_PATH = '/admin/posts'

export const meta: Route.MetaFunction = ({ data, matches }) => [
  { title: pageTitle(`Edit ${data?.title ?? 'post'}`, matches) },
]

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  requireAdmin(request)
  return withSignIn(request, () => getPost(params.id))
}
clientLoader.hydrate = true as const

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

export default function PostEditPage({ loaderData }: Route.ComponentProps) {
  return <PostEditor key={loaderData._id} post={loaderData} />
}

function PostEditor({ post: initial }: { post: Post }) {
  const navigate = useNavigate()
  const [post, setPost] = useState(initial)
  const [saved, setSaved] = useState(() => draftOf(initial))
  const [draft, setDraft] = useState(saved)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [pending, setPending] = useState<PostStatus | null>(null)
  const [isUploading, setIsUploading] = useState(false)
  const isDirty = JSON.stringify(draft) !== JSON.stringify(saved)
  const dialog = useUnsavedChanges(isDirty && pending === null)
  const renderArticle = useArticleRenderer()
  const bodyHtml = useMemo(() => renderArticle(draft.body), [renderArticle, draft.body])
  // A draft's slug follows its title as the owner types, until they type a slug of their own.
  const [isSlugFollowing, setIsSlugFollowing] = useState(initial.isSlugAutomatic)
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

  async function save(status: PostStatus) {
    const parsed = PostBodySchema.safeParse({
      ...draft,
      status,
      publishAt: draft.publishAt ? new Date(draft.publishAt).toISOString() : null,
    })
    if (!parsed.success) {
      const found: Record<string, string> = {}
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message
      setErrors(found)
      setFormError('Please correct the highlighted fields.')
      return
    }
    setPending(status)
    try {
      const { post: next } = await updatePost(post._id, parsed.data)
      setErrors({})
      setFormError(null)
      setPost(next)
      const nextDraft = draftOf(next)
      setSaved(nextDraft)
      setDraft(nextDraft)
      toast.success(status === 'published' ? 'Post published' : 'Draft saved')
      void navigate(LIST_PATH)
    } catch (error) {
      setFormError(messageOf(error))
    } finally {
      setPending(null)
    }
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
              void save(isPublished ? 'published' : 'draft')
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
              <Button type="button" disabled={isBusy} onClick={() => void save('published')}>
                {pending === 'published' ? 'Publishing...' : isPublished ? 'Update' : 'Publish'}
              </Button>
              <Button
                type="button"
                variant="secondary"
                disabled={isBusy}
                onClick={() => void save('draft')}
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
          isPublic={isPublished && !!post.publishedAt && new Date(post.publishedAt) <= new Date()}
        />
      </div>
      {dialog}
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
