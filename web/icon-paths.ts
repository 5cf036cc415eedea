// Blueprint draws an icon from its SVG paths and, left to itself, fetches them on first use from one
// chunk per size that holds all 2,000-odd icons (about 100 KB gzip each, whatever the page shows).
// This plugin gives the app the paths of only the icons its code names, one module per size:
// `virtual:icon-paths/16` and `virtual:icon-paths/20`, each `export const paths = { name: [...] }`
// (about 15 KB gzip each), which web/src/lib/icons.ts registers with Blueprint.
//
// "Names" means any quoted string in web/src that is an icon's name, so `icon="add"`, menu entries and
// records typed IconName are all found; a word that happens to be an icon's name ("delete") costs a
// few bytes. An icon built from a template string would be missed: Blueprint then draws its icon-font
// glyph, the same picture. The dev server reads the sources once; restart it after adding an icon.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:icon-paths/';
const SIZES = ['16', '20'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The icon names quoted anywhere in the app's sources, sorted. */
export function iconsNamedIn(srcDir: string, known: Set<string>): string[] {
  const used = new Set<string>();
  for (const file of filesUnder(srcDir)) {
    for (const [, name] of readFileSync(file, 'utf8').matchAll(/['"]([a-z0-9-]+)['"]/g)) {
      if (known.has(name)) used.add(name);
    }
  }
  return [...used].sort();
}

export function usedIconPaths(srcDir: string): Plugin {
  // Blueprint's CommonJS build, read here in Node; its ESM twin is what Blueprint itself would fetch.
  const require = createRequire(import.meta.url);
  const generated = join(dirname(require.resolve('@blueprintjs/icons/package.json')), 'lib/cjs/generated');
  let used: string[] | undefined;
  const usedIcons = () => {
    if (used) return used;
    // One module per icon, beside an index.js that re-exports them all.
    const files = readdirSync(join(generated, '16px/paths'));
    const known = files.filter((file) => file.endsWith('.js') && file !== 'index.js');
    used = iconsNamedIn(srcDir, new Set(known.map((file) => file.slice(0, -'.js'.length))));
    return used;
  };
  return {
    name: 'zelo-used-icon-paths',
    resolveId: (id) => (id.startsWith(PREFIX) && SIZES.includes(id.slice(PREFIX.length)) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const size = id.slice(PREFIX.length + 1);
      // The paths themselves, inline: one module, not one request per icon on the dev server.
      const paths = Object.fromEntries(
        usedIcons().map((name) => [name, require(join(generated, `${size}px/paths`, `${name}.js`)).default]),
      );
      return `export const paths = ${JSON.stringify(paths)};\n`;
    },
  };
}
