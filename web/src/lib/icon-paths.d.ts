// The modules web/icon-paths.ts generates at build time: the SVG paths of the icons the app names.
declare module 'virtual:icon-paths/*' {
  import type { IconName, IconPaths } from '@blueprintjs/icons';
  export const paths: Partial<Record<IconName, IconPaths>>;
}
