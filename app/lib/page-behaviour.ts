/**
 * The few behaviours of the site's frame that work on plain DOM, so a public page that ships no
 * React still has them: the header's menus closing, the session's entries in the header, the
 * banner's typewriter. React pages call the same functions from their effects.
 *
 * Each function is serialised into the static pages' inline script (`staticPageScript`) with
 * `Function.prototype.toString`, so it must reference nothing outside itself: no imports, no
 * module-level constants, only its arguments and the browser's globals.
 */

/**
 * A click outside, Escape, opening another menu or leaving a menu closes the open menus (`<details>`)
 * under `root`; following a link in one closes it too. Returns the function that stops watching.
 */
export function closeMenusWhenDone(root: HTMLElement): () => void {
  const openMenus = () => Array.from(root.querySelectorAll<HTMLDetailsElement>('details[open]'))
  const onPointerDown = (event: PointerEvent) => {
    for (const menu of openMenus()) if (!menu.contains(event.target as Node)) menu.open = false
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    const menus = openMenus()
    const innermost = menus[menus.length - 1]
    if (!innermost) return
    const hadFocus = innermost.contains(document.activeElement)
    innermost.open = false
    if (hadFocus) innermost.querySelector('summary')?.focus()
  }
  const onToggle = (event: Event) => {
    const opened = event.target as HTMLDetailsElement
    if (!opened.open) return
    for (const menu of openMenus()) if (menu !== opened && !menu.contains(opened)) menu.open = false
  }
  const onFocusOut = (event: FocusEvent) => {
    const next = event.relatedTarget
    if (!(next instanceof Node)) return
    for (const menu of openMenus()) if (!menu.contains(next)) menu.open = false
  }
  const onClick = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) for (const menu of openMenus()) menu.open = false
  }
  document.addEventListener('pointerdown', onPointerDown)
  document.addEventListener('keydown', onKeyDown)
  root.addEventListener('toggle', onToggle, true)
  root.addEventListener('focusout', onFocusOut)
  root.addEventListener('click', onClick)
  return () => {
    document.removeEventListener('pointerdown', onPointerDown)
    document.removeEventListener('keydown', onKeyDown)
    root.removeEventListener('toggle', onToggle, true)
    root.removeEventListener('focusout', onFocusOut)
    root.removeEventListener('click', onClick)
  }
}

/**
 * Types, pauses on and erases each word of `data-words` in turn, in the element's
 * `[data-typewriter-text]`; reduced-motion users keep the first word. Returns the function that
 * stops it.
 */
export function runTypewriter(element: HTMLElement): () => void {
  const TYPE_MS = 85
  const ERASE_MS = 40
  const HOLD_MS = 1_800
  const GAP_MS = 350
  const target = element.querySelector<HTMLElement>('[data-typewriter-text]')
  let words: unknown
  try {
    words = JSON.parse(element.dataset.words ?? '[]')
  } catch {
    words = []
  }
  if (
    !target ||
    !Array.isArray(words) ||
    words.length < 2 ||
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  )
    return () => {}
  const list = words.map(String)
  let index = 0
  let length = list[0]!.length
  let isErasing = true
  let timer: number
  const step = () => {
    const word = list[index]!
    let delay = isErasing ? ERASE_MS : TYPE_MS
    if (isErasing && length > 0) length -= 1
    else if (isErasing) {
      index = (index + 1) % list.length
      isErasing = false
      delay = GAP_MS
    } else if (length < word.length) length += 1
    else {
      isErasing = true
      delay = HOLD_MS
    }
    target.textContent = (list[index] ?? '').slice(0, length)
    timer = window.setTimeout(step, delay)
  }
  timer = window.setTimeout(step, HOLD_MS)
  return () => window.clearTimeout(timer)
}

/**
 * Ends the session of `token` on the server (Sign Out), so the token is refused even if a copy of
 * it survives; the request outlives the page (`keepalive`), and a failure changes nothing here.
 */
export function endSessionOnServer(token: string): void {
  void fetch('/api/users/signout', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    keepalive: true,
  }).catch(() => undefined)
}

/**
 * On a page rendered without React: puts in the header the entries of the session kept in local
 * storage under `storageKey`. The server renders the signed-out header, with the signed-in and
 * admin entries as inert `<template data-session="signed-in|admin">`s and the signed-out ones
 * marked `data-session="signed-out"`. Sign Out ends the session on the server (`endSession`, given
 * its token), clears it here and goes to the sign-in page.
 */
