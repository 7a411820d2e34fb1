import { Form } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { InputField } from '#app/components/ui/field.tsx'

/** Asks for a sign-in link: posted to /client, which answers the same for every address. */
export function SignInLinkForm({
  error,
  defaultEmail,
  className,
}: {
  error?: string
  defaultEmail?: string
  className?: string
}) {
  return (
    <Form method="post" action="/client" className={className} aria-label="Get a sign-in link">
      <input type="hidden" name="intent" value="sign-in" />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <InputField
          label="Your e-mail address"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          defaultValue={defaultEmail}
          error={error}
          className="flex-1"
        />
        <Button type="submit" size="lg" className="sm:mb-px">
          Send me a sign-in link
        </Button>
      </div>
    </Form>
  )
}
