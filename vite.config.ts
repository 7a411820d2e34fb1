import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

/**
 * The chunks every page hydrates with: React DOM with the client entry, and React with the router.
 * Most of their functions run during hydration, so they are marked for eager compilation (V8's
 * explicit compile hints, Chrome 136+): V8 compiles them off the main thread while they download,
 * rather than one function at a time on the main thread in the middle of hydrating.
 */
const HYDRATION_CHUNKS = new Set(['entry.client', 'jsx-runtime'])

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            postBanner: (chunk) =>
              HYDRATION_CHUNKS.has(chunk.name) ? '//# allFunctionsCalledOnLoad' : '',
          },
        },
  },
}))
