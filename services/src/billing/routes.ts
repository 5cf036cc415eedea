import {
  EfiWebhookQuery,
  InvoiceParams,
  ListInvoicesQuery,
  SubscriptionRequest,
} from '@zelo/contracts/billing/api';
import type { InvoiceView, PixChargeView } from '@zelo/contracts/billing/read-models';
import { DomainError } from '@zelo/contracts/errors';
import { getInvoice, listInvoices } from '@zelo/projections/billing/queries';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { type AppContext, actorOf } from '../api/context.ts';
import { typed } from '../api/schema.ts';
import { chargeInvoice, payInvoiceInSandbox, receivePixNotices } from './handlers.ts';

/**
 * Invoices and their Pix checkout (doc 1 §7, doc 2 §2.20), for a company's admins; the super user sees
 * every company's invoices and, in the sandbox, marks them paid.
 */
export async function billingRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(plain);
  const { deps, pool, watcher, payments } = ctx;

  app.post(
    '/subscription',
    { onRequest: app.requireAdmin, schema: { body: SubscriptionRequest } },
    async (request): Promise<PixChargeView> => chargeInvoice(deps, payments, request.body, actorOf(request)),
  );

  app.get(
    '/invoices/all',
    { onRequest: app.requireAdmin, schema: { querystring: ListInvoicesQuery } },
    async (request): Promise<InvoiceView[]> =>
      listInvoices(pool, {
        companyId: request.session.super ? null : request.session.companyId,
        searchParam: request.query.searchParam,
        pageNumber: request.query.pageNumber,
        now: deps.clock.now(),
      }),
  );

  app.post(
    '/invoices/:id/pay',
    { onRequest: app.requireSuper, schema: { params: InvoiceParams } },
    async (request): Promise<InvoiceView> => {
      const { position } = await payInvoiceInSandbox(deps, payments, request.params.id, actorOf(request));
      await watcher.waitFor(position, ['invoices']);
      const invoice = await getInvoice(pool, request.params.id, deps.clock.now());
      if (!invoice) throw new DomainError('ERR_NO_INVOICE_FOUND', 'invoice not found');
      return invoice;
    },
  );
}

/**
 * Efí's Pix webhook (POST <registered url>/pix): no session, the caller proves itself with the secret on
 * the registered URL. Efí retries until it gets a 2xx, so a notice for nothing of ours still answers 200.
 */
export async function billingWebhookRoutes(plain: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(plain);
  app.post(
    '/webhooks/efi/pix',
    { schema: { querystring: EfiWebhookQuery, body: v.unknown() } },
    async (request) => {
      const notices = ctx.payments.parseWebhook({ query: request.query, body: request.body });
      return receivePixNotices(ctx.deps, ctx.payments, notices, { companyId: null, actor: 'system:efi' });
    },
  );
}
