import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { API_KEY_HEADER } from './authentication.js';

type Json = Record<string, unknown>;

/** OpenAPI 3.1 at /openapi.json and a browsable API reference at /docs. */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Interview Service',
        version: '0.1.0',
        description:
          'Create AI-led interviews, read transcripts, evaluations, recordings and logs, and manage signed webhooks. ' +
          `Every /interview and /webhooks route needs the \`${API_KEY_HEADER}\` header.`,
      },
      components: {
        securitySchemes: {
          APIKeyHeader: {
            type: 'apiKey',
            in: 'header',
            name: API_KEY_HEADER,
            description: 'API key `sk_int_...` or an integration secret.',
          },
          OAuth2PasswordBearer: { type: 'oauth2', flows: { password: { tokenUrl: 'token', scopes: {} } } },
        },
      },
      security: [{ APIKeyHeader: [] }, { OAuth2PasswordBearer: [] }],
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    transformSpecification: (spec) => nameSchemas(spec as Json),
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });

  let document: Json | undefined;
  app.get('/openapi.json', { schema: { hide: true } }, async () => {
    document ??= nameSchemas(app.swagger() as unknown as Json);
    return document;
  });
}

/**
 * Moves every schema that carries a `title` (the spec's schema names) into
 * components.schemas and refers to it by $ref, so the document reads like
 * the spec: InterviewDetailsResponse, WebhookEndpointRead, ...
 */
export function nameSchemas(input: Json): Json {
  const document = structuredClone(input);
  const components = (document.components ??= {}) as Json;
  const schemas = (components.schemas ??= {}) as Json;
  const hoist = (node: unknown, isSchemaRoot: boolean): unknown => {
    if (Array.isArray(node)) return node.map((child) => hoist(child, isSchemaRoot));
    if (!node || typeof node !== 'object') return node;
    const object = node as Json;
    for (const [key, value] of Object.entries(object)) {
      // Anything under `properties` is a map of names, not a schema with a title.
      object[key] = key === 'properties' ? mapValues(value as Json, (v) => hoist(v, true)) : hoist(value, key !== 'examples');
    }
    if (isSchemaRoot && typeof object.title === 'string' && ('type' in object || 'anyOf' in object)) {
      schemas[object.title] = object;
      return { $ref: `#/components/schemas/${object.title}` };
    }
    return object;
  };
  for (const key of ['paths', 'webhooks']) {
    if (document[key]) document[key] = hoist(document[key], true);
  }
  return document;
}

function mapValues(object: Json, fn: (value: unknown) => unknown): Json {
  return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, fn(v)]));
}
