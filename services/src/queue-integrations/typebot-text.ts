// Typebot's text bubbles arrive as Plate (Slate) rich text: blocks (`p`, `ul`/`ol` of `li`) holding text
// leaves with marks and `a` links. WhatsApp reads *bold*, _italic_, ~strike~ and ```code```, has no
// links but turns a bare URL into one, and its markers only work hugging non-space characters.

interface Leaf {
  text: string;
  bold?: boolean;
  italic?: boolean;
  strikethrough?: boolean;
  code?: boolean;
}
interface Element {
  type?: string;
  url?: string;
  children?: RichNode[];
}
type RichNode = Leaf | Element;

const isLeaf = (n: RichNode): n is Leaf => typeof (n as Leaf).text === 'string';
const isObject = (n: unknown): n is RichNode => !!n && typeof n === 'object';

const MARKS = [
  ['code', '```'],
  ['strikethrough', '~'],
  ['italic', '_'],
  ['bold', '*'],
] as const;

export function richTextToWhatsApp(richText: unknown): string {
  if (!Array.isArray(richText)) return '';
  return richText
    .filter(isObject)
    .map((block) => renderBlock(block))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Typebot's other format (`textBubbleContentFormat: 'markdown'`), CommonMark: to WhatsApp's markers. */
export function markdownToWhatsApp(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\(([^)\s]+)\)/g, (_m, text: string, url: string) => link(text, url))
    .replace(/(?<![*\\])\*(?!\*)([^*\n]+?)\*(?!\*)/g, '_$1_')
    .replace(/\*\*([^*\n]+?)\*\*/g, '*$1*')
    .replace(/~~([^~\n]+?)~~/g, '~$1~')
    .replace(/\\([*_~`[\]()#>-])/g, '$1')
    .trim();
}

function renderBlock(node: RichNode): string {
  if (isLeaf(node)) return renderInline([node]);
  const children = (node.children ?? []).filter(isObject);
  if (node.type === 'ul' || node.type === 'ol')
    return children
      .map((item, i) => `${node.type === 'ol' ? `${i + 1}.` : '•'} ${renderBlock(item)}`)
      .join('\n');
  if (children.some((c) => !isLeaf(c) && c.type !== 'a' && (c as Element).children))
    return children.map((c) => (isLeaf(c) || c.type === 'a' ? renderInline([c]) : renderBlock(c))).join('\n');
  return renderInline(children);
}

function renderInline(nodes: RichNode[]): string {
  const runs: { text: string; leaf: Leaf }[] = [];
  for (const node of nodes) {
    if (isLeaf(node)) {
      const last = runs.at(-1);
      if (last && sameMarks(last.leaf, node)) last.text += node.text;
      else runs.push({ text: node.text, leaf: node });
    } else if (node.type === 'a') {
      runs.push({
        text: link(renderInline((node.children ?? []).filter(isObject)), node.url ?? ''),
        leaf: { text: '' },
      });
    } else {
      runs.push({ text: renderInline((node.children ?? []).filter(isObject)), leaf: { text: '' } });
    }
  }
  return runs
    .map((r) => MARKS.reduce((text, [mark, marker]) => (r.leaf[mark] ? wrap(text, marker) : text), r.text))
    .join('');
}

const sameMarks = (a: Leaf, b: Leaf) => MARKS.every(([mark]) => !!a[mark] === !!b[mark]);

/** `*x*`, with the spaces around the words kept outside the markers (else WhatsApp shows the stars). */
function wrap(text: string, marker: string): string {
  const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(text);
  if (!m?.[2]) return text;
  return `${m[1]}${marker}${m[2]}${marker}${m[3]}`;
}

function link(text: string, url: string): string {
  const label = text.trim();
  if (!url) return text;
  if (!label || label === url || label === url.replace(/^https?:\/\//, '')) return url;
  return `${text} (${url})`;
}
