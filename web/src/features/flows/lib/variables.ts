/** Doc 2 §3: local storage key holding the question answer-variable names. */
export const VARIABLES_KEY = 'variables';

interface QuestionLike {
  type?: string;
  data: unknown;
}

const answerKeyOf = (node: QuestionLike): string | null => {
  if (node.type !== 'question') return null;
  const key = (node.data as { typebotIntegration?: { answerKey?: unknown } }).typebotIntegration?.answerKey;
  return typeof key === 'string' && key.trim() ? key.trim() : null;
};

/** Doc 2 §4: the list rebuilt from a loaded flow's question nodes, in order, each name once. */
export function variablesOf(nodes: readonly QuestionLike[]): string[] {
  const names: string[] = [];
  for (const n of nodes) {
    const key = answerKeyOf(n);
    if (key && !names.includes(key)) names.push(key);
  }
  return names;
}

/**
 * Doc 2 §4: saving a question stores its variable name; on edit the old name is replaced (in place),
 * and a name is never listed twice.
 */
export function withVariable(list: readonly string[], name: string, previous?: string | null): string[] {
  const next = name.trim();
  if (!next) return [...list];
  const old = previous?.trim();
  const replaced = old && old !== next ? list.map((v) => (v === old ? next : v)) : [...list];
  const out: string[] = [];
  for (const v of replaced.includes(next) ? replaced : [...replaced, next]) if (!out.includes(v)) out.push(v);
  return out;
}

export function readVariables(storage: Pick<Storage, 'getItem'> = localStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(VARIABLES_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function writeVariables(list: readonly string[], storage: Pick<Storage, 'setItem'> = localStorage) {
  storage.setItem(VARIABLES_KEY, JSON.stringify(list));
}
