import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { beforeAll, describe, expect, it } from 'vitest';
import { workflowBundle as bundledWorkflows } from './bundle.ts';
import { historyFiles, historyFromJSON, workflowsRoot } from './testing/histories.ts';
import * as workflows from './workflows.ts';

// Every recorded history (`<context>/<name>/histories/*.json`, recorded from code that ran, by
// testing/record-histories.ts) replayed against today's workflows.ts, with no server: a change that a
// workflow in flight could not survive (an activity, timer or signal wait added, removed or reordered
// without `patched()`) fails the history of a run that had passed that point.

const files = historyFiles();
const load = (file: string) =>
  historyFromJSON(JSON.parse(readFileSync(path.join(workflowsRoot, file), 'utf8')));
const workflowType = (file: string) =>
  load(file).events?.[0]?.workflowExecutionStartedEventAttributes?.workflowType?.name;

/** Each file's replay: undefined when it replayed, else why not. */
const replayed = new Map<string, Error | undefined>();

beforeAll(async () => {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const workflowBundle = { code: (await bundledWorkflows()).code };
  // One replay worker for all of them (a worker each takes about four times as long); each history is
  // replayed on its own and answers its own result.
  const histories = files.map((file) => ({ workflowId: file, history: load(file) }));
  for await (const r of Worker.runReplayHistories({ workflowBundle, replayName: 'replay-test' }, histories))
    replayed.set(r.workflowId, r.error);
}, 120_000);

describe('recorded histories', () => {
  it('cover every workflow of workflows.ts', () => {
    expect(new Set(files.map(workflowType))).toEqual(new Set(Object.keys(workflows)));
  });

  it.each(files)('%s replays on the current code', (file) => {
    expect(replayed.has(file), 'replayed').toBe(true);
    // DeterminismViolationError: the code asks for other commands than the history holds;
    // ReplayError: a workflow task failed.
    const error = replayed.get(file);
    if (error) throw error;
  });
});
