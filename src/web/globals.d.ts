/// <reference types="vite-plugin-pwa/vanillajs" />

/** Replaced at build time by vite.config.ts (`define`). */
declare const __BUILD_ID__: string;
