import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { usedIconPaths } from './icon-paths.ts';
import { DEFAULT_API_URL, securityHeaders } from './security-headers.ts';

export default defineConfig(({ command, isPreview }) => {
  const apiUrl = process.env.VITE_API_URL || DEFAULT_API_URL;
  // The dev server injects one inline script (React's fast-refresh preamble); Vite stamps it with this
  // nonce, drawn anew at each start. A build has no inline script: its policy allows none.
  const nonce = command === 'serve' && !isPreview ? randomBytes(16).toString('base64') : undefined;
  return {
    plugins: [react(), usedIconPaths(fileURLToPath(new URL('./src', import.meta.url)))],
    // The monorepo root hoists React 18 for other workspaces; libraries resolved from there (jotai,
    // Blueprint, wouter) must use this app's React 19, or hooks break with two Reacts on the page.
    resolve: { dedupe: ['react', 'react-dom'] },
    html: nonce ? { cspNonce: nonce } : {},
    server: {
      port: 3000,
      strictPort: true,
      headers: securityHeaders({ apiUrl, scriptNonce: nonce }),
    },
    preview: { port: 3000, strictPort: true, headers: securityHeaders({ apiUrl }) },
  };
});
