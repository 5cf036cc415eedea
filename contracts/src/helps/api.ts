import * as v from 'valibot';
import { youtubeId } from './youtube.ts';

/** POST /helps and PUT /helps/{id}: the video may be an id or a YouTube link; the id is kept. */
export const HelpRequest = v.object({
  title: v.pipe(v.string(), v.trim(), v.minLength(2, 'too short'), v.maxLength(100, 'too long')),
  video: v.pipe(
    v.string(),
    v.maxLength(300, 'too long'),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const id = youtubeId(dataset.value);
      if (id) return id;
      addIssue({ message: 'must be a YouTube video id or link' });
      return NEVER;
    }),
  ),
  description: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(1000, 'too long')), ''),
});
export type HelpRequest = v.InferOutput<typeof HelpRequest>;
