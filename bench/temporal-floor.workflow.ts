// The smallest flow answer Temporal can run (bench/temporal-floor.ts): wait for a signal, then one
// local activity, as ticketAutomation does for each customer answer, with nothing of Zelo inside.
import { condition, defineSignal, proxyLocalActivities, setHandler } from '@temporalio/workflow';

const { answered } = proxyLocalActivities<{ answered(key: string): Promise<void> }>({
  startToCloseTimeout: '30 seconds',
});
export const answerSignal = defineSignal<[string]>('answer');

export async function emptyFlow(answers: number): Promise<void> {
  const inbox: string[] = [];
  setHandler(answerSignal, (key) => {
    inbox.push(key);
  });
  for (let i = 0; i < answers; i++) {
    await condition(() => inbox.length > 0);
    await answered(inbox.shift() as string);
  }
}
