/** The part of SaxonJS 2 (no types of its own) the e-invoice rules run through. */
declare module 'saxon-js' {
  interface TransformOptions {
    stylesheetInternal?: unknown
    stylesheetText?: string
    sourceText: string
    destination: 'serialized'
  }
  const SaxonJS: {
    transform(options: TransformOptions, execution: 'async'): Promise<{ principalResult: string }>
  }
  export default SaxonJS
}