export function showStoredSession(storageKey: string, endSession: (token: string) => void): void {
  let stored: unknown
  try {
    stored = JSON.parse(window.localStorage.getItem(storageKey) ?? 'null')
  } catch {
    stored = null
  }
  const session = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>
  const isSignedIn = typeof session.name === 'string' && typeof session.token === 'string'
  if (!isSignedIn) return
  const name = String(session.name)
  for (const element of document.querySelectorAll('[data-session="signed-out"]')) element.remove()
  for (const template of document.querySelectorAll<HTMLTemplateElement>('template[data-session]'))
    if (template.dataset.session === 'signed-in' || session.isAdmin === true)
      template.replaceWith(template.content.cloneNode(true))
  for (const element of document.querySelectorAll('[data-session-name]')) element.textContent = name
  for (const element of document.querySelectorAll('[data-session-initial]'))
    element.textContent = name.trim().charAt(0).toUpperCase() || '?'
  for (const button of document.querySelectorAll('[data-sign-out]'))
    button.addEventListener('click', () => {
      endSession(String(session.token))
      try {
        window.localStorage.removeItem(storageKey)
      } catch {
        // Storage refused (private mode): nothing was kept, so nothing to clear.
      }
      window.location.assign('/signin')
    })
}

/**
 * On a page rendered without React: a form marked `data-submit-in-place` posts without leaving the
 * page, as React's fetcher does on a hydrated one. The submit button shows its `data-pending-label`
 * and is disabled; the server answers with the page as rendered after a post without JavaScript,
 * and its copy of the form (with the fields' errors and a fresh token, or emptied after a success)
 * replaces this one. The outcome the server shows as an alert in the form (`[data-outcome]`) stays
 * there, as it does without JavaScript, unless it is brief (at most `[data-toast-words]` words, as
 * the Toaster counts): then it is shown as a toast instead, a clone of the
 * `template[data-toast=success|error]` the Toaster renders, put in its live region
 * (`[data-toasts]`, whose value is how long a brief toast stays, in ms; a longer one stays until
 * dismissed). A confirmation the answer shows in place of the fields (`[data-confirmation]`) takes the focus;
 * its `[data-send-another]` link brings the emptied fields (`[data-form-fields]`) back without
 * leaving the page.
 */
export function submitFormsInPlace(): void {
  const isBrief = (message: string) => {
    const most = Number(document.querySelector<HTMLElement>('[data-toasts]')?.dataset.toastWords)
    return message.trim().split(/\s+/).length <= (most || 5)
  }
  const showToast = (kind: string, message: string) => {
    const region = document.querySelector<HTMLElement>('[data-toasts]')
    const template = document.querySelector<HTMLTemplateElement>(`template[data-toast="${kind}"]`)
    const toast = template?.content.firstElementChild?.cloneNode(true)
    if (!region || !(toast instanceof HTMLElement)) return
    const text = toast.querySelector('[data-toast-text]') ?? toast
    text.textContent = message
    const dismiss = toast.querySelector('[data-toast-dismiss]')
    for (const shown of region.querySelectorAll(':scope > :not(template)')) shown.remove()
    if (isBrief(message)) {
      dismiss?.remove()
      window.setTimeout(() => toast.remove(), Number(region.dataset.toasts) || 1_200)
    } else {
      dismiss?.addEventListener('click', () => toast.remove())
    }
    region.append(toast)
  }
  document.addEventListener('submit', (event) => {
    const form = event.target
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-submit-in-place')) return
    event.preventDefault()
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')
    if (button?.disabled) return
    const idleLabel = button?.textContent ?? ''
    const hadFocus = !!button && document.activeElement === button
    if (button) {
      button.disabled = true
      button.textContent = button.dataset.pendingLabel ?? idleLabel
    }
    const body = new FormData(form)
    void (async () => {
      try {
        const response = await fetch(form.action, { method: 'POST', body })
        const page = new DOMParser().parseFromString(await response.text(), 'text/html')
        const name = form.getAttribute('data-submit-in-place') ?? ''
        const answer = Array.from(page.querySelectorAll('form[data-submit-in-place]')).find(
          (candidate) => candidate.getAttribute('data-submit-in-place') === name,
        )
        const outcome = answer?.querySelector<HTMLElement>('[data-outcome]')
        if (!answer || !outcome) throw new Error('The answer holds no form')
        const said = outcome.textContent?.trim() ?? ''
        if (isBrief(said)) outcome.remove()
        const fresh = document.importNode(answer, true)
        form.replaceWith(fresh)
        if (isBrief(said)) showToast(outcome.dataset.outcome ?? 'error', said)
        const invalid = fresh.querySelector<HTMLElement>('[aria-invalid="true"]')
        const confirmation = fresh.querySelector<HTMLElement>('[data-confirmation]')
        if (invalid) invalid.focus()
        else if (confirmation) confirmation.focus()
        else if (hadFocus) fresh.querySelector<HTMLElement>('button[type="submit"]')?.focus()
      } catch {
        if (button) {
          button.disabled = false
          button.textContent = idleLabel
        }
        showToast('error', form.dataset.failure ?? 'Not sent: please try again in a moment')
      }
    })()
  })
  document.addEventListener('click', (event) => {
    const link =
      event.target instanceof Element ? event.target.closest('[data-send-another]') : null
    const form = link?.closest('form[data-submit-in-place]')
    const fields = form?.querySelector<HTMLElement>('[data-form-fields]')
    if (!form || !fields) return
    event.preventDefault()
    form.querySelector('[data-confirmation]')?.remove()
    fields.hidden = false
    fields
      .querySelector<HTMLElement>(
        'input:not([type="hidden"]):not([tabindex="-1"]), select, textarea',
      )
      ?.focus()
  })
}

