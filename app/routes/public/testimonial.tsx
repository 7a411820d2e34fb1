import { data, href, type ShouldRevalidateFunctionArgs } from 'react-router'
import type { Route } from './+types/testimonial'
import { buttonClasses } from '#app/components/ui/button.tsx'
import {
  TestimonialForm,
  type TestimonialField,
  type TestimonialResult,
} from '#app/features/testimonials/testimonial-form.tsx'
import { TokenPageFrame } from '#app/components/layout/token-page-frame.tsx'
import { answerPublicForm, postedFields } from '#app/lib/public-form.server.ts'
import { pageTitle } from '#app/lib/seo.ts'
import { useSiteSettings } from '#app/lib/site-settings.ts'
import {
  TESTIMONIAL_PHOTO_FIELD,
  TestimonialSubmitBodySchema,
} from '#common/schemas/testimonials.ts'
import { SiteLink } from '#app/components/ui/site-link.tsx'
import { tokenPageHeaders } from '#app/lib/token-page.ts'
import { OnwardLink } from '#app/components/layout/onward-link.tsx'
import { pageContext } from '#app/context.ts'

const FIELDS: TestimonialField[] = ['name', 'role', 'company', 'text', 'rating']
const GONE = 410
const NOT_FOUND = 404

// The address carries the link's secret token: never in search results. (No "no-referrer" here:
// it would make the form's own post arrive with `Origin: null`, which React Router refuses; the
// site's policy already sends no path to other sites.)
export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  // After the form's own post the link is used up: the title stays general for the thank-you.
  {
    title: pageTitle(
      loaderData?.link.state === 'open' ? 'Write a testimonial' : 'Testimonial',
      matches,
    ),
  },
  { name: 'robots', content: 'noindex' },
]

export const headers: Route.HeadersFunction = tokenPageHeaders

export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(pageContext)
  const link = await services.testimonials.lookUpLink(params.token)
  if (link.state === 'open') return { link }
  // Data rather than a thrown response: after the form's own post used the link up, the page
  // still renders (the thank-you), and the action's status wins.
  return data({ link }, { status: link.state === 'unknown' ? NOT_FOUND : GONE })
}

/** The posted photo's bytes; none for a form sent without a file. */
async function postedPhoto(form: FormData): Promise<Buffer | undefined> {
  const file = form.get(TESTIMONIAL_PHOTO_FIELD)
  if (!(file instanceof File) || file.size === 0) return undefined
  return Buffer.from(await file.arrayBuffer())
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { services, clientIp } = context.get(pageContext)
  const { testimonials } = services
  const form = await request.formData()
  const values = postedFields(form, FIELDS)
  return answerPublicForm({
    count: () => testimonials.countSubmitAttempt(clientIp),
    schema: TestimonialSubmitBodySchema,
    values: { ...values, token: params.token },
    submit: async (body) => testimonials.submit(body, { photo: await postedPhoto(form) }),
    accepted: ({ message }): TestimonialResult => ({ ok: true, message }),
    // A refused photo is on its field, as a validation error is.
    refused: ({ message, fieldErrors }): TestimonialResult => ({
      ok: false,
      message:
        Object.keys(fieldErrors).length > 0 ? 'please check the fields marked below' : message,
      fieldErrors,
      values,
    }),
  })
}

/** After its own post the page keeps what it has: the link's state is the answer's to tell. */
export const shouldRevalidate = ({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) => (formMethod ? false : defaultShouldRevalidate)

export default function TestimonialPage({ loaderData, actionData }: Route.ComponentProps) {
  const { ownerName } = useSiteSettings()
  const { link } = loaderData
  if (actionData?.ok) {
    return (
      <TokenPageFrame eyebrow="Testimonial" title="Thank you!">
        <p role="status" className="mt-5 text-lg leading-8 text-slate-700">
          {actionData.message} {ownerName} will read it before it appears on the site.
        </p>
        <OnwardLink to={href('/')}>Go to the home page</OnwardLink>
      </TokenPageFrame>
    )
  }
  if (link.state !== 'open') {
    return (
      <TokenPageFrame eyebrow="Testimonial" title="This link is no longer valid">
        <p className="mt-5 text-lg leading-8 text-slate-700">{link.message}</p>
        <p className="mt-3 text-lg leading-8 text-slate-700">
          If you would still like to write a testimonial, ask {ownerName} for a new link.
        </p>
        <p className="mt-8 flex flex-wrap gap-3">
          <SiteLink to={href('/contact')} className={buttonClasses('primary', 'lg')}>
            Get in touch
          </SiteLink>
          <SiteLink to={href('/')} className={buttonClasses('secondary', 'lg')}>
            Go to the home page
          </SiteLink>
        </p>
      </TokenPageFrame>
    )
  }
  return (
    <TokenPageFrame eyebrow="Testimonial" title="Write a testimonial">
      <p className="mt-5 text-lg leading-8 text-slate-700">
        Hello {link.name}, thank you for taking a moment to say how our work together went.{' '}
        {ownerName} reads every testimonial before it appears on the site.
      </p>
      <div className="mt-10 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <TestimonialForm
          name={link.name}
          failure={actionData && !actionData.ok ? actionData : undefined}
        />
      </div>
    </TokenPageFrame>
  )
}
