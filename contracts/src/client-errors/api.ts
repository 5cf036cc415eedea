import * as v from 'valibot';

/**
 * POST /client-errors: a screen of the web app failed to render (or its code failed to load). The
 * report is only logged, so its fields are bounded and nothing in it is trusted.
 */
export const ClientErrorReport = v.object({
  kind: v.picklist(['render', 'chunk']),
  message: v.pipe(v.string(), v.maxLength(2000, 'too long')),
  stack: v.optional(v.pipe(v.string(), v.maxLength(8000, 'too long')), ''),
  /** The app's path when it failed (no query string: it may hold a search). */
  route: v.pipe(v.string(), v.maxLength(300, 'too long')),
});
export type ClientErrorReport = v.InferOutput<typeof ClientErrorReport>;
