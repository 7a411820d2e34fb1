/**
 * Which pages ship React. A public page is complete as the server renders it: it ships no
 * JavaScript but one small inline script for the frame's behaviours and its forms' in-place posts
 * (page-behaviour.ts).
 * A route says so in its `handle` (`STATIC_PAGE`, or `HYDRATED_PAGE` to override a parent); the
 * deepest route that says decides, and a page nobody marks is hydrated as before.
 */
import { createContext, use } from 'react'
import { useMatches } from 'react-router'
import {
  closeMenusWhenDone,
  enhanceBooking,
  endSessionOnServer,
  refuseLargeFiles,
  runTypewriter,
  showStoredSession,
  submitFormsInPlace,
  viewGalleriesInPlace,
} from './page-behaviour.ts'
import { SESSION_STORAGE_KEY } from './session.ts'

export type PageHandle = { hydrate?: boolean }
export const STATIC_PAGE: PageHandle = { hydrate: false }
export const HYDRATED_PAGE: PageHandle = { hydrate: true }

/** Whether a page ships React, from its matched routes' handles, outermost first. */
export function isHydratedPage(matches: readonly { handle?: unknown }[]): boolean {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]!.handle as PageHandle | undefined
    if (typeof handle?.hydrate === 'boolean') return handle.hydrate
  }
  return true
}

/**
 * True while the server renders a page that will ship no React. In the browser React is running,
 * so the page is a hydrated one (or was navigated to from one).
 */
export function useIsStaticPage(): boolean {
  const matches = useMatches()
  return typeof document === 'undefined' && !isHydratedPage(matches)
}

/**
 * Whether the page being rendered ships no React, decided once for the whole document by the root
 * layout (`useIsStaticPage`), so each of a page's many links need not work it out again.
 */
export const StaticRenderContext = createContext(false)

export const useIsStaticRender = (): boolean => use(StaticRenderContext)

/** The static pages' whole script: the functions' own source, called on the rendered page. */
export const STATIC_PAGE_SCRIPT = `{
(${showStoredSession.toString()})(${JSON.stringify(SESSION_STORAGE_KEY)}, ${endSessionOnServer.toString()});
const header = document.querySelector('header');
if (header) (${closeMenusWhenDone.toString()})(header);
for (const element of document.querySelectorAll('[data-typewriter]')) (${runTypewriter.toString()})(element);
if (document.querySelector('input[type="file"][data-max-bytes]')) (${refuseLargeFiles.toString()})();
if (document.querySelector('form[data-submit-in-place]')) (${submitFormsInPlace.toString()})();
if (document.querySelector('[data-booking]')) (${enhanceBooking.toString()})();
if (document.querySelector('[data-gallery]')) (${viewGalleriesInPlace.toString()})();
}`
