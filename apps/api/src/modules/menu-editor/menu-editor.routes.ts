import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  errorResponses,
  okBodySchema,
  partnerCategoryBodySchema,
  partnerCategoryOrderBodySchema,
  partnerCategoryQuerySchema,
  partnerCategoryRenameBodySchema,
  partnerDishBodySchema,
  partnerDishMoveBodySchema,
  partnerDishParamsSchema,
  partnerDishResponseSchema,
  partnerDishUpdateBodySchema,
  partnerMenuResponseSchema,
  partnerOptionBodySchema,
  partnerOptionParamsSchema,
  partnerPresetBodySchema,
  partnerPresetParamsSchema,
  partnerPresetResponseSchema,
  partnerPresetsResponseSchema,
  partnerRestaurantParamsSchema,
} from '@caterway/contracts';
import type { AppDeps } from '../../lib/deps.js';
import { authUser } from '../auth/auth.guard.js';
import { actorOf } from '../catalogue-changes/catalogue-changes.service.js';
import { partnerRestaurant, requireRestaurantRole } from '../partner/partner.guard.js';
import { createMenuEditorService } from './menu-editor.service.js';

/**
 * The portal's menu editor (issue 19 part 3, decision 052): the team reads the menu; managers,
 * owners and operations change dishes, options, categories and catering presets. Each write is
 * recorded in the audit log and bumps the restaurant's catalogue version in its transaction.
 */
