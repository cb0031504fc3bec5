import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';

const common: Options = { allErrors: true, removeAdditional: false, useDefaults: true };

/**
 * Request validation with two Ajv instances. A JSON body must come with the types its schema asks
 * for: `{"firstName": 12345}` or `["a"]` for a text is refused, not converted and saved. Query
 * strings, path parameters and headers are text by nature, so there numbers, booleans and a single
 * value for a list (`?status=ACTIVE`) are converted to what the schema asks for.
 */
export function requestValidatorCompiler(): FastifySchemaCompiler<FastifySchema> {
  const body = new Ajv({ ...common, coerceTypes: false });
  const text = new Ajv({ ...common, coerceTypes: 'array' });
  for (const ajv of [body, text]) addFormats.default(ajv);
  return ({ schema, httpPart }) => (httpPart === 'body' ? body : text).compile(schema as object);
}