/**
 * A file input marked `data-max-bytes` refuses a file over that size as soon as it is chosen: its
 * message (`data-too-large`) shows under the field, wired to it as the server's messages are, and
 * the form is not sent until a smaller file is chosen (focus goes back to the field). Without it a
 * file of more than twice the limit would never reach the form's own checks: the server refuses
 * such a body whole, and the visitor would see that refusal instead of the form.
 */
export function refuseLargeFiles(): void {
  const isTooLarge = (input: HTMLInputElement) =>
    Array.from(input.files ?? []).some((file) => file.size > Number(input.dataset.maxBytes))
  const show = (input: HTMLInputElement) => {
    const messageId = `${input.id}-too-large`
    document.getElementById(messageId)?.remove()
    const describedBy = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter((id) => id && id !== messageId)
    if (isTooLarge(input)) {
      const message = document.createElement('p')
      message.id = messageId
      message.className = 'mt-1 text-sm text-red-700'
      message.textContent = input.dataset.tooLarge ?? 'This file is too large.'
      input.parentElement?.append(message)
      describedBy.push(messageId)
      input.setAttribute('aria-invalid', 'true')
    } else if (!document.getElementById(`${input.id}-error`)) {
      // The server's own message for the field, if any, keeps it marked.
      input.removeAttribute('aria-invalid')
    }
    if (describedBy.length > 0) input.setAttribute('aria-describedby', describedBy.join(' '))
    else input.removeAttribute('aria-describedby')
  }
  const selector = 'input[type="file"][data-max-bytes]'
  document.addEventListener('change', (event) => {
    const input = event.target
    if (input instanceof HTMLInputElement && input.matches(selector)) show(input)
  })
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target
      if (!(form instanceof HTMLFormElement)) return
      const refused = Array.from(form.querySelectorAll<HTMLInputElement>(selector)).find(isTooLarge)
      if (!refused) return
      event.preventDefault()
      event.stopImmediatePropagation()
      show(refused)
      refused.focus()
    },
    true,
  )
}

/**
 * On a booking page rendered without React (/book, a manage page), the picker (`[data-booking]`)
 * changes in place: a link marked `data-booking-nav`, a GET form's button (a time, the zone) and the
 * details form's post fetch the page the server would show and swap the picker for its copy, so
 * nothing reloads; the address follows the choices (back and forward too). The visitor's own time
 * zone (`Intl`) replaces the owner's when the visitor has not chosen one (`data-zone-chosen`), a
 * zone picked from the select applies at once, and the controls only a page without JavaScript
 * needs (`[data-without-js]`) are hidden. Should a fetch fail, the browser loads the page instead.
 */
