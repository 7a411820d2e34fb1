import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
  // One chunk per route module, as before React Router 8 made splitting the default: split, the
  // admin layout's clientLoader and the helpers its screens share went to separate chunks, and
  // the admin dashboard's first visit loaded more script than its budget (scripts/lib/page-weight.ts).
  splitRouteModules: false,
} satisfies Config
