import { NativeConnection, Worker } from '@temporalio/worker';
import type { AutomationActivities } from './automation/ticket-automation/activities.ts';
import type { RenewalActivities } from './billing/renew-subscription/activities.ts';
import { workflowBundle } from './bundle.ts';
import type { CampaignActivities } from './campaigns/run-campaign/activities.ts';
import type { ContactErasureActivities } from './privacy/erase-contact/activities.ts';
import type { ContactExportActivities } from './privacy/export-contact/activities.ts';
import type { MessageRetentionActivities } from './privacy/retention/activities.ts';
import type { WebhookDeliveryActivities } from './queue-integrations/deliver-webhook/activities.ts';
import type { ScheduleActivities } from './schedules/send-scheduled-message/activities.ts';
import type { CompanyErasureActivities } from './tenancy/erase-company/activities.ts';
import type { TicketTimerActivities } from './tickets/ticket-timer/activities.ts';

export const TASK_QUEUE = 'zelo';
export const defaultTemporalAddress = process.env.TEMPORAL_ADDRESS ?? '127.0.0.1:7233';

/** The worker's settings beyond the defaults (bench/temporal-floor.ts measures Temporal with them too). */
export const WORKER_TUNING = {
  // A flow's answer holds its workflow task while its local activity writes (bench:flows): the
  // default 40 slots made 200 customers answering at once wait in line for them.
  maxConcurrentWorkflowTaskExecutions: 100,
  maxConcurrentLocalActivityExecutions: 100,
  // Every run waiting for a customer stays in memory, so an answer never replays its history.
  maxCachedWorkflows: 5_000,
};

export interface StartWorkerOptions {
  /** host:port of the Temporal frontend; default TEMPORAL_ADDRESS or 127.0.0.1:7233. */
  address?: string;
  namespace?: string;
  taskQueue?: string;
  /** Every context's activities, built by their factories (`createScheduleActivities(deps)`, ...). */
  activities: Partial<
    ScheduleActivities &
      TicketTimerActivities &
      CampaignActivities &
      RenewalActivities &
      CompanyErasureActivities &
      AutomationActivities &
      WebhookDeliveryActivities &
      ContactErasureActivities &
      ContactExportActivities &
      MessageRetentionActivities
  >;
}

export interface RunningWorker {
  worker: Worker;
  /** The worker's native connection, which a Client can share (cheaper per call than grpc-js). */
  connection: NativeConnection;
  /** Stops polling, lets running activities finish, closes the connection. */
  stop(): Promise<void>;
}

/** Creates a worker for every workflow of workflows.ts and starts it running in the background. */
export async function startWorker(options: StartWorkerOptions): Promise<RunningWorker> {
  const connection = await NativeConnection.connect({ address: options.address ?? defaultTemporalAddress });
  const worker = await Worker.create({
    connection,
    namespace: options.namespace ?? 'default',
    taskQueue: options.taskQueue ?? TASK_QUEUE,
    workflowBundle: { code: (await workflowBundle()).code },
    activities: options.activities,
    ...WORKER_TUNING,
  });
  const running = worker.run().catch((err) => {
    console.error('[workflows] worker stopped:', (err as Error).message);
  });
  return {
    worker,
    connection,
    async stop() {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await running;
      await connection.close();
    },
  };
}
