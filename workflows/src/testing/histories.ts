import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Client, WorkflowHandle } from '@temporalio/client';
import proto from '@temporalio/proto';
import { patchProtobufRoot } from '@temporalio/proto/lib/patch-protobuf-root';
import type { StartWorkerOptions } from '../worker.ts';

// Recorded workflow histories: each workflow's `histories/<case>.json`, recorded from the code as it ran
// (record-histories.ts, with the cases in `histories/cases.ts` beside them) and replayed against today's
// code by replay.int.spec.ts.

/** workflows/src, where every workflow's folder (and its histories/) lives. */
export const workflowsRoot = fileURLToPath(new URL('..', import.meta.url));

/** Every recorded history, as paths relative to workflows/src (`<context>/<name>/histories/<case>.json`). */
export function historyFiles(): string[] {
  return (readdirSync(workflowsRoot, { recursive: true }) as string[])
    .map((f) => f.split('\\').join('/'))
    .filter((f) => /^[^/]+\/[^/]+\/histories\/[^/]+\.json$/.test(f))
    .sort();
}

export type Falsy<T> = T | null | undefined | false;

type History = proto.temporal.api.history.v1.IHistory;
type ProtoJson = {
  toJson(type: unknown, message: unknown): unknown;
  fromJson(type: unknown, json: unknown, options: { ignoreUnknownFields: boolean }): History | null;
};

// The proto3 JSON of a history (the format `temporal workflow show -o json` exports), as
// @temporalio/common's historyToJSON / historyFromJSON write and read it, but through the protobufjs
// that @temporalio/proto is built with. Here npm installs protobufjs 8 twice (nested under common and
// under proto, since baileys and grpc keep protobufjs 7 at the root), and common's protojson then
// refuses proto's types: "type must be a Type" (and Worker.runReplayHistory, given JSON, calls it).
const fromProto = createRequire(createRequire(import.meta.url).resolve('@temporalio/proto'));
const protojson = fromProto('protobufjs/ext/protojson') as ProtoJson;
const historyType = (patchProtobufRoot(proto) as unknown as { lookupType(name: string): unknown }).lookupType(
  'temporal.api.history.v1.History',
);

export const historyToJSON = (history: History): unknown =>
  protojson.toJson(historyType, proto.temporal.api.history.v1.History.fromObject(history));

export function historyFromJSON(json: unknown): History {
  const history = protojson.fromJson(historyType, json, { ignoreUnknownFields: true });
  if (!history?.events?.length) throw new TypeError('not a history: no events');
  return history;
}

/** What a case drives the workflow with: the dev server, and a worker with every case's fake activities. */
export interface Recording {
  client: Client;
  taskQueue: string;
  /** Polls `fn` until it answers something truthy. */
  eventually<T>(fn: () => Falsy<T> | Promise<Falsy<T>>, what: string, ms?: number): Promise<T>;
  /** Waits until the run rests: running, with no workflow task and no activity in progress. */
  idle(handle: WorkflowHandle): Promise<void>;
}

/** One history to record: a run of the workflow driven to a point worth replaying. */
export interface HistoryCase {
  /** The file's name, `histories/<name>.json`. */
  name: string;
  /**
   * `open`: the run is still waiting (a timer, a signal) when its history is taken, as a deployment has it
   * in flight when new code lands; it is terminated afterwards. `closed`: it completed (or continued as new).
   */
  state: 'open' | 'closed';
  /** Starts the workflow and drives it to that point; answers the run whose history is saved. */
  run(t: Recording): Promise<WorkflowHandle>;
}

/** A workflow's cases and the fake activities they need (typed from the workflow's activity factory). */
export interface WorkflowHistories {
  /** The workflow's folder under workflows/src, e.g. `automation/ticket-automation`. */
  dir: string;
  activities: StartWorkerOptions['activities'];
  cases: HistoryCase[];
}
