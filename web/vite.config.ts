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

/**
 * The entry's stylesheet goes into index.html as a <style> (the CSP allows inline styles): one
 * render-blocking request less on every page's first load (Lighthouse, mobile: FCP about 0.1 s
 * sooner, docs/benchmarks.md). Lazy pages keep their own CSS files; the file stays in assets/.
 */
function inlineEntryCssPlugin(): Plugin {
  return {
    name: 'velo:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        return html.replace(/<link\b[^>]*\brel="stylesheet"[^>]*>/g, (tag) => {
          const file = /\bhref="\/([^"]+\.css)"/.exec(tag)?.[1];
          const asset = file ? context.bundle?.[file] : undefined;
          if (asset?.type !== 'asset') return tag;
          const css = String(asset.source);
          return css.includes('</style') ? tag : `<style>${css}</style>`;
        });
      },
    },
  };
}

// The web app: root is web/, output goes to dist/web (served by the local gateway and CloudFront).
// No React plugin: Vite 8 compiles TSX with Oxc; the automatic runtime matches tsconfig's `react-jsx`.
export default defineConfig({
  root,
  base: '/',
  oxc: { jsx: { runtime: 'automatic' } },
  plugins: [entryGraphPlugin(), inlineEntryCssPlugin()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    assetsDir: 'assets',
    // Every browser the site supports has <link rel="modulepreload">.
    modulePreload: { polyfill: false },
    // dist/web/.vite/manifest.json: which chunks and CSS each page module loads (npm run bench:web).
    manifest: true,
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
    // `npx vite --config web/vite.config.ts` during development: the API and images come from `npm start`
    // (started with VELO_SITE_ORIGIN=http://localhost:5173, so return URLs on this server are on the site).
    proxy: { '/api': 'http://localhost:3000', '/images': 'http://localhost:3000' },
  },
});
