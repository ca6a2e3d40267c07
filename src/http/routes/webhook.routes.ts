// Thin routes of the Webhook management API: schema, one service call, the response.

import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ErrorResponse } from '../../common/schema.js';
import type { WebhookService } from '../../webhooks/webhook.service.js';
import {
  DeliveryIdParams,
  DeliveryListQuery,
  EndpointIdParams,
  EndpointListQuery,
  WebhookCatalog,
  WebhookDeliveryRead,
  WebhookEndpointCreate,
  WebhookEndpointCreated,
  WebhookEndpointRead,
  WebhookEndpointUpdate,
  WebhookTestResult,
} from '../../webhooks/webhook.schemas.js';
import { principalOf } from '../authentication.js';
import type { TypedApp } from '../typed-app.js';

const tags = ['webhooks'];
const config = { scope: 'webhooks' as const };
const errors = { 401: ErrorResponse, 403: ErrorResponse, 429: ErrorResponse };
const withNotFound = { ...errors, 404: ErrorResponse };

export function registerWebhookRoutes(fastify: FastifyInstance, webhooks: WebhookService): void {
  const app = fastify as TypedApp;

  app.get('/webhooks/catalog', {
    config,
    schema: { tags, summary: 'Events, signature header and payload contracts with samples', response: { 200: WebhookCatalog, ...errors } },
    handler: async () => webhooks.catalog(),
  });

  app.post('/webhooks/endpoints', {
    config,
    schema: {
      tags,
      summary: 'Register an endpoint; the signing secret is returned once',
      body: WebhookEndpointCreate,
      response: { 201: WebhookEndpointCreated, ...errors },
    },
    handler: async (request, reply) => reply.code(201).send(await webhooks.createEndpoint(principalOf(request), request.body)),
  });

  app.get('/webhooks/endpoints', {
    config,
    schema: {
      tags,
      summary: 'List endpoints, newest first',
      querystring: EndpointListQuery,
      response: { 200: Type.Array(WebhookEndpointRead), ...errors },
    },
    handler: (request) => webhooks.listEndpoints(principalOf(request), request.query),
  });

  app.get('/webhooks/endpoints/:endpoint_id', {
    config,
    schema: { tags, summary: 'Read an endpoint', params: EndpointIdParams, response: { 200: WebhookEndpointRead, ...withNotFound } },
    handler: (request) => webhooks.getEndpoint(principalOf(request), request.params.endpoint_id),
  });

  app.patch('/webhooks/endpoints/:endpoint_id', {
    config,
    schema: {
      tags,
      summary: 'Update an endpoint (omitted fields stay unchanged)',
      params: EndpointIdParams,
      body: WebhookEndpointUpdate,
      response: { 200: WebhookEndpointRead, ...withNotFound },
    },
    handler: (request) => webhooks.updateEndpoint(principalOf(request), request.params.endpoint_id, request.body),
  });

  app.delete('/webhooks/endpoints/:endpoint_id', {
    config,
    schema: {
      tags,
      summary: 'Delete an endpoint (its delivery history is kept)',
      params: EndpointIdParams,
      response: { 204: Type.Null(), ...withNotFound },
    },
    handler: async (request, reply) => {
      await webhooks.deleteEndpoint(principalOf(request), request.params.endpoint_id);
      return reply.code(204).send(null);
    },
  });

  app.post('/webhooks/endpoints/:endpoint_id/rotate-secret', {
    config,
    schema: {
      tags,
      summary: 'Issue a new signing secret; the old one stops at once',
      params: EndpointIdParams,
      response: { 200: WebhookEndpointCreated, ...withNotFound },
    },
    handler: (request) => webhooks.rotateSecret(principalOf(request), request.params.endpoint_id),
  });

  app.post('/webhooks/endpoints/:endpoint_id/test', {
    config,
    schema: {
      tags,
      summary: 'Send a webhook.test event inline',
      params: EndpointIdParams,
      response: { 200: WebhookTestResult, ...withNotFound },
    },
    handler: (request) => webhooks.testEndpoint(principalOf(request), request.params.endpoint_id),
  });

  app.get('/webhooks/deliveries', {
    config,
    schema: {
      tags,
      summary: 'List deliveries, newest first',
      querystring: DeliveryListQuery,
      response: { 200: Type.Array(WebhookDeliveryRead), ...errors },
    },
    handler: (request) => webhooks.listDeliveries(principalOf(request), request.query),
  });

  app.post('/webhooks/deliveries/:delivery_id/redeliver', {
    config,
    schema: {
      tags,
      summary: 'Replay a delivery: new row, original bytes, same event_id',
      params: DeliveryIdParams,
      response: { 200: WebhookDeliveryRead, ...withNotFound },
    },
    handler: (request) => webhooks.redeliver(principalOf(request), request.params.delivery_id),
  });
}
