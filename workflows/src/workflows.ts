// The worker's workflow bundle entry (Temporal's `workflowsPath` needs one module that exports every
// workflow): the one re-export file of the project.
export { ticketAutomationWorkflow } from './automation/ticket-automation/workflow.ts';
export { renewSubscriptionWorkflow } from './billing/renew-subscription/workflow.ts';
export { runCampaignWorkflow } from './campaigns/run-campaign/workflow.ts';
export { contactErasureWorkflow } from './privacy/erase-contact/workflow.ts';
export { contactExportWorkflow } from './privacy/export-contact/workflow.ts';
export { messageRetentionWorkflow } from './privacy/retention/workflow.ts';
export { webhookDeliveryWorkflow } from './queue-integrations/deliver-webhook/workflow.ts';
export { scheduledMessageWorkflow } from './schedules/send-scheduled-message/workflow.ts';
export { companyErasureWorkflow } from './tenancy/erase-company/workflow.ts';
export { ticketTimerWorkflow } from './tickets/ticket-timer/workflow.ts';
