import type { ReactNode } from 'react'
import { SOCIAL_LABELS, SOCIAL_NETWORKS } from '#common/constants.ts'
import {
  BANNER_STACK_COUNT,
  FOUNDING_YEAR_MIN,
  SITE_LOOK_FIELDS,
  SiteSettingsSchema,
  type SiteSettings,
} from '#common/schemas/settings.ts'
import { Button } from '#app/components/ui/button.tsx'
import { CheckboxField, InputField, TextareaField } from '#app/components/ui/field.tsx'
import { FieldsForm } from '#app/components/ui/fields-form.tsx'
import type { FieldErrors } from '#app/lib/form.ts'

/**
 * The fields this form edits; the look, the logo, the portrait and the header are the setup page's,
 * the booking hours the Booking screen's.
 */
export const SettingsFormSchema = SiteSettingsSchema.omit({
  booking: true,
  billing: true,
  ...SITE_LOOK_FIELDS,
})

/** The settings that are a yes or a no. */
type Toggle = {
  [K in keyof SiteSettings]: SiteSettings[K] extends boolean ? K : never
}[keyof SiteSettings]

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-slate-200 px-4 pt-1 pb-5 sm:px-5">
      <legend className="px-1 text-sm font-semibold text-slate-800">{title}</legend>
      <div className="grid gap-5 sm:grid-cols-2">{children}</div>
    </fieldset>
  )
}

/**
 * The admin's Settings form; it posts to the route's clientAction. The share image's field comes
 * from the route (`shareImageField`), which combines it with the upload feature.
 */
export function SettingsForm({
  settings,
  errors,
  isSubmitting,
  isBusy,
  shareImageField,
  onEdit,
}: {
  settings: SiteSettings
  errors?: FieldErrors
  isSubmitting: boolean
  isBusy: boolean
  shareImageField: ReactNode
  onEdit: () => void
}) {
  const text = (name: keyof SiteSettings, label: string, extra: object = {}) => (
    <InputField
      label={label}
      name={name}
      defaultValue={String(settings[name])}
      required
      error={errors?.[name]}
      {...extra}
    />
  )

  const toggle = (name: Toggle, label: string, hint: string) => (
    <CheckboxField
      label={label}
      name={name}
      defaultChecked={settings[name]}
      hint={hint}
      className="sm:col-span-2"
    />
  )

  return (
    <FieldsForm
      errors={errors}
      onChange={onEdit}
      className="space-y-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <Section title="Business">
        {text('businessName', 'Business name')}
        {text('ownerName', 'Owner name')}
        {text('tagline', 'Tagline', { className: 'sm:col-span-2' })}
        {text('email', 'Contact e-mail', { type: 'email', autoComplete: 'off' })}
        {text('location', 'Location', {
          hint: 'As visitors should read it, e.g. Portland, Oregon.',
        })}
      </Section>
      <Section title="The practice">
        {text('ownerRole', 'Owner role', {
          hint: 'Above the home page heading and in search results, e.g. Freelance web developer.',
        })}
        {text('foundingYear', 'Founding year', {
          type: 'number',
          inputMode: 'numeric',
          min: FOUNDING_YEAR_MIN,
          step: 1,
          hint: 'Shown as “Independent since” on the about page.',
        })}
        {text('serviceArea', 'Service area', {
          className: 'sm:col-span-2',
          hint: 'Closes the footer of every page, e.g. Portland, Oregon, and remote clients across Europe.',
        })}
        {text('responseTime', 'Response time', {
          className: 'sm:col-span-2',
          hint: 'Completes “Replies …” and “You will get an honest answer …”, e.g. within one business day.',
        })}
      </Section>
      <Section title="Contact form questions">
        <p className="text-sm text-slate-600 sm:col-span-2">
          Optional questions that help you qualify an inquiry before you reply. One answer a line;
          leave a list empty to leave its question out.
        </p>
        {(
          [
            ['projectTypes', 'Project types'],
            ['budgets', 'Budget ranges'],
            ['timelines', 'Timelines'],
          ] as const
        ).map(([name, label]) => (
          <TextareaField
            key={name}
            label={label}
            name={`inquiry.${name}`}
            rows={5}
            defaultValue={settings.inquiry[name].join('\n')}
            hint="One option a line."
            error={errors?.[`inquiry.${name}`]}
          />
        ))}
        <CheckboxField
          label="Ask for the current website"
          name="inquiry.askWebsite"
          defaultChecked={settings.inquiry.askWebsite}
          hint="An optional address field, for a redesign or maintenance."
          className="sm:col-span-2"
        />
      </Section>
      <Section title="Social links">
        {SOCIAL_NETWORKS.map((network) => (
          <InputField
            key={network}
            label={`${SOCIAL_LABELS[network]} link`}
            name={`social.${network}`}
            type="url"
            inputMode="url"
            placeholder="https://"
            defaultValue={settings.social[network]}
            hint="Leave empty to hide the icon."
            error={errors?.[`social.${network}`]}
          />
        ))}
      </Section>
      <Section title="Home page banner">
        {Array.from({ length: BANNER_STACK_COUNT }, (_, i) => (
          <InputField
            key={i}
            label={`Stack name ${i + 1}`}
            name={`bannerStacks.${i}`}
            defaultValue={settings.bannerStacks[i]}
            required
            error={errors?.[`bannerStacks.${i}`]}
          />
        ))}
      </Section>
      <Section title="Search and sharing">
        <TextareaField
          label="Default SEO description"
          name="seoDescription"
          defaultValue={settings.seoDescription}
          required
          rows={3}
          className="sm:col-span-2"
          hint="Shown by search engines for the home page and in its link previews."
          error={errors?.seoDescription}
        />
        <div className="sm:col-span-2">{shareImageField}</div>
      </Section>
      <Section title="Portfolio">
        {toggle(
          'showLinkHealth',
          'Show that each site is online',
          'Portfolio cards and case-study pages say “Online · checked today · 180 ms” after a successful link check; a failing site shows nothing.',
        )}
      </Section>
      <Section title="Journal">
        {toggle(
          'journalInHeader',
          'Link the journal from the header',
          'Beside Portfolio in the menu. The link shows only while a post is published.',
        )}
        {toggle(
          'journalInFooter',
          'Link the journal from the footer',
          "In the footer's list of pages, with its feed. The link shows only while a post is published.",
        )}
      </Section>
      <Section title="Accounts">
        {toggle(
          'signupsOpen',
          'Sign-ups open',
          'When unticked, visitors cannot create accounts and the site offers no sign-up link.',
        )}
      </Section>
      <Section title="Visit statistics">
        {toggle(
          'weeklyDigest',
          'Weekly digest by e-mail',
          "Each Monday: last week's visitors, messages, conversion rate and top sources against the week before.",
        )}
      </Section>
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting || isBusy}>
          {isSubmitting ? 'Saving...' : 'Save Settings'}
        </Button>
      </div>
    </FieldsForm>
  )
}