export function menuEditorRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const editor = createMenuEditorService({ db: deps.db });
  const security = [{ bearerAuth: [] }];
  const tags = ['partner'];
  const read = requireRestaurantRole(deps, 'staff');
  const write = requireRestaurantRole(deps, 'manager');
  const base = '/api/v2/partner/restaurants/:chefId/menu';
  const who = (request: FastifyRequest) => {
    const restaurant = partnerRestaurant(request);
    return { restaurant, actor: actorOf(authUser(request).id, restaurant), chefId: restaurant.id };
  };

  r.get(
    base,
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: "The restaurant's menu for editing: categories in order, dishes in order with their options",
        params: partnerRestaurantParamsSchema,
        response: { 200: partnerMenuResponseSchema, ...errorResponses },
      },
    },
    (request) => editor.menu(partnerRestaurant(request).id),
  );

  r.post(
    `${base}/dishes`,
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Add a dish to a category (managers, owners, operations)',
        params: partnerRestaurantParamsSchema,
        body: partnerDishBodySchema,
        response: { 201: partnerDishResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { actor, chefId } = who(request);
      const dish = await editor.createDish(actor, chefId, request.body);
      return reply.code(201).send({ dish });
    },
  );

  r.put(
    `${base}/dishes/:dishId`,
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary:
          'Change a dish; send the updated_at you read: 409 when another device changed it since (placed orders keep their prices)',
        params: partnerDishParamsSchema,
        body: partnerDishUpdateBodySchema,
        response: { 200: partnerDishResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { actor, chefId } = who(request);
      return { dish: await editor.updateDish(actor, chefId, request.params.dishId, request.body) };
    },
  );

  r.delete(
    `${base}/dishes/:dishId`,
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Delete a dish (kept for placed orders); 409 while a preset holds it',
        params: partnerDishParamsSchema,
        response: { 200: okBodySchema, ...errorResponses },
      },
    },
    async (request) => {
      const { actor, chefId } = who(request);
      return { message: await editor.deleteDish(actor, chefId, request.params.dishId) };
    },
  );

  r.put(
    `${base}/dishes/:dishId/position`,
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Move a dish within its category or to another one (index 0 is first)',
        params: partnerDishParamsSchema,
        body: partnerDishMoveBodySchema,
        response: { 200: partnerDishResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { actor, chefId } = who(request);
      return { dish: await editor.moveDish(actor, chefId, request.params.dishId, request.body) };
    },
  );

  r.post(
    `${base}/dishes/:dishId/options`,
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Add an option (a side, a choice, an extra) to a dish; answers the dish',
        params: partnerDishParamsSchema,
        body: partnerOptionBodySchema,
        response: { 201: partnerDishResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { actor, chefId } = who(request);
      const dish = await editor.createOption(actor, chefId, request.params.dishId, request.body);
      return reply.code(201).send({ dish });
    },
  );

  r.put(
    `${base}/dishes/:dishId/options/:optionId`,
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: "Change a dish's option; answers the dish",
        params: partnerOptionParamsSchema,
        body: partnerOptionBodySchema,
        response: { 200: partnerDishResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { actor, chefId } = who(request);
      const { dishId, optionId } = request.params;
      return { dish: await editor.updateOption(actor, chefId, dishId, optionId, request.body) };
    },
  );

  r.delete(
    `${base}/dishes/:dishId/options/:optionId`,
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: "Remove a dish's option; answers the dish",
        params: partnerOptionParamsSchema,
        response: { 200: partnerDishResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { actor, chefId } = who(request);
      const { dishId, optionId } = request.params;
      return { dish: await editor.deleteOption(actor, chefId, dishId, optionId) };
    },
  );

  r.post(
    `${base}/categories`,
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Add a category at the end of the menu; answers the menu',
        params: partnerRestaurantParamsSchema,
        body: partnerCategoryBodySchema,
        response: { 201: partnerMenuResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { actor, chefId } = who(request);
      return reply.code(201).send(await editor.createCategory(actor, chefId, request.body.name));
    },
  );

  r.put(
    `${base}/categories`,
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Rename a category (its dishes follow); answers the menu',
        params: partnerRestaurantParamsSchema,
        body: partnerCategoryRenameBodySchema,
        response: { 200: partnerMenuResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { actor, chefId } = who(request);
      return editor.renameCategory(actor, chefId, request.body.from, request.body.to);
    },
  );

  r.put(
    `${base}/categories/order`,
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Put the categories in a new order (every category once); answers the menu',
        params: partnerRestaurantParamsSchema,
        body: partnerCategoryOrderBodySchema,
        response: { 200: partnerMenuResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { actor, chefId } = who(request);
      return editor.reorderCategories(actor, chefId, request.body.names);
    },
  );

  r.delete(
    `${base}/categories`,
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: 'Delete an empty category (409 while it has dishes); answers the menu',
        params: partnerRestaurantParamsSchema,
        querystring: partnerCategoryQuerySchema,
        response: { 200: partnerMenuResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { actor, chefId } = who(request);
      return editor.deleteCategory(actor, chefId, request.query.name);
    },
  );

  r.get(
    `${base}/presets`,
    {
      preHandler: read,
      schema: {
        tags,
        security,
        summary: "The restaurant's catering presets (pre-built menus), active or not",
        params: partnerRestaurantParamsSchema,
        response: { 200: partnerPresetsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ presets: await editor.presets(partnerRestaurant(request).id) }),
  );

  r.post(
    `${base}/presets`,
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary: "Compose a catering preset from the restaurant's dishes; price per person and tags are derived",
        params: partnerRestaurantParamsSchema,
        body: partnerPresetBodySchema,
        response: { 201: partnerPresetResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { actor, restaurant } = who(request);
      return reply.code(201).send({ preset: await editor.createPreset(actor, restaurant, request.body) });
    },
  );

  r.put(
    `${base}/presets/:presetId`,
    {
      preHandler: write,
      schema: {
        tags,
        security,
        summary:
          'Change a catering preset (name, description, guests, dishes, active); a preset shared with other restaurants is operations’ only (403)',
        params: partnerPresetParamsSchema,
        body: partnerPresetBodySchema,
        response: { 200: partnerPresetResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { actor, restaurant } = who(request);
      return { preset: await editor.updatePreset(actor, restaurant, request.params.presetId, request.body) };
    },
  );
}
