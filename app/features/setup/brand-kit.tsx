/**
 * The setup page's brand kit: the brand colour (a picker, its hex code, presets, and whether white
 * text reads on it), the font pairs each shown in its own fonts, and a preview of both in the
 * site's light and dark schemes as the owner changes them.
 */
import { useId, useState } from 'react'
import { contrastRatio, MIN_TEXT_CONTRAST } from '#common/contrast.ts'
import type { SettingsOptions } from '#common/schemas/settings.ts'
import { ACCENT_PRESETS, type FontPairId } from '#common/site-identity.ts'
import { cn } from '#app/lib/cn.ts'
import { fontSpecimens } from '#app/lib/theme.ts'

const HEX = /^#?([0-9a-f]{6})$/i

/** `#rrggbb` for a typed hex code (with or without its #), else null. */
const hexOf = (text: string) => {
  const match = HEX.exec(text.trim())
  return match ? `#${match[1]!.toLowerCase()}` : null
}

/** The shades app/styles/app.css mixes for links: darker on white, lighter on the dark ground. */
const linkShade = (accent: string, scheme: 'light' | 'dark') =>
  scheme === 'light'
    ? `color-mix(in oklab, ${accent} 90%, black)`
    : `color-mix(in oklab, ${accent} 42%, white)`

const SPECIMENS = fontSpecimens()

