import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createGroupOrderBodySchema,
  creatorIdParamsSchema,
  errorResponses,
  groupOrderBudgetChangesResponseSchema,
  groupOrderDashboardResponseSchema,
  groupOrderDetailResponseSchema,
  groupOrderDetailsBodySchema,
  groupOrderEnvelopeSchema,
  groupOrderPaymentBodySchema,
  groupOrderRefParamsSchema,
  groupOrderRemindersResponseSchema,
  groupOrderResponseSchema,
  joinGroupOrderBodySchema,
  joinGroupOrderResponseSchema,
  MEMBER_TOKEN_HEADER,
  memberChoiceBodySchema,
  memberChoiceResponseSchema,
  publicGroupOrderResponseSchema,
  shareTokenParamsSchema,
} from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { authUser, requireCreator, requireUser } from '../auth/auth.guard.js';
import { createGroupMembersService } from './group-members.service.js';
import { groupCutoffFrom, groupOrdersFrom } from './group-orders.compose.js';
import { createGroupOrdersRepository } from './group-orders.repository.js';

const tags = ['group orders'];
const bearer = [{ bearerAuth: [] }];
const memberHeaders = z.object({ [MEMBER_TOKEN_HEADER]: z.string().max(200).optional() });

export function groupOrdersRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = groupOrdersFrom(deps, app.log);
  const members = createGroupMembersService({
    db: deps.db,
    groupOrders: createGroupOrdersRepository(deps.db),
    mailer: deps.mailer,
    clock: deps.clock,
    links: { siteUrl: deps.config.groupOrdersUrl },
    log: app.log,
  });
  const cutoff = groupCutoffFrom(deps, app.log);
  const confirmed = requireUser(deps, { confirmed: true });
  // the creator's calls also accept the dashboard's admin token (X-Admin-Token; the storefront
  // opens the dashboard with it), staff their own session
  const signedIn = requireCreator(deps);

  r.post(
    '/api/v2/group_orders',
    {
      preHandler: confirmed,
      schema: {
        tags,
        security: bearer,
        summary: 'Start a group order from a preset with exactly one chef (the account defaults prefill it)',
        body: createGroupOrderBodySchema,
        response: { 201: groupOrderResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(authUser(request).id, request.body)),
  );

  r.get(
    '/api/v2/group_orders/dashboard/:creator_id',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security: bearer,
        summary: "The creator's group orders with members, picks and totals (the creator only)",
        params: creatorIdParamsSchema,
        response: { 200: groupOrderDashboardResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.dashboard(request.params.creator_id, authUser(request)),
  );

  r.get(
    '/api/v2/group_orders/:ref',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security: bearer,
        summary: 'A group order (creator or staff; uuid or id)',
        params: groupOrderRefParamsSchema,
        response: { 200: groupOrderEnvelopeSchema, ...errorResponses },
      },
    },
    async (request) => service.get(request.params.ref, authUser(request)),
  );

  r.put(
    '/api/v2/group_orders/:ref',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security: bearer,
        summary: 'Complete or edit the details while editable; open_ordering opens it to members',
        params: groupOrderRefParamsSchema,
        body: groupOrderDetailsBodySchema,
        response: { 200: groupOrderEnvelopeSchema, ...errorResponses },
      },
    },
    async (request) => service.update(request.params.ref, authUser(request), request.body),
  );

  r.delete(
    '/api/v2/group_orders/:ref',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security: bearer,
        summary: 'Cancel a group order (creator or staff, while editable)',
        params: groupOrderRefParamsSchema,
        response: { 200: groupOrderEnvelopeSchema, ...errorResponses },
      },
    },
    async (request) => service.cancel(request.params.ref, authUser(request)),
  );

  r.post(
    '/api/v2/group_orders/:ref/reminders',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security: bearer,
        summary: 'Email the members who have not chosen (the creator)',
        params: groupOrderRefParamsSchema,
        response: { 200: groupOrderRemindersResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.remind(request.params.ref, authUser(request)),
  );

  r.get(
    '/api/v2/group_orders/:ref/budget_changes',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security: bearer,
        summary: "Every change of the group order's budget: who, when, old and new (creator or staff)",
        params: groupOrderRefParamsSchema,
        response: { 200: groupOrderBudgetChangesResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.budgetChanges(request.params.ref, authUser(request)),
  );

  r.get(
    '/api/v2/group_orders/:ref/detail',
    {
      preHandler: signedIn,
      schema: {
        tags,
        security: bearer,
        summary: 'Group order detail for My Orders (creator or staff)',
        params: groupOrderRefParamsSchema,
        response: { 200: groupOrderDetailResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.detail(request.params.ref, authUser(request)),
  );

  r.post(
    '/api/v2/group_orders/:ref/payment',
    {
      preHandler: confirmed,
      schema: {
        tags,
        security: bearer,
        summary: 'Pay for a combined order whose authorisation failed at the cut-off (the creator)',
        params: groupOrderRefParamsSchema,
        body: groupOrderPaymentBodySchema,
        response: { 200: groupOrderEnvelopeSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = authUser(request);
      const group = await service.accessible(request.params.ref, user, false);
      await cutoff.pay(group.uuid, user.id, request.body.payment_method_id);
      return service.get(group.uuid, user);
    },
  );

  // ---------------------------------------------------------------- members (public)

  r.get(
    '/api/v2/group/:share_token',
    {
      schema: {
        tags,
        summary: "The share link's page: the chef's meals, budget and cut-off",
        params: shareTokenParamsSchema,
        response: { 200: publicGroupOrderResponseSchema, ...errorResponses },
      },
    },
    async (request) => members.page(request.params.share_token),
  );

  r.post(
    '/api/v2/group/:share_token/members',
    {
      schema: {
        tags,
        summary: 'Join with name and email (no account); answers the member token',
        params: shareTokenParamsSchema,
        body: joinGroupOrderBodySchema,
        response: { 201: joinGroupOrderResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await members.join(request.params.share_token, request.body)),
  );

  r.get(
    '/api/v2/group/:share_token/choice',
    {
      schema: {
        tags,
        summary: "The member's own choice (X-Member-Token)",
        params: shareTokenParamsSchema,
        headers: memberHeaders,
        response: { 200: memberChoiceResponseSchema, ...errorResponses },
      },
    },
    async (request) => members.getChoice(request.params.share_token, request.headers[MEMBER_TOKEN_HEADER]),
  );

  r.put(
    '/api/v2/group/:share_token/choice',
    {
      schema: {
        tags,
        summary: 'Choose or change the meal within the budget, before the cut-off (X-Member-Token)',
        params: shareTokenParamsSchema,
        headers: memberHeaders,
        body: memberChoiceBodySchema,
        response: { 200: memberChoiceResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      members.choose(request.params.share_token, request.headers[MEMBER_TOKEN_HEADER], request.body.menu_id),
  );

  r.delete(
    '/api/v2/group/:share_token/choice',
    {
      schema: {
        tags,
        summary: 'Withdraw the choice before the cut-off (X-Member-Token)',
        params: shareTokenParamsSchema,
        headers: memberHeaders,
        response: { 200: memberChoiceResponseSchema, ...errorResponses },
      },
    },
    async (request) => members.withdraw(request.params.share_token, request.headers[MEMBER_TOKEN_HEADER]),
  );
}
