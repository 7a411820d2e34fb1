import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: { assetsInlineLimit: 0 },
  // The icons the pages use, bundled into the server's build: left to Node.js, the package loads
  // all of its icons (about 4 MB of heap held from the first second; docs/decisions/039).
  ssr: { noExternal: ['lucide-react'] },
})
