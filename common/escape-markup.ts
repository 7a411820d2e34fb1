const MARKUP_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

/** Text made safe inside HTML or XML, in content and in quoted attributes (mails, sitemap, SVG). */
export const escapeMarkup = (text: string) =>
  text.replace(/[&<>"']/g, (c) => MARKUP_ESCAPES[c] ?? c)
