// Icons without Blueprint's all-icons chunks: the build collects the icons the app names
// (web/icon-paths.ts). Their 16 px paths are registered before the first render, so no icon waits;
// the 20 px ones (large icons, rarer) come in one chunk when the first large icon shows, Blueprint's
// icon-font glyph standing in meanwhile, as it does for an icon outside the set.

import { paths as paths16 } from 'virtual:icon-paths/16';
import { type IconName, type IconPaths, IconSize, Icons } from '@blueprintjs/icons';

/** What Blueprint keeps for an icon it could not load: it then draws the font glyph. */
const NO_PATHS = undefined as unknown as IconPaths;

Icons.setLoaderOptions({
  loader: async (name, size) => {
    const paths = size === IconSize.STANDARD ? paths16 : (await import('virtual:icon-paths/20')).paths;
    return paths[name] ?? NO_PATHS;
  },
});

/** Registers the 16 px icons, which takes no request. */
export const registerIcons = () => Icons.load(Object.keys(paths16) as IconName[], IconSize.STANDARD);
