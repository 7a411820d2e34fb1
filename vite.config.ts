import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Rolldown } from 'vite'

/**
 * The chunks every page hydrates with: React DOM with the client entry, and React with the router and
 * the app's shared modules (see sharedPublicModule).
 * Most of their functions run during hydration, so they are marked for eager compilation (V8's
 * explicit compile hints, Chrome 136+): V8 compiles them off the main thread while they download,
 * rather than one function at a time on the main thread in the middle of hydrating.
 * Both this and the chunk below are kept on measured figures:
 * docs/decisions/014-hydration-deferral-and-public-chunk.md.
 */
const HYDRATION_CHUNKS = new Set(['entry.client', 'public'])

const ROUTE_MODULE = /[\\/]app[\\/](root\.tsx|routes[\\/])/
const PUBLIC_ROUTE_MODULE = /[\\/]app[\\/](root\.tsx|routes[\\/]public[\\/])/
const APP_SOURCE = /^(?!.*[\\/]node_modules[\\/]).*[\\/](app|common)[\\/][^?]*$/

/**
 * The app's own modules that a public page's route modules import (the header, the footer, the
 * cards, the helpers they share): one chunk. Split the way the bundler would by default, they come
 * as a dozen tiny files, and every request costs the page a task to receive and compile it
 * while it hydrates. Modules only signed-in areas reach stay out of it. What they import from
 * node_modules (React, the router) comes along (the group's includeDependenciesRecursively).
 */
function sharedPublicModule(id: string, context: Rolldown.ChunkingContext) {
  if (!APP_SOURCE.test(id) || ROUTE_MODULE.test(id)) return false
  const seen = new Set<string>()
  const reachesPublicRoute = (moduleId: string): boolean => {
    if (seen.has(moduleId)) return false
    seen.add(moduleId)
    return (context.getModuleInfo(moduleId)?.importers ?? []).some(
      (importer) => PUBLIC_ROUTE_MODULE.test(importer) || reachesPublicRoute(importer),
    )
  }
  return reachesPublicRoute(id)
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                {
                  debugName: 'public',
                  name: (id, context) => (sharedPublicModule(id, context) ? 'public' : null),
                },
              ],
            },
            postBanner: (chunk) =>
              HYDRATION_CHUNKS.has(chunk.name) ? '//# allFunctionsCalledOnLoad' : '',
          },
        },
  },
}))