export function enhanceBooking(): void {
  const region = () => document.querySelector<HTMLElement>('[data-booking]')
  const hideFallbacks = () => {
    for (const element of document.querySelectorAll<HTMLElement>(
      '[data-booking] [data-without-js]',
    ))
      element.hidden = true
  }
  let pending = 0
  const swap = async (
    url: string,
    init: RequestInit | undefined,
    history: 'push' | 'replace' | 'none',
  ) => {
    const current = region()
    if (!current) return
    const ticket = ++pending
    current.setAttribute('aria-busy', 'true')
    try {
      const response = await fetch(url, init)
      const page = new DOMParser().parseFromString(await response.text(), 'text/html')
      const fresh = page.querySelector('[data-booking]')
      if (!fresh) throw new Error('The answer holds no booking picker')
      if (ticket !== pending) return
      const hadFocusInside = current.contains(document.activeElement)
      current.replaceWith(document.importNode(fresh, true))
      if (history === 'push') window.history.pushState(null, '', url)
      else if (history === 'replace') window.history.replaceState(null, '', url)
      if (page.title) document.title = page.title
      hideFallbacks()
      const next = region()
      const target =
        next?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
        next?.querySelector<HTMLElement>('[data-focus]')
      if (target && (hadFocusInside || init?.method === 'POST')) target.focus()
    } catch {
      window.location.assign(url)
    }
  }
  const start = region()
  if (!start) return
  hideFallbacks()
  if (start.dataset.zoneChosen !== 'true') {
    let zone: string
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    } catch {
      zone = ''
    }
    if (zone && zone !== start.dataset.zone) {
      const url = new URL(window.location.href)
      url.searchParams.set('timeZone', zone)
      void swap(url.href, undefined, 'replace')
    }
  }
  document.addEventListener('click', (event) => {
    const link =
      event.target instanceof Element ? event.target.closest('a[data-booking-nav]') : null
    if (!(link instanceof HTMLAnchorElement) || !link.closest('[data-booking]')) return
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return
    event.preventDefault()
    void swap(link.href, undefined, 'push')
  })
  document.addEventListener('change', (event) => {
    const select = event.target
    if (select instanceof HTMLSelectElement && select.hasAttribute('data-booking-zone'))
      select.form?.requestSubmit()
  })
  document.addEventListener('submit', (event) => {
    const form = event.target
    if (!(form instanceof HTMLFormElement) || !form.closest('[data-booking]')) return
    event.preventDefault()
    const submitter = event.submitter instanceof HTMLButtonElement ? event.submitter : null
    const body = new FormData(form, submitter)
    if (form.method.toLowerCase() === 'get') {
      const url = new URL(form.action)
      url.search = ''
      for (const [name, value] of body)
        if (typeof value === 'string') url.searchParams.set(name, value)
      void swap(url.href, undefined, 'push')
      return
    }
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')
    if (button) {
      if (button.disabled) return
      button.disabled = true
      button.textContent = button.dataset.pendingLabel ?? button.textContent
    }
    void swap(form.action, { method: 'POST', body }, 'none')
  })
  window.addEventListener('popstate', () => {
    void swap(window.location.href, undefined, 'none')
  })
}

/**
 * A gallery (`[data-gallery]`) opens its images (`a[data-gallery-item]`, each a plain link to the
 * full image without JavaScript) in its modal viewer (`dialog[data-gallery-viewer]`): previous and
 * next (buttons, or the arrow keys), the caption and "2 of 5", closed by its button, Escape or a
 * click beside the image; focus goes back to the image it was opened from. A click that asks for
 * a new tab or window keeps the link's own behaviour.
 */
export function viewGalleriesInPlace(): void {
  for (const gallery of document.querySelectorAll<HTMLElement>('[data-gallery]')) {
    const links = Array.from(gallery.querySelectorAll<HTMLAnchorElement>('a[data-gallery-item]'))
    const viewer = gallery.querySelector<HTMLDialogElement>('dialog[data-gallery-viewer]')
    const image = viewer?.querySelector<HTMLImageElement>('[data-viewer-image]')
    const caption = viewer?.querySelector<HTMLElement>('[data-viewer-caption]')
    const position = viewer?.querySelector<HTMLElement>('[data-viewer-position]')
    if (!viewer || !image || !caption || !position || links.length === 0) continue
    let shown = 0
    const show = (index: number) => {
      shown = (index + links.length) % links.length
      const link = links[shown]!
      image.src = link.href
      image.alt = link.querySelector('img')?.alt ?? ''
      caption.textContent = link.dataset.caption ?? ''
      caption.hidden = !link.dataset.caption
      position.textContent = `${shown + 1} of ${links.length}`
    }
    for (const button of viewer.querySelectorAll<HTMLElement>('[data-viewer-step]'))
      if (links.length < 2) button.hidden = true
      else button.addEventListener('click', () => show(shown + Number(button.dataset.viewerStep)))
    links.forEach((link, index) => {
      link.addEventListener('click', (event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
          return
        event.preventDefault()
        show(index)
        viewer.showModal()
      })
    })
    viewer.addEventListener('keydown', (event) => {
      if (links.length < 2) return
      if (event.key === 'ArrowLeft') show(shown - 1)
      else if (event.key === 'ArrowRight') show(shown + 1)
    })
    viewer.addEventListener('click', (event) => {
      if (event.target === viewer) viewer.close()
    })
    viewer.addEventListener('close', () => links[shown]?.focus())
  }
}
