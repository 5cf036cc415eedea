// Blueprint's toaster, loaded by toaster.ts on the first toast so its code stays out of the first load.
import { OverlayToaster } from '@blueprintjs/core';

export const createToaster = () => OverlayToaster.create({ position: 'top', maxToasts: 4 });
