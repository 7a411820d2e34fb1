import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'
import { asciiSource } from './scripts/lib/ascii-source.ts'

/** The server's render code as ASCII, as the rest of the server (scripts/lib/ascii-source.ts). */
const asciiServerBuild: Plugin = {
  name: 'ascii-server-build',
  apply: 'build',
  // Once every chunk is final: the transform that prints chunks for the target would undo it.
  generateBundle(_options, bundle) {
    if (this.environment.config.consumer !== 'server') return
    for (const file of Object.values(bundle))
      if (file.type === 'chunk') file.code = asciiSource(file.code)
  },
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), asciiServerBuild],
  build: { assetsInlineLimit: 0 },
  // The icons the pages use, bundled into the server's build: left to Node.js, the package loads
  // all of its icons (about 4 MB of heap held from the first second; docs/decisions/039).
  ssr: { noExternal: ['lucide-react'] },
})
