import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // The monorepo root hoists React 18 for other workspaces; libraries resolved from there (jotai,
  // Blueprint, wouter) must use this app's React 19, or hooks break with two Reacts on the page.
  resolve: { dedupe: ['react', 'react-dom'] },
  server: { port: 3000, strictPort: true },
  preview: { port: 3000, strictPort: true },
});
