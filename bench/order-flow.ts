// The flow bench:flows times and the chaos test walks: a welcome, then for each question the question
// and a message repeating every answer so far. One shape, so that both read the phones the same way.

const WELCOME = 'Olá! Vamos fazer seu pedido.';

/** The flow builder's graph: start, welcome, then question and message per key, in a line. */
export function orderFlowGraph(questions: string[]) {
  const said = (i: number) =>
    `Anotado: ${questions
      .slice(0, i + 1)
      .map((k) => `{{${k}}}`)
      .join(', ')}`;
  const nodes = [
    { id: '1', type: 'start', data: {} },
    { id: 'hi', type: 'message', data: { label: WELCOME } },
    ...questions.flatMap((key, i) => [
      {
        id: `q-${key}`,
        type: 'question',
        data: { typebotIntegration: { message: `Qual ${key}?`, answerKey: key } },
      },
      { id: `m-${key}`, type: 'message', data: { label: said(i) } },
    ]),
  ].map((n, i) => ({ ...n, position: { x: 250 + i * 200, y: 100 } }));
  const path = nodes.map((n) => n.id);
  const connections = path.slice(1).map((target, i) => ({ id: `e${i}`, source: path[i], target }));
  return { nodes, connections };
}

/** What a customer's phone shows from the flow, in order, when it answered `answerOf(key, i)`. */
export function orderFlowMessages(
  questions: string[],
  answerOf: (key: string, i: number) => string,
): string[] {
  return [
    WELCOME,
    ...questions.flatMap((k, i) => [
      `Qual ${k}?`,
      `Anotado: ${questions
        .slice(0, i + 1)
        .map((q, j) => answerOf(q, j))
        .join(', ')}`,
    ]),
  ];
}
