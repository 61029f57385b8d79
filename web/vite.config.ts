import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Rolldown puts modules that both the entry and a lazy page use into extra shared chunks, so the
 * landing page would load four files instead of one. This records every module the entry reaches
 * by static imports; the code-splitting group below keeps exactly those in the entry's chunk.
 * Lazy pages still get only what they alone need.
 */
const entryGraph = new Set<string>();
function entryGraphPlugin(): Plugin {
  return {
    name: 'velo:entry-graph',
    apply: 'build',
    buildEnd() {
      entryGraph.clear();
      const pending = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
        if (entryGraph.has(id)) continue;
        entryGraph.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}

// The web app: root is web/, output goes to dist/web (served by the local gateway and CloudFront).
// No React plugin: Vite 8 compiles TSX with Oxc; the automatic runtime matches tsconfig's `react-jsx`.
export default defineConfig({
  root,
  base: '/',
  oxc: { jsx: { runtime: 'automatic' } },
  plugins: [entryGraphPlugin()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    // Every browser the site supports has <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Rolldown's own runtime helpers cannot be grouped: they stay in the entry chunk only while
        // every lazy chunk that needs them also imports the entry (web/src/auth/amplify.ts does).
        codeSplitting: { groups: [{ name: 'index', test: (id: string) => entryGraph.has(id) }] },
      },
      onwarn(warning, warn) {
        // TanStack Router ships "use client" directives for RSC; they mean nothing in a client bundle.
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
  server: {
    // `npx vite --config web/vite.config.ts` during development: the API and images come from `npm start`.
    proxy: { '/api': 'http://localhost:3000', '/images': 'http://localhost:3000' },
  },
});
