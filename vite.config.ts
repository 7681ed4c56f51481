/**
 * The web app build: React, the service worker (app shell cached for offline use), a dev proxy to
 * the API, and `dist/web/build.json` with this build's id, which the server reports as part of
 * `version` so that open pages notice a new release.
 */
import { execSync } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

function shortCommit(): string {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'local';
  }
}

const BUILD_ID = `${shortCommit()}.${Date.now().toString(36)}`;

function buildInfo(): Plugin {
  return {
    name: 'materia-build-info',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'build.json',
        source: `${JSON.stringify({ build: BUILD_ID })}\n`,
      });
    },
  };
}

/**
 * The first page's JavaScript (sign-in, password reset) as two files instead of thirty: the entry
 * (React DOM) and one `landing` chunk holding everything the entry imports statically. Fewer
 * files means fewer preloads and module records before the login form can render.
 *
 * Both files start with V8's explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136+):
 * nearly all of their functions run on the first render, so compiling them eagerly while the file
 * streams in (on a background thread) saves compiling each one lazily on the main thread at its
 * first call. Other browsers read an ordinary comment. Lazy chunks stay lazy.
 */
const LANDING_CHUNK = 'landing';

/**
 * The chunk of everything `App.tsx` imports statically, and of the entry's other import that a
 * lazy part shares (the service worker's registration, also used by the version notice): left
 * to the groups below, it would make the entry load that part's group.
 */
const landingChunkGroup = {
  name: LANDING_CHUNK,
  test: /src[\\/]web[\\/]app[\\/](App\.tsx|serviceWorker\.ts)$/,
};

/** The chunk of one file under src/web and of what it imports statically beyond the groups before. */
const chunkOf = (name: string, file: string) => ({
  name,
  test: (id: string) => id.replaceAll('\\', '/').endsWith(`/src/web/${file}`),
});

/**
 * prop-types, which only the diary's calendar (react-big-calendar) runs, in a chunk of its own.
 * Left to the groups below it joined the toasts' chunk (react-transition-group imports it for
 * checks a production build drops), and every signed-in page loaded it for the diary.
 */
const propTypesGroup = { name: 'prop-types', test: /node_modules[\\/]prop-types[\\/]/ };

/**
 * Parts the landing page loads on demand, each grouped before the pages behind the login: so
 * that none of them, sharing a module with a page, loads that page's whole group.
 */
const landingPartGroups = [
  chunkOf('offline-clients', 'features/offline/recordClients.ts'),
  chunkOf('toasts', 'app/ToastContainer.tsx'),
  chunkOf('error-dialog', 'api/ApplicationErrorDialog.tsx'),
  chunkOf('confirm-dialog', 'features/confirm/ConfirmDialog.tsx'),
  chunkOf('version-notice', 'app/VersionNotice.tsx'),
  chunkOf('password-reset', 'features/password-reset/PasswordResetPage.tsx'),
];

/**
 * The pages behind the login in a few files instead of about sixty: the start-up prefetch (the
 * data layer it needs to ask for a screen's data: API client, queries, entity stores and
 * definitions, no components), the shell (the main layout), the dashboard and the entity
 * screen, each with what it imports statically beyond the groups before it. A browser opens
 * only six connections to a host: sixty small files held the list's own API calls in the queue
 * behind them, and the prefetch waited for the whole shell's code to run. Parts
 * loaded on demand (rich text, charts, printing) stay apart.
 */
const routeChunkGroups = [
  chunkOf('warm-start', 'app/warmStart.ts'),
  chunkOf('warm-list', 'entity/model/warmList.ts'),
  chunkOf('shell', 'layouts/MainLayout.tsx'),
  chunkOf('dashboard', 'features/dashboard/DashboardPage.tsx'),
  chunkOf('entity-screen', 'entity/EntityScreen.tsx'),
];

const HINT = '//# allFunctionsCalledOnLoad\n';

function compileHints(): Plugin {
  return {
    name: 'materia-compile-hints',
    apply: 'build',
    // V8 reads the hint only as the file's first line: after minification (which drops comments)
    // and after Vite's own preamble (`__vite__mapDeps`), hence the last generateBundle step.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk' || !(file.isEntry || file.name === LANDING_CHUNK)) continue;
          // Added after the file name's hash was taken: a comment, it changes nothing that runs.
          file.code = HINT + file.code;
          if (file.map) file.map.mappings = `;${file.map.mappings}`; // one more line on top
        }
      },
    },
  };
}

const OUT_DIR = 'dist/web';
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/;

/**
 * Each text file of the build also as `.br` and `.gz`, compressed once at the highest levels
 * (the server sends them with `preCompressed`): a page's first load used to have every script
 * compressed anew, per request, by the server that was answering its API calls at the same time
 * (first bytes of the start-up chunks 90–100 ms late on 2 cores). Last, after the service
 * worker's files are written; tiny files stay as they are.
 */
function precompressed(): Plugin {
  return {
    name: 'materia-precompressed',
    apply: 'build',
    closeBundle: {
      order: 'post',
      async handler() {
        const files = await readdir(OUT_DIR, { recursive: true });
        for (const name of files.filter((f) => COMPRESSIBLE.test(f))) {
          const path = join(OUT_DIR, name);
          const data = await readFile(path);
          if (data.length < 1024) continue;
          const quality = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY };
          await writeFile(`${path}.br`, brotliCompressSync(data, { params: quality }));
          await writeFile(`${path}.gz`, gzipSync(data, { level: 9 }));
        }
      },
    },
  };
}

export default defineConfig({
  root: '.',
  publicDir: 'public',
  define: { __BUILD_ID__: JSON.stringify(BUILD_ID) },
  build: {
    outDir: OUT_DIR,
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [landingChunkGroup, propTypesGroup, ...landingPartGroups, ...routeChunkGroups],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  plugins: [
    react(),
    buildInfo(),
    compileHints(),
    precompressed(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: null,
      includeAssets: ['favicon.svg', 'icon.svg', 'robots.txt'],
      manifest: {
        name: 'Materia',
        short_name: 'Materia',
        description: 'The back-office of your herbal clinic.',
        theme_color: '#6b7a2a',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/app',
        scope: '/',
        icons: [{ src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
        globIgnores: ['build.json'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
  ],
});