export function BrandKit({
  accentColor,
  fontPair,
  options,
  errors,
}: {
  accentColor: string
  fontPair: FontPairId
  options: SettingsOptions
  errors?: { accentColor?: string; fontPair?: string }
}) {
  const [text, setText] = useState(accentColor)
  // The last valid colour typed or picked: the picker, the check and the preview show it.
  const [color, setColor] = useState(hexOf(accentColor) ?? accentColor)
  const [pair, setPair] = useState<string>(fontPair)
  const hintId = useId()
  const ratio = contrastRatio(color, '#ffffff')
  const isReadable = ratio >= MIN_TEXT_CONTRAST
  const choose = (next: string) => {
    setColor(next)
    setText(next)
  }
  const stacks = SPECIMENS.stacks[pair] ?? SPECIMENS.stacks.system!

  return (
    <>
      {/* Every pair's faces, for the specimens: a face is fetched only once a text uses it. */}
      <style>{SPECIMENS.css}</style>
      <fieldset className="min-w-0 sm:col-span-2" aria-describedby={hintId}>
        <legend className="text-sm font-medium text-slate-800">Brand colour</legend>
        <p id={hintId} className="mt-0.5 mb-3 text-xs text-slate-600">
          Buttons and links use it, with white text on buttons, in both schemes.
        </p>
        <div className="flex flex-wrap items-start gap-4">
          <div>
            <label htmlFor={`${hintId}-picker`} className="mb-1 block text-sm text-slate-700">
              Picker
            </label>
            <input
              id={`${hintId}-picker`}
              type="color"
              value={color}
              onChange={(event) => choose(event.target.value)}
              className="block h-10 w-16 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
            />
          </div>
          <div className="w-36">
            <label htmlFor={`${hintId}-hex`} className="mb-1 block text-sm text-slate-700">
              Hex code
            </label>
            <input
              id={`${hintId}-hex`}
              name="accentColor"
              value={text}
              maxLength={7}
              spellCheck={false}
              autoCapitalize="none"
              autoComplete="off"
              aria-invalid={errors?.accentColor ? true : undefined}
              aria-describedby={`${hintId}-check${errors?.accentColor ? ` ${hintId}-error` : ''}`}
              onChange={(event) => {
                setText(event.target.value)
                const typed = hexOf(event.target.value)
                if (typed) setColor(typed)
              }}
              onBlur={() => {
                const typed = hexOf(text)
                if (typed) setText(typed)
              }}
              className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 uppercase focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none aria-invalid:border-red-600"
            />
          </div>
          <div className="min-w-0 flex-1 basis-56">
            <span className="mb-1 block text-sm text-slate-700" id={`${hintId}-presets`}>
              Presets
            </span>
            <div
              role="group"
              aria-labelledby={`${hintId}-presets`}
              className="flex flex-wrap gap-2"
            >
              {ACCENT_PRESETS.map((preset) => (
                <button
                  key={preset.color}
                  type="button"
                  aria-label={`${preset.name} ${preset.color}`}
                  aria-pressed={color === preset.color}
                  title={preset.name}
                  onClick={() => choose(preset.color)}
                  style={{ backgroundColor: preset.color }}
                  className="h-9 w-9 rounded-full border-2 border-white shadow-sm ring-1 ring-slate-300 transition-shadow aria-pressed:ring-3 aria-pressed:ring-slate-900 motion-reduce:transition-none"
                />
              ))}
            </div>
          </div>
        </div>
        <p
          id={`${hintId}-check`}
          aria-live="polite"
          className={cn('mt-3 text-sm', isReadable ? 'text-emerald-800' : 'text-red-700')}
        >
          {isReadable
            ? `White text on it reads well: contrast ${ratio.toFixed(1)}:1.`
            : `Too light for white text: contrast ${ratio.toFixed(2)}:1, at least ${MIN_TEXT_CONTRAST}:1 needed. Pick a darker shade.`}
        </p>
        {errors?.accentColor ? (
          <p id={`${hintId}-error`} className="mt-1 text-sm text-red-700">
            {errors.accentColor}
          </p>
        ) : null}
      </fieldset>

      <fieldset
        className="min-w-0 sm:col-span-2"
        aria-invalid={errors?.fontPair ? true : undefined}
      >
        <legend className="mb-2 text-sm font-medium text-slate-800">Fonts</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {options.fontPairs.map((option) => {
            const specimen = SPECIMENS.stacks[option.id] ?? SPECIMENS.stacks.system!
            return (
              <label
                key={option.id}
                className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 px-3 py-3 text-sm has-checked:border-brand-600 has-checked:bg-brand-50"
              >
                <input
                  type="radio"
                  name="fontPair"
                  value={option.id}
                  checked={pair === option.id}
                  onChange={() => setPair(option.id)}
                  className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
                />
                <span className="min-w-0">
                  <span className="font-medium text-slate-900">{option.label}</span>
                  <span className="block text-xs text-slate-600">
                    {option.heading === option.body
                      ? `${option.body} throughout`
                      : `${option.heading} headings, ${option.body} text`}
                  </span>
                  {/* The specimen: a heading and a line of text in the pair's own fonts. */}
                  <span
                    aria-hidden="true"
                    data-specimen={option.id}
                    className="mt-2 block text-xl leading-tight font-bold text-slate-900"
                    style={{ fontFamily: specimen.heading }}
                  >
                    Websites that win clients
                  </span>
                  <span
                    aria-hidden="true"
                    className="mt-1 block text-sm text-slate-700"
                    style={{ fontFamily: specimen.body }}
                  >
                    Clear pages, fast loading, and a contact form that brings you work.
                  </span>
                </span>
              </label>
            )
          })}
        </div>
        {errors?.fontPair ? <p className="mt-1 text-sm text-red-700">{errors.fontPair}</p> : null}
      </fieldset>

      <div className="min-w-0 sm:col-span-2">
        <h3 className="mb-2 text-sm font-medium text-slate-800">Preview</h3>
        <div className="grid gap-3 sm:grid-cols-2" data-brand-preview>
          {(['light', 'dark'] as const).map((scheme) => (
            // Fixed grounds, not the admin's palette: each tile is one of the site's schemes.
            <div
              key={scheme}
              role="group"
              aria-label={`Preview in the ${scheme} scheme`}
              className={cn(
                'rounded-lg border p-4',
                scheme === 'light'
                  ? 'border-[#e2e8f0] bg-[#ffffff] text-[#334155]'
                  : 'border-[#2b374d] bg-[#0b1220] text-[#d3dae5]',
              )}
              style={{ fontFamily: stacks.body }}
            >
              <p className="text-xs font-semibold tracking-wide uppercase opacity-80">
                {scheme === 'light' ? 'Light scheme' : 'Dark scheme'}
              </p>
              <p
                className={cn(
                  'mt-2 text-lg leading-snug font-bold',
                  scheme === 'light' ? 'text-[#0f172a]' : 'text-[#f3f6fa]',
                )}
                style={{ fontFamily: stacks.heading }}
              >
                Websites that load fast
              </p>
              <p className="mt-1 text-sm">
                Read the{' '}
                <span className="font-medium underline" style={{ color: linkShade(color, scheme) }}>
                  latest case study
                </span>{' '}
                or get in touch.
              </p>
              <span
                className="mt-3 inline-flex rounded-md px-4 py-2 text-sm font-semibold text-[#ffffff]"
                style={{ backgroundColor: color }}
              >
                Start a project
              </span>
            </div>
          ))}
        </div>
      </div>
    </>
  )
}
