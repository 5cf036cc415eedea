import * as v from 'valibot';

/** The dialog's values: a title and the chosen members' ids (the owner is added by the server). */
export interface ChatFormValues {
  title: string;
  users: string[];
}

/** Doc 2 §5: the title is required and at least one user is chosen; otherwise the dialog alerts. */
export const ChatInput = v.object({
  title: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
  users: v.pipe(v.array(v.string()), v.minLength(1)),
});
export type ChatInput = v.InferOutput<typeof ChatInput>;

/** The request to send, or null when the dialog must show its alert instead. */
export function chatRequestOf(values: Partial<ChatFormValues>): ChatInput | null {
  const result = v.safeParse(ChatInput, { title: values.title ?? '', users: values.users ?? [] });
  return result.success ? result.output : null;
}
